import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PeriodType, type PlanInput } from '@think-tank/contracts';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { invalid, required } from '../../../core/errors/validation-pipe';

const MAX_PRICE = 100_000_000; // one million in major units

/** A list of short texts (benefits: who a plan is for; what it gives is its entitlements). */
function Texts(): PropertyDecorator {
  return (target, key) => {
    ApiProperty({ type: [String] })(target, key);
    IsArray(invalid)(target, key);
    ArrayMaxSize(20, invalid)(target, key);
    IsString({ ...invalid, each: true })(target, key);
    MaxLength(200, { ...invalid, each: true })(target, key);
  };
}

export class PlanInputDto implements PlanInput {
  @ApiProperty({ example: 'pro_monthly', description: 'a stable name: lower-case letters, digits, _' })
  @IsNotEmpty(required)
  @Matches(/^[a-z0-9_]{2,64}$/, invalid)
  code!: string;

  @ApiProperty()
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(100, invalid)
  name!: string;

  @ApiProperty()
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(100, invalid)
  nameEn!: string;

  @Texts() benefits!: string[];
  @Texts() benefitsEn!: string[];

  @ApiProperty({ description: 'fen' })
  @IsInt(invalid)
  @Min(0, invalid)
  @Max(MAX_PRICE, invalid)
  priceCny!: number;

  @ApiProperty({ description: 'cents' })
  @IsInt(invalid)
  @Min(0, invalid)
  @Max(MAX_PRICE, invalid)
  priceUsd!: number;

  @ApiProperty({ enum: Object.values(PeriodType) })
  @IsIn(Object.values(PeriodType), invalid)
  periodType!: PeriodType;

  @ApiProperty({ description: 'higher tiers are offered as upgrades' })
  @IsInt(invalid)
  @Min(1, invalid)
  @Max(100, invalid)
  tier!: number;

  @ApiProperty() @IsBoolean(invalid) isVip!: boolean;

  @ApiPropertyOptional({
    description: 'workshop start-ups without the fee per period of a VIP plan',
    default: 0,
  })
  @IsOptional()
  @IsInt(invalid)
  @Min(0, invalid)
  @Max(1000, invalid)
  vipStartupQuota?: number;

  @ApiProperty({ nullable: true, type: Number, description: 'distinct solutions a day; null: unlimited' })
  @ValidateIf((_, v) => v !== null)
  @IsInt(invalid)
  @Min(1, invalid)
  @Max(10_000, invalid)
  dailyViewLimit!: number | null;

  @ApiProperty({ description: 'percent off workshop stage fees (0–100)' })
  @IsInt(invalid)
  @Min(0, invalid)
  @Max(100, invalid)
  stageFeeDiscount!: number;

  @ApiProperty({ description: 'favourites and history' })
  @IsBoolean(invalid)
  favouritesAndHistory!: boolean;

  @ApiProperty() @IsBoolean(invalid) isValid!: boolean;
  @ApiProperty() @IsBoolean(invalid) popular!: boolean;

  @ApiPropertyOptional({ nullable: true, type: String })
  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, invalid)
  stripePriceId!: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, invalid)
  alipayProductCode!: string | null;

  @ApiProperty()
  @IsInt(invalid)
  @Min(0, invalid)
  @Max(10_000, invalid)
  sortOrder!: number;
}
