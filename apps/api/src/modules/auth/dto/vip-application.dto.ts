import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INDUSTRIES,
  PHONE_PATTERN,
  VIP_APPLICATION_LIMITS as L,
  type Industry,
  type VipApplicationRequest,
} from '@think-tank/contracts';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { m, trim } from '../../../core/errors/validation-pipe';

/** The VIP application form (customer-area: /profile/vip-application); the same rules as the form's own. */
export class VipApplicationDto implements VipApplicationRequest {
  @ApiProperty({ maxLength: L.company, example: '杭州鲜达冷链有限公司' })
  @trim
  @IsNotEmpty(m('companyRequired'))
  @IsString(m('companyRequired'))
  @MaxLength(L.company, m('tooLong'))
  company!: string;

  @ApiProperty({ maxLength: L.contactName, example: '王芳' })
  @trim
  @IsNotEmpty(m('contactNameRequired'))
  @IsString(m('contactNameRequired'))
  @MaxLength(L.contactName, m('tooLong'))
  contactName!: string;

  @ApiProperty({ maxLength: L.phone, example: '138 0013 8000' })
  @trim
  @IsString(m('phoneInvalid'))
  @MaxLength(L.phone, m('phoneInvalid'))
  @Matches(PHONE_PATTERN, m('phoneInvalid'))
  phone!: string;

  @ApiProperty({ example: 'wang@example.cn' })
  @trim
  @IsString(m('emailInvalid'))
  @MaxLength(EMAIL_MAX_LENGTH, m('emailInvalid'))
  @Matches(EMAIL_PATTERN, m('emailInvalid'))
  email!: string;

  @ApiProperty({ enum: Object.keys(INDUSTRIES) })
  @IsIn(Object.keys(INDUSTRIES), m('industryRequired'))
  industry!: Industry;

  @ApiProperty({ minLength: L.purposeMin, maxLength: L.purposeMax })
  @trim
  @IsString(m('purposeTooShort'))
  @MinLength(L.purposeMin, m('purposeTooShort'))
  @MaxLength(L.purposeMax, m('tooLong'))
  purpose!: string;
}

/** Support's decision: a note with an approval, the reason of a rejection. */
export class VipApprovalDto {
  @ApiPropertyOptional({ maxLength: L.noteMax })
  @trim
  @IsOptional()
  @IsString(m('fieldInvalid'))
  @MaxLength(L.noteMax, m('tooLong'))
  note?: string;
}

export class VipRejectionDto {
  @ApiProperty({ maxLength: L.noteMax, description: 'the reason, shown to the applicant' })
  @trim
  @IsNotEmpty(m('fieldRequired'))
  @IsString(m('fieldInvalid'))
  @MaxLength(L.noteMax, m('tooLong'))
  note!: string;
}
