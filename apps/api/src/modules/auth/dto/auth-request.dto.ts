import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_COMPOSITION,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
  SMS_PURPOSES,
  CONFIRMATION_PURPOSES,
  type ConfirmationCodeRequest,
  type ConfirmationPurpose,
  type AcceptTermsRequest,
  type BindPhoneRequest,
  type SmsCodeRequest,
  type SmsLoginRequest,
  type SmsPurpose,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type EmailChangeRequest,
  type EmailChangeVerifyRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RefreshRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type VerifyEmailRequest,
} from '@think-tank/contracts';
import {
  Equals,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { m, trim } from '../../../core/errors/validation-pipe';

/** Rules listed in priority order, applied as stacked decorators would be (bottom first). */
export const rules =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    [...decorators].reverse().forEach((decorate) => decorate(target, key));

function EmailField(): PropertyDecorator {
  return rules(
    trim,
    IsNotEmpty(m('emailRequired')),
    IsString(m('emailInvalid')),
    MaxLength(EMAIL_MAX_LENGTH, m('emailInvalid')),
    Matches(EMAIL_PATTERN, m('emailInvalid')),
  );
}

/** The password policy of registration and reset (customer-area §5). */
function NewPasswordField(): PropertyDecorator {
  return rules(
    IsNotEmpty(m('passwordRequired')),
    IsString(m('passwordRequired')),
    MinLength(PASSWORD_MIN_LENGTH, m('passwordTooShort')),
    MaxLength(PASSWORD_MAX_LENGTH, m('passwordTooLong')),
    Matches(PASSWORD_COMPOSITION, m('passwordComposition')),
  );
}

function RequiredString(max = 1024): PropertyDecorator {
  return rules(
    IsNotEmpty(m('fieldRequired')),
    IsString(m('fieldInvalid')),
    MaxLength(max, m('fieldInvalid')),
  );
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty({ example: 'li_lei', maxLength: USERNAME_MAX_LENGTH })
  @trim
  @IsNotEmpty(m('usernameRequired'))
  @IsString(m('usernameRequired'))
  @MaxLength(USERNAME_MAX_LENGTH, m('usernameTooLong'))
  @Matches(USERNAME_PATTERN, m('usernameInvalid'))
  username!: string;

  @ApiProperty({ example: 'li@example.cn' })
  @EmailField()
  email!: string;

  @ApiProperty({ example: 'Secr3t!pw', minLength: PASSWORD_MIN_LENGTH })
  @NewPasswordField()
  password!: string;

  @ApiPropertyOptional({
    description:
      'the form’s checkbox: true records the terms and privacy versions in force; false is refused; absent, the user is asked at the first visit',
  })
  @IsOptional()
  @Equals(true, m('termsRequired'))
  acceptedTerms?: boolean;
}

export class AcceptTermsDto implements AcceptTermsRequest {
  @ApiProperty({ description: 'the terms’ version in force (GET /api/site/legal)' })
  @RequiredString(32)
  termsVersion!: string;

  @ApiProperty({ description: 'the privacy policy’s version in force' })
  @RequiredString(32)
  privacyVersion!: string;
}

export class VerifyEmailDto implements VerifyEmailRequest {
  @ApiProperty()
  @EmailField()
  email!: string;

  @ApiProperty({ example: '123456' })
  @trim
  @IsNotEmpty(m('codeLength'))
  @IsString(m('codeLength'))
  @Length(EMAIL_CODE_LENGTH, EMAIL_CODE_LENGTH, m('codeLength'))
  code!: string;
}

export class EmailDto implements ForgotPasswordRequest {
  @ApiProperty()
  @EmailField()
  email!: string;
}

export class LoginDto implements LoginRequest {
  @ApiProperty({ description: 'username or e-mail address' })
  @trim
  @RequiredString(EMAIL_MAX_LENGTH)
  username!: string;

  @ApiProperty()
  @RequiredString(PASSWORD_MAX_LENGTH)
  password!: string;
}

export class RefreshDto implements RefreshRequest {
  @ApiProperty()
  // Generous, so that any wrong token (an access JWT, say) is 401 INVALID_REFRESH_TOKEN rather than a 400.
  @RequiredString(4096)
  refresh_token!: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty()
  @RequiredString(200)
  token!: string;

  @ApiProperty()
  @EmailField()
  email!: string;

  @ApiProperty()
  @NewPasswordField()
  newPassword!: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiPropertyOptional({ description: 'the current password, for an account with one' })
  @IsOptional()
  @RequiredString(PASSWORD_MAX_LENGTH)
  currentPassword?: string;

  @ApiPropertyOptional({
    description:
      'for an account without a password: the set-password code of POST /api/users/me/confirmation-code',
  })
  @IsOptional()
  @RequiredString(16)
  code?: string;

  @ApiProperty()
  @NewPasswordField()
  newPassword!: string;
}

export class EmailChangeDto implements EmailChangeRequest {
  @ApiProperty({ maxLength: EMAIL_MAX_LENGTH })
  @EmailField()
  newEmail!: string;

  @ApiProperty()
  @RequiredString(PASSWORD_MAX_LENGTH)
  password!: string;
}

export class EmailChangeVerifyDto implements EmailChangeVerifyRequest {
  @ApiProperty({ description: 'the code mailed to the new address' })
  @RequiredString(20)
  code!: string;
}

export class DeleteAccountDto implements DeleteAccountRequest {
  @ApiPropertyOptional({ description: 'the password, for an account with one' })
  @IsOptional()
  @RequiredString(PASSWORD_MAX_LENGTH)
  password?: string;

  @ApiPropertyOptional({
    description:
      'for an account without a password: its delete-account code from POST /api/users/me/confirmation-code',
  })
  @IsOptional()
  @RequiredString(16)
  code?: string;
}

export class ExchangeDto {
  @ApiProperty({ description: 'the one-time code of a third-party sign-in callback' })
  @RequiredString(200)
  code!: string;
}

export class SmsCodeDto implements SmsCodeRequest {
  @ApiProperty({
    example: '13800138000',
    description: 'a mainland mobile: the 11 digits, +86 or 86, spaces or dashes',
  })
  @RequiredString(24)
  phone!: string;

  @ApiProperty({
    enum: SMS_PURPOSES,
    description: 'login: sign in or up by the number; bind: bind it to this account',
  })
  @IsIn(SMS_PURPOSES, m('fieldInvalid'))
  purpose!: SmsPurpose;
}

export class SmsLoginDto implements SmsLoginRequest {
  @ApiProperty({ example: '13800138000' })
  @RequiredString(24)
  phone!: string;

  @ApiProperty({ description: 'the 6-digit code texted for `login`' })
  @RequiredString(16)
  code!: string;

  @ApiPropertyOptional({
    description: 'the terms and the privacy policy accepted: needed when the number is new',
  })
  @IsOptional()
  @IsBoolean(m('fieldInvalid'))
  acceptedTerms?: boolean;
}

export class BindPhoneDto implements BindPhoneRequest {
  @ApiProperty({ example: '13800138000' })
  @RequiredString(24)
  phone!: string;

  @ApiProperty({ description: 'the 6-digit code texted for `bind`' })
  @RequiredString(16)
  code!: string;
}

export class ConfirmationCodeDto implements ConfirmationCodeRequest {
  @ApiProperty({ enum: CONFIRMATION_PURPOSES })
  @IsIn(CONFIRMATION_PURPOSES, m('fieldInvalid'))
  purpose!: ConfirmationPurpose;
}

export class WechatStartDto {
  @ApiPropertyOptional({
    description:
      'true inside WeChat’s browser (its User-Agent’s MicroMessenger says the same): the official account’s OAuth',
  })
  @IsOptional()
  @IsBoolean(m('fieldInvalid'))
  inWechat?: boolean;
}
