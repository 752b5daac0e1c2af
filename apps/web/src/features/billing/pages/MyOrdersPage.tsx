import { WebRoute, type OrderStatus } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Badge, Container, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { Pager } from '../../../components/Pager';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/i18n';
import { useMyOrders } from '../api/billing-api';

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
  const { data, error, isLoading } = useMyOrders(page);
  return (
    <Container className="py-4" style={{ maxWidth: 960 }}>
      <div className="d-flex align-items-center mb-3">
        <h1 className="h4 mb-0 me-auto">{t('orders.title')}</h1>
        <Link to={WebRoute.profile}>{t('orders.back')}</Link>
      </div>
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
                  </td>
                  <td className="text-nowrap">{formatDate(o.paidAt ?? o.createdAt)}</td>
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
