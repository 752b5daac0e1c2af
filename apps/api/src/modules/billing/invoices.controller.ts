import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { sendPdf } from '../../core/http/pdf-download';
import { InvoiceRequestDto } from './dto/invoice.dto';
import { InvoicesService } from './invoices.service';

/** A buyer's invoices (发票) for their paid orders (customer-area: /profile/orders). */
@ApiTags('payments')
@ApiBearerAuth()
@Controller('payments/orders/:orderId/invoice')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Post()
  @ApiOperation({
    summary:
      'Ask for an invoice of a paid order (201): normal {type, title, taxNumber, email} or special (+ address, phone, bank, account); 404 for another user’s order, 409 ORDER_NOT_PAID, 409 INVOICE_ALREADY_REQUESTED',
  })
  request(@Param('orderId') orderId: string, @Body() dto: InvoiceRequestDto, @CurrentUser() user: AuthUser) {
    return this.invoices.request(user.id, orderId, dto);
  }

  @Get('pdf')
  @ApiProduces('application/pdf')
  @ApiOperation({
    summary:
      'The issued invoice of the caller’s own order, as a PDF download (also once reversed); 404 before it is issued',
  })
  async pdf(@Param('orderId') orderId: string, @CurrentUser() user: AuthUser, @Res() reply: FastifyReply) {
    return sendPdf(reply, await this.invoices.pdfOf(user.id, orderId));
  }

  @Get('reversal-pdf')
  @ApiProduces('application/pdf')
  @ApiOperation({
    summary:
      'The red-letter invoice (红冲) that cancels the invoice of the caller’s refunded order, as a PDF; 404 until support uploads it',
  })
  async reversalPdf(
    @Param('orderId') orderId: string,
    @CurrentUser() user: AuthUser,
    @Res() reply: FastifyReply,
  ) {
    return sendPdf(reply, await this.invoices.pdfOf(user.id, orderId, true));
  }
}
