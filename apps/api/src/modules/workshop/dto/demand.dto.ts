import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  DEMAND_CONTENT_MAX,
  DEMAND_NAME_MAX,
  KEY_VALUE_POINTS_MIN,
  OVERALL_STATUSES,
  SECURITY_LEVELS,
  STAGE_INPUT_TEXT_MAX,
  STAGES,
  type Language,
  type OverallStatus,
  type SecurityLevel,
  type Stage,
} from '@think-tank/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { invalid, required } from '../../../core/errors/validation-pipe';
import { MAX_PAGE, QueryInt } from '../../../core/http/page-query';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The demand itself: what register, the VIP channel and revise take. */
export class DemandContentDto {
  @ApiProperty({ maxLength: DEMAND_CONTENT_MAX })
  @IsString(required)
  @Transform(trim)
  @IsNotEmpty(required)
  @MaxLength(DEMAND_CONTENT_MAX, invalid)
  content!: string;

  @ApiProperty({ description: `longer than ${KEY_VALUE_POINTS_MIN} characters after trimming` })
  @IsString(required)
  @Transform(trim)
  @MinLength(KEY_VALUE_POINTS_MIN + 1, { message: 'keyValuePointsTooShort' })
  @MaxLength(DEMAND_CONTENT_MAX, invalid)
  keyValuePoints!: string;
}

export class DemandRequestDto extends DemandContentDto {
  @ApiProperty({ maxLength: DEMAND_NAME_MAX })
  @IsString(required)
  @Transform(trim)
  @IsNotEmpty(required)
  @MaxLength(DEMAND_NAME_MAX, invalid)
  name!: string;

  @ApiPropertyOptional({
    enum: ['zh', 'en'],
    description: 'the language of the generated outputs; by default the language the demand is written in',
  })
  @IsOptional()
  @IsIn(['zh', 'en'], invalid)
  outputLanguage?: Language;
}

const text = () => [IsOptional(), IsString(invalid), MaxLength(STAGE_INPUT_TEXT_MAX, invalid)];
const apply =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

/** What the user gives when entering a stage (demand-workshop §3); files arrive as their text. */
export class StageInputDto {
  @ApiPropertyOptional() @apply(...text()) dataCollection?: string;
  @ApiPropertyOptional() @apply(...text()) dataCollectionFile?: string;
  @ApiPropertyOptional() @apply(...text()) dataFormat?: string;
  @ApiPropertyOptional() @apply(...text()) dataFormatFile?: string;
  @ApiPropertyOptional() @apply(...text()) dataProcessing?: string;
  @ApiPropertyOptional() @apply(...text()) dataProcessingFile?: string;
  @ApiPropertyOptional() @apply(...text()) genericInput?: string;

  @ApiPropertyOptional() @IsOptional() @IsBoolean(invalid) transactionalDesign?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean(invalid) mechanismLearningDesign?: boolean;

  @ApiPropertyOptional({ enum: SECURITY_LEVELS })
  @IsOptional()
  @IsIn(SECURITY_LEVELS, invalid)
  securityLevel?: SecurityLevel;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray(invalid)
  @ArrayMaxSize(50, invalid)
  @IsString({ ...invalid, each: true })
  @MaxLength(200, { ...invalid, each: true })
  selected_modules_from_previous?: string[];
}

export class AdvanceDto {
  @ApiPropertyOptional({ type: StageInputDto })
  @IsOptional()
  @IsObject(invalid)
  @ValidateNested()
  @Type(() => StageInputDto)
  stageInput?: StageInputDto;
}

export class StageDataDto {
  @ApiProperty({ description: 'The stage output as edited (contract §8 shapes)' })
  @IsObject(invalid)
  output!: Record<string, unknown>;

  @ApiProperty({ description: 'Modules selected for the next stage, identified by name' })
  @IsArray(invalid)
  @ArrayMaxSize(50, invalid)
  selectedModules!: unknown[];
}

/** The owner's list, a page at a time (contract §11): at most 50 demands a call. */
export const DEMAND_PAGE_SIZE = 50;

export class DemandListQuery {
  @QueryInt(1, MAX_PAGE, 1)
  page: number = 1;

  @QueryInt(1, DEMAND_PAGE_SIZE, DEMAND_PAGE_SIZE)
  pageSize: number = DEMAND_PAGE_SIZE;

  @ApiPropertyOptional({ enum: STAGES }) @IsOptional() @IsIn(STAGES, invalid) stage?: Stage;

  @ApiPropertyOptional({ description: 'only demands whose name contains this text', maxLength: 100 })
  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, invalid)
  query?: string;

  @ApiPropertyOptional({ enum: OVERALL_STATUSES })
  @IsOptional()
  @IsIn(OVERALL_STATUSES, invalid)
  status?: OverallStatus;
}

export class StageQuery {
  @ApiProperty({ enum: STAGES }) @IsIn(STAGES, required) stage!: Stage;
}

export class ExportQuery {
  @ApiPropertyOptional({ enum: STAGES, description: 'one stage; every finished stage without it' })
  @IsOptional()
  @IsIn(STAGES, invalid)
  stage?: Stage;
}

export class EventsQuery {
  @QueryInt(0, Number.MAX_SAFE_INTEGER, undefined, 'Only events with a greater id')
  after?: number;
}

export class InitiateDemandStartupDto {
  @ApiProperty() @IsUUID('all', invalid) demandId!: string;
  @ApiPropertyOptional({ enum: ['alipay', 'stripe', 'wechatpay'] })
  @IsOptional()
  @IsIn(['alipay', 'stripe', 'wechatpay'], invalid)
  paymentGateway?: 'alipay' | 'stripe' | 'wechatpay';
}

export class InitiateStagePaymentDto extends InitiateDemandStartupDto {
  @ApiProperty({ enum: STAGES }) @IsIn(STAGES, invalid) stageToPayFor!: Stage;
  @ApiPropertyOptional({ description: 'Informational; the server charges its own fee' })
  @IsOptional()
  @IsString(invalid)
  paymentItemType?: string;
  @ApiPropertyOptional({ description: 'Ignored: the server counts the modules it recorded' })
  @IsOptional()
  @IsInt(invalid)
  selectedModulesCount?: number;
}
