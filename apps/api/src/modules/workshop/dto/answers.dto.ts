import { ApiProperty } from '@nestjs/swagger';
import { ANSWER_MAX_LENGTH, QUESTION_IDS, type QuestionId } from '@think-tank/contracts';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsString, MaxLength, ValidateNested } from 'class-validator';
import { invalid, required } from '../../../core/errors/validation-pipe';

export class AnswerDto {
  @ApiProperty({ enum: QUESTION_IDS })
  @IsIn(QUESTION_IDS, invalid)
  id!: QuestionId;

  @ApiProperty({ maxLength: ANSWER_MAX_LENGTH, description: 'empty takes the answer back' })
  @IsString(required)
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(ANSWER_MAX_LENGTH, invalid)
  answer!: string;
}

/** PUT /api/demand-store/:id/answers (contract §12). */
export class AnswersDto {
  @ApiProperty({ type: [AnswerDto] })
  @IsArray(required)
  @ArrayMaxSize(QUESTION_IDS.length, invalid)
  @ValidateNested({ each: true })
  @Type(() => AnswerDto)
  answers!: AnswerDto[];
}
