import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { StaffConsole } from '../../core/auth/roles.guard';
import { IdPipe } from '../../core/http/id.pipe';
import { sendPdf } from '../../core/http/pdf-download';
import { InvoicesService, IssueInvoiceDto, RejectInvoiceDto } from '../billing';
import { InvoicesQuery } from './dto/admin.dto';

/** Support issues invoices (number and PDF) or refuses them with a reason; every answer is audited and messaged. */
@StaffConsole()
@Controller('admin/invoices')
export class AdminInvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get()
  @ApiOperation({
    summary: 'Invoice requests by status (pending oldest first): {items, total, page, pageSize}',
  })
  list(@Query() q: InvoicesQuery) {
    return this.invoices.list(q.status, q.page, q.pageSize);
  }

  @Post(':id/issue')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Issue: {invoiceNumber, pdfBase64} (a PDF of at most 2 MiB, else 400 INVALID_PDF); 409 APPLICATION_DECIDED once answered',
  })
  issue(@Param('id', IdPipe) id: string, @Body() dto: IssueInvoiceDto, @CurrentUser() user: AuthUser) {
    return this.invoices.issue(user.id, id, dto.invoiceNumber, dto.pdfBase64);
  }

  @Post(':id/reject')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Refuse with the reason the buyer reads; 409 APPLICATION_DECIDED once answered' })
  reject(@Param('id', IdPipe) id: string, @Body() dto: RejectInvoiceDto, @CurrentUser() user: AuthUser) {
    return this.invoices.reject(user.id, id, dto.reason);
  }

  @Post(':id/reverse')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'The red-letter invoice (红冲) of an issued invoice whose order was refunded (status reversal_due): {invoiceNumber, pdfBase64} as for issue; the buyer is told; 409 APPLICATION_DECIDED unless due',
  })
  reverse(@Param('id', IdPipe) id: string, @Body() dto: IssueInvoiceDto, @CurrentUser() user: AuthUser) {
    return this.invoices.reverse(user.id, id, dto.invoiceNumber, dto.pdfBase64);
  }

  @Get(':id/pdf')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: 'An issued invoice’s PDF (also once reversed)' })
  async pdf(@Param('id', IdPipe) id: string, @Res() reply: FastifyReply) {
    return sendPdf(reply, await this.invoices.adminPdf(id));
  }

  @Get(':id/reversal-pdf')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: 'The red-letter invoice’s PDF, once uploaded' })
  async reversalPdf(@Param('id', IdPipe) id: string, @Res() reply: FastifyReply) {
    return sendPdf(reply, await this.invoices.adminPdf(id, true));
  }
}
