import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INVOICE_LIMITS as L,
  INVOICE_TITLE_TYPES,
  INVOICE_TYPES,
  PHONE_PATTERN,
  isUnifiedSocialCreditCode,
  type InvoiceRequest as InvoiceRequestBody,
  type InvoiceRequestInput,
  type InvoiceTitleType,
  type InvoiceType,
} from '@think-tank/contracts';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { AppError } from '../../../core/errors/app-error';
import { m, trim } from '../../../core/errors/validation-pipe';
import type { InvoiceRequest } from '../entities/invoice-request.entity';

const special = ValidateIf((o: InvoiceRequestDto) => o.type === 'special');
const personal = (o: InvoiceRequestDto) => o.titleType === 'personal';

/** An invoice request (customer-area: /profile/orders); the same rules as the form's (invoiceErrors). */
export class InvoiceRequestDto implements InvoiceRequestInput {
  @ApiPropertyOptional({
    enum: INVOICE_TITLE_TYPES,
    default: 'company',
    description: 'company: a company’s name and tax number; personal: a person’s name only (contract §12)',
  })
  @IsIn(INVOICE_TITLE_TYPES, m('fieldInvalid'))
  titleType: InvoiceTitleType = 'company';

  @ApiProperty({
    enum: INVOICE_TYPES,
    description: 'normal: 普通发票; special: 增值税专用发票 (companies only)',
  })
  @IsIn(INVOICE_TYPES, m('fieldRequired'))
  @ValidateBy(
    {
      name: 'companyOnly',
      validator: { validate: (v, args) => !(v === 'special' && personal(args!.object as InvoiceRequestDto)) },
    },
    m('specialInvoiceCompanyOnly'),
  )
  type!: InvoiceType;

  @ApiProperty({
    maxLength: L.title,
    example: '杭州鲜达冷链有限公司',
    description: 'the company’s name, or the person’s',
  })
  @trim
  @IsNotEmpty(m('invoiceTitleRequired'))
  @IsString(m('invoiceTitleRequired'))
  @MaxLength(L.title, m('tooLong'))
  title!: string;

  @ApiPropertyOptional({
    description: 'a company’s unified social credit code (18 characters, check digit); none for a person',
    example: '91350100M000100Y43',
  })
  @trim
  @ValidateIf((o: InvoiceRequestDto) => !personal(o))
  @IsString(m('taxNumberInvalid'))
  @ValidateBy(
    {
      name: 'uscc',
      validator: { validate: (v) => typeof v === 'string' && isUnifiedSocialCreditCode(v.toUpperCase()) },
    },
    m('taxNumberInvalid'),
  )
  taxNumber?: string;

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

/** Standard base64, padded: what a browser's FileReader or btoa makes of a file. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** An invoice request as its buyer and support read it: never the PDFs. */
export const toInvoiceBody = (r: InvoiceRequest): InvoiceRequestBody => ({
  id: r.id,
  orderId: r.orderId,
  titleType: r.titleType,
  type: r.type,
  title: r.title,
  taxNumber: r.taxNumber,
  email: r.email,
  address: r.address,
  phone: r.phone,
  bank: r.bank,
  account: r.account,
  status: r.status,
  invoiceNumber: r.invoiceNumber,
  reversalNumber: r.reversalNumber,
  rejectReason: r.rejectReason,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/** The PDF support uploads: base64 of at most INVOICE_LIMITS.pdfBytes that is a PDF; 400 INVALID_PDF otherwise. */
export function decodePdf(base64: string): Buffer {
  if (base64.length > Math.ceil(L.pdfBytes / 3) * 4 || !BASE64.test(base64))
    throw new AppError('INVALID_PDF');
  const pdf = Buffer.from(base64, 'base64');
  if (pdf.length === 0 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new AppError('INVALID_PDF');
  return pdf;
}
