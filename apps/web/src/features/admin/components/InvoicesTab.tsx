import { INVOICE_LIMITS, INVOICE_STATUSES, type AdminInvoiceRequest } from '@think-tank/contracts';
import { useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../../lib/format-time';
import {
  downloadInvoicePdf,
  issueInvoice,
  rejectInvoice,
  reverseInvoice,
  useInvoiceRequests,
} from '../api/admin-api';
import { useAction } from '../use-action';
import { StatusList } from './StatusList';

const VARIANT = {
  pending: 'warning',
  issued: 'success',
  rejected: 'secondary',
  closed: 'secondary',
  reversal_due: 'danger',
  reversed: 'secondary',
} as const;

/** A file's bytes as base64 (what the issue call carries). */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * Invoice requests: pending ones oldest first; issue with the number and the PDF, or refuse with a reason. An issued
 * invoice whose order was refunded is due its red-letter reversal (红冲): its number and PDF are uploaded the same way.
 */
export function InvoicesTab() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState('pending');
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useInvoiceRequests(status, page);
  const action = useAction();
  return (
    <StatusList
      label={t('invoices.status')}
      status={status}
      statuses={INVOICE_STATUSES}
      statusText={(s) => t(`invoices.statuses.${s}`)}
      onStatus={(s) => (setStatus(s), setPage(1))}
      action={action}
      data={data}
      error={error}
      headings={[
        t('invoices.buyer'),
        t('invoices.order'),
        t('invoices.details'),
        t('invoices.submitted'),
        t('invoices.answer'),
      ]}
      row={(r) => <RequestRow key={r.id} request={r} action={action} onAnswered={() => void mutate()} />}
      onPage={setPage}
    />
  );
}

function RequestRow({
  request: r,
  action,
  onAnswered,
}: {
  request: AdminInvoiceRequest;
  action: ReturnType<typeof useAction>;
  onAnswered: () => void;
}) {
  const { t } = useTranslation('admin');
  const [number, setNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'pdf' | 'reason' | null>(null);
  const user = r.username || r.userId;

  const reversing = r.status === 'reversal_due';
  /** Issues the invoice, or uploads the red-letter one that reverses it: a number and a PDF either way. */
  const upload = () => {
    const fits = file && file.size <= INVOICE_LIMITS.pdfBytes && /pdf$/i.test(file.type || file.name);
    if (!number.trim() || !fits) return setProblem('pdf');
    setProblem(null);
    const values = { user, number: number.trim(), invoice: r.invoiceNumber };
    const confirm = t(reversing ? 'invoices.confirmReverse' : 'invoices.confirmIssue', values);
    void action.run(confirm, async () => {
      const body = { invoiceNumber: number.trim(), pdfBase64: await base64Of(file) };
      await (reversing ? reverseInvoice(r.id, body) : issueInvoice(r.id, body));
      onAnswered();
      return t(reversing ? 'invoices.reversed' : 'invoices.issued', values);
    });
  };
  const reject = () => {
    if (!reason.trim()) return setProblem('reason');
    setProblem(null);
    void action.run(t('invoices.confirmReject', { user }), async () => {
      await rejectInvoice(r.id, reason.trim());
      onAnswered();
      return t('invoices.rejected', { user });
    });
  };

  return (
    <tr data-testid="invoice-row">
      <td className="small">
        <strong>{r.username}</strong>
        <div className="text-muted">{r.email}</div>
      </td>
      <td className="small">
        {r.orderSubject}
        <div className="text-muted">{r.displayPrice}</div>
      </td>
      <td className="small">
        {t(`invoices.types.${r.type}`)} · {r.title}
        <div className="text-muted">{r.titleType === 'personal' ? t('invoices.personal') : r.taxNumber}</div>
        {r.type === 'special' && (
          <div className="text-muted">
            {r.address} · {r.phone} · {r.bank} · {r.account}
          </div>
        )}
      </td>
      <td className="small">{relativeTime(r.createdAt)}</td>
      <td className="small" style={{ minWidth: 260 }}>
        <Badge bg={VARIANT[r.status]} className="mb-1">
          {t(`invoices.statuses.${r.status}`)}
        </Badge>
        {r.invoiceNumber && <span className="ms-1">{r.invoiceNumber}</span>}
        {r.reversalNumber && <span className="ms-1 text-danger">{r.reversalNumber}</span>}
        {r.rejectReason && <div className="text-muted">{r.rejectReason}</div>}
        {r.invoiceNumber && (
          <Button
            size="sm"
            variant="link"
            onClick={() => void downloadInvoicePdf(r.id, false, r.invoiceNumber)}
          >
            {t('invoices.download')}
          </Button>
        )}
        {r.reversalNumber && (
          <Button
            size="sm"
            variant="link"
            onClick={() => void downloadInvoicePdf(r.id, true, r.reversalNumber)}
          >
            {t('invoices.downloadReversal')}
          </Button>
        )}
        {reversing && <div className="text-danger">{t('invoices.reversalDue')}</div>}
        {(r.status === 'pending' || reversing) && (
          <>
            <Form.Control
              size="sm"
              className="my-1"
              aria-label={t(reversing ? 'invoices.reversalNumber' : 'invoices.number')}
              placeholder={t(reversing ? 'invoices.reversalNumber' : 'invoices.number')}
              maxLength={INVOICE_LIMITS.invoiceNumber}
              value={number}
              onChange={(e) => (setNumber(e.target.value), setProblem(null))}
            />
            <Form.Control
              size="sm"
              type="file"
              accept="application/pdf"
              aria-label={t(reversing ? 'invoices.reversalPdf' : 'invoices.pdf')}
              onChange={(e) => (setFile((e.target as HTMLInputElement).files?.[0] ?? null), setProblem(null))}
            />
            {problem === 'pdf' && <div className="text-danger">{t('invoices.pdfRequired')}</div>}
            <Button
              size="sm"
              variant={reversing ? 'danger' : 'success'}
              className="my-1"
              disabled={action.busy}
              onClick={upload}
            >
              {t(reversing ? 'invoices.reverse' : 'invoices.issue')}
            </Button>
          </>
        )}
        {r.status === 'pending' && (
          <>
            <Form.Control
              size="sm"
              aria-label={t('invoices.reason')}
              placeholder={t('invoices.reason')}
              maxLength={INVOICE_LIMITS.reasonMax}
              value={reason}
              onChange={(e) => (setReason(e.target.value), setProblem(null))}
            />
            {problem === 'reason' && <div className="text-danger">{t('invoices.reasonRequired')}</div>}
            <Button
              size="sm"
              variant="outline-danger"
              className="mt-1"
              disabled={action.busy}
              onClick={reject}
            >
              {t('invoices.reject')}
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}
