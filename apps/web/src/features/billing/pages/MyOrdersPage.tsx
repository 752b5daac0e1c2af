import { WebRoute, type MyOrder, type OrderStatus } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Container, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { AccountNav } from '../../../components/AccountNav';
import { Link } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { Pager } from '../../../components/Pager';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format-time';
import { useMe } from '../../../lib/use-me';
import { cancelPendingOrder, downloadOrderInvoice, payPendingOrder, useMyOrders } from '../api/billing-api';
import { followPaymentInstruction, HandoffError, leaveForWechatAuth } from '../payment-handoff';
import { InvoiceRequestForm } from '../components/InvoiceRequestForm';

const STATUS_VARIANT: Record<OrderStatus, string> = {
  pending: 'secondary',
  paid: 'success',
  failed: 'danger',
  canceled: 'secondary',
  refunded: 'warning',
  agreement_active: 'success',
};

/** /profile/orders: what the user bought, newest first, each linked to what it bought. */
export default function MyOrdersPage() {
  const { t } = useTranslation('billing');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useMyOrders(page);
  const me = useMe();
  const [asking, setAsking] = useState<MyOrder | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Container className="py-4" style={{ maxWidth: 960 }}>
      <AccountNav />
      <div className="d-flex align-items-center mb-3">
        <h1 className="h4 mb-0 me-auto">{t('orders.title')}</h1>
        <Link to={WebRoute.profile}>{t('orders.back')}</Link>
      </div>
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {problem && (
        <Alert variant="danger" dismissible onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {asking && (
        <InvoiceRequestForm
          order={asking}
          email={me.data?.email ?? ''}
          onClose={() => setAsking(null)}
          onSent={() => {
            setAsking(null);
            setNotice(t('invoice.sent'));
            void mutate();
          }}
        />
      )}
      {isLoading && <PageSpinner />}
      {error && <Alert variant="danger">{errorText(error, t, t('orders.loadFailed'))}</Alert>}
      {data && data.items.length === 0 && <Alert variant="secondary">{t('orders.empty')}</Alert>}
      {data && data.items.length > 0 && (
        <>
          <Table responsive hover size="sm">
            <thead>
              <tr>
                <th>{t('orders.item')}</th>
                <th>{t('orders.amount')}</th>
                <th>{t('orders.gateway')}</th>
                <th>{t('orders.status')}</th>
                <th>{t('orders.date')}</th>
                <th>{t('orders.invoice')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((o) => (
                <tr key={o.id} data-testid="my-order">
                  <td>{o.link ? <Link to={o.link}>{o.subject}</Link> : o.subject}</td>
                  <td className="text-nowrap">{o.displayPrice}</td>
                  <td>{t(`orders.gateways.${o.gateway}`)}</td>
                  <td>
                    <Badge bg={STATUS_VARIANT[o.status]}>{t(`orders.statuses.${o.status}`)}</Badge>
                    {o.status === 'pending' && (
                      <PendingActions order={o} onCanceled={() => void mutate()} onError={setProblem} />
                    )}
                  </td>
                  <td className="text-nowrap">{formatDate(o.paidAt ?? o.createdAt)}</td>
                  <td>
                    <InvoiceCell order={o} onAsk={() => setAsking(o)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      )}
    </Container>
  );
}

/** A pending order: pay it as it is (the same order at its gateway), or give it up. */
function PendingActions({
  order,
  onCanceled,
  onError,
}: {
  order: MyOrder;
  onCanceled: () => void;
  onError: (text: string) => void;
}) {
  const { t } = useTranslation('billing');
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<void>, failed: string) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (leaveForWechatAuth(err)) return;
      onError(
        err instanceof HandoffError && err.reason === 'cancelled'
          ? t('checkout.wechatCancelled')
          : errorText(err, t, failed),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="d-flex gap-1 mt-1">
      <Button
        size="sm"
        disabled={busy}
        onClick={() =>
          void act(
            async () => followPaymentInstruction(await payPendingOrder(order.id)),
            t('orders.payFailed'),
          )
        }
      >
        {t('orders.pay')}
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={busy}
        onClick={() =>
          window.confirm(t('orders.confirmCancel', { subject: order.subject })) &&
          void act(async () => {
            await cancelPendingOrder(order.id);
            onCanceled();
          }, t('orders.cancelFailed'))
        }
      >
        {t('orders.cancel')}
      </Button>
    </div>
  );
}

const INVOICE_VARIANT = {
  pending: 'info',
  issued: 'success',
  rejected: 'danger',
  closed: 'secondary',
  reversal_due: 'warning',
  reversed: 'secondary',
} as const;

/**
 * An order's invoice: ask for one (paid orders), where the request stands, or the issued PDF to download (kept once
 * a refund reversed it, beside the red-letter invoice that cancels it).
 */
function InvoiceCell({ order, onAsk }: { order: MyOrder; onAsk: () => void }) {
  const { t } = useTranslation('billing');
  const [error, setError] = useState<string | null>(null);
  const invoice = order.invoice;
  const canAsk = order.status === 'paid' && (!invoice || invoice.status === 'rejected');
  const download = async (file: 'pdf' | 'reversal-pdf', number: string | null) => {
    setError(null);
    try {
      await downloadOrderInvoice(order.id, file, number);
    } catch (err) {
      setError(errorText(err, t, t('invoice.downloadFailed')));
    }
  };
  const issued = invoice && ['issued', 'reversal_due', 'reversed'].includes(invoice.status);
  return (
    <div className="small">
      {invoice && (
        <Badge bg={INVOICE_VARIANT[invoice.status]} className="me-1">
          {t(`invoice.statuses.${invoice.status}`)}
        </Badge>
      )}
      {invoice?.status === 'rejected' && <div className="text-danger">{invoice.rejectReason}</div>}
      {issued && (
        <Button
          size="sm"
          variant="outline-success"
          className="mt-1"
          onClick={() => void download('pdf', invoice.invoiceNumber)}
        >
          {t('invoice.download', { number: invoice.invoiceNumber })}
        </Button>
      )}
      {invoice?.status === 'reversal_due' && <div className="text-muted">{t('invoice.reversalDue')}</div>}
      {invoice?.status === 'reversed' && (
        <Button
          size="sm"
          variant="outline-secondary"
          className="mt-1 ms-1"
          onClick={() => void download('reversal-pdf', invoice.reversalNumber)}
        >
          {t('invoice.downloadReversal', { number: invoice.reversalNumber })}
        </Button>
      )}
      {canAsk && (
        <Button size="sm" variant="outline-primary" className="mt-1" onClick={onAsk}>
          {invoice ? t('invoice.askAgain') : t('invoice.ask')}
        </Button>
      )}
      {error && <div className="text-danger">{error}</div>}
    </div>
  );
}
