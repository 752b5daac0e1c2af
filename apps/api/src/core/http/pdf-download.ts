import type { FastifyReply } from 'fastify';
import { DOCUMENT_CSP } from './security-headers';

/** A stored PDF (an invoice) as a download that never renders with the app's origin. */
export function sendPdf(reply: FastifyReply, { pdf, invoiceNumber }: { pdf: Buffer; invoiceNumber: string }) {
  return reply
    .type('application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="invoice-${invoiceNumber.replace(/[^\w-]/g, '_')}.pdf"`,
    )
    .header('content-security-policy', DOCUMENT_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
