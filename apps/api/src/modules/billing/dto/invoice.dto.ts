import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INVOICE_LIMITS as L,
  INVOICE_TYPES,
  PHONE_PATTERN,
  isUnifiedSocialCreditCode,
  type InvoiceRequestInput,
  type InvoiceType,
} from '@think-tank/contracts';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { m, trim } from '../../../core/errors/validation-pipe';

const special = ValidateIf((o: InvoiceRequestDto) => o.type === 'special');

/** An invoice request (customer-area: /profile/orders); the same rules as the form's (invoiceErrors). */
export class InvoiceRequestDto implements InvoiceRequestInput {
  @ApiProperty({ enum: INVOICE_TYPES, description: 'normal: 普通发票; special: 增值税专用发票' })
  @IsIn(INVOICE_TYPES, m('fieldRequired'))
  type!: InvoiceType;

  @ApiProperty({ maxLength: L.title, example: '杭州鲜达冷链有限公司' })
  @trim
  @IsNotEmpty(m('invoiceTitleRequired'))
  @IsString(m('invoiceTitleRequired'))
  @MaxLength(L.title, m('tooLong'))
  title!: string;

  @ApiProperty({
    description: 'the unified social credit code (18 characters, check digit)',
    example: '91350100M000100Y43',
  })
  @trim
  @IsString(m('taxNumberInvalid'))
  @ValidateBy(
    {
      name: 'uscc',
      validator: { validate: (v) => typeof v === 'string' && isUnifiedSocialCreditCode(v.toUpperCase()) },
    },
    m('taxNumberInvalid'),
  )
  taxNumber!: string;

  @ApiProperty({ example: 'finance@example.cn' })
  @trim
  @IsString(m('emailInvalid'))
  @MaxLength(EMAIL_MAX_LENGTH, m('emailInvalid'))
  @Matches(EMAIL_PATTERN, m('emailInvalid'))
  email!: string;

  @ApiPropertyOptional({ maxLength: L.address, description: 'special invoices' })
  @trim
  @special
  @IsNotEmpty(m('fieldRequired'))
  @IsString(m('fieldRequired'))
  @MaxLength(L.address, m('tooLong'))
  address?: string;

  @ApiPropertyOptional({ description: 'special invoices' })
  @trim
  @special
  @IsString(m('phoneInvalid'))
  @MaxLength(20, m('phoneInvalid'))
  @Matches(PHONE_PATTERN, m('phoneInvalid'))
  phone?: string;

  @ApiPropertyOptional({ maxLength: L.bank, description: 'special invoices' })
  @trim
  @special
  @IsNotEmpty(m('fieldRequired'))
  @IsString(m('fieldRequired'))
  @MaxLength(L.bank, m('tooLong'))
  bank?: string;

  @ApiPropertyOptional({ description: 'special invoices: 8–40 digits' })
  @trim
  @special
  @IsString(m('bankAccountInvalid'))
  @Matches(/^[0-9 -]{8,40}$/, m('bankAccountInvalid'))
  account?: string;
}

export class IssueInvoiceDto {
  @ApiProperty({ maxLength: L.invoiceNumber })
  @trim
  @IsNotEmpty(m('fieldRequired'))
  @IsString(m('fieldInvalid'))
  @MaxLength(L.invoiceNumber, m('tooLong'))
  invoiceNumber!: string;

  @ApiProperty({ description: 'the invoice PDF, base64, at most 2 MiB decoded' })
  @IsNotEmpty(m('fieldRequired'))
  @IsString(m('fieldInvalid'))
  pdfBase64!: string;
}

export class RejectInvoiceDto {
  @ApiProperty({ maxLength: L.reasonMax, description: 'shown to the buyer' })
  @trim
  @IsNotEmpty(m('fieldRequired'))
  @IsString(m('fieldInvalid'))
  @MaxLength(L.reasonMax, m('tooLong'))
  reason!: string;
}
