import { formatMoney, ORDER_STATUSES, PaymentGateway } from '@think-tank/contracts';
import { useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-time';
import { reconcileOrder, refundOrder, useAdminOrders } from '../api/admin-api';
import { useAction } from '../use-action';
import { ActionButton, ActionResult } from './AdminFeedback';
import { PagedTable } from './PagedTable';

/** Orders: filter (by status, gateway, flag), reconcile a pending one with its gateway, refund a paid one (admin). */
export function OrdersTab({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState('');
  const [gateway, setGateway] = useState('');
  const [flagged, setFlagged] = useState(false);
  const [page, setPage] = useState(1);
  const orders = useAdminOrders({ status, gateway, flagged }, page);
  const { mutate } = orders;
  const action = useAction();
  return (
    <>
      <Row className="g-2 mb-2">
        <Col xs="auto">
          <Form.Select
            aria-label={t('orders.status')}
            value={status}
            onChange={(e) => (setStatus(e.target.value), setPage(1))}
          >
            <option value="">{t('all')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`orders.statuses.${s}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs="auto">
          <Form.Select
            aria-label={t('orders.gateway')}
            value={gateway}
            onChange={(e) => (setGateway(e.target.value), setPage(1))}
          >
            <option value="">{t('orders.allGateways')}</option>
            {Object.values(PaymentGateway).map((g) => (
              <option key={g} value={g}>
                {t(`orders.gateways.${g}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs="auto" className="d-flex align-items-center">
          <Form.Check
            id="orders-flagged"
            label={t('orders.flagged')}
            checked={flagged}
            onChange={(e) => (setFlagged(e.target.checked), setPage(1))}
          />
        </Col>
      </Row>
      <ActionResult action={action} />
      <PagedTable
        page={orders}
        hover
        headings={[
          t('orders.created'),
          t('orders.subject'),
          t('orders.amount'),
          t('orders.gateway'),
          t('orders.status'),
        ]}
        actions
        onPage={setPage}
        row={(o) => (
          <tr key={o.id} data-testid="order-row">
            <td className="small">{formatDate(o.createdAt)}</td>
            <td className="small">
              {o.subject}
              <div className="text-muted">{o.id}</div>
              {o.flaggedReason && <div className="text-danger">{o.flaggedReason}</div>}
              {o.refund?.status === 'pending' && (
                <div className="text-warning-emphasis" data-testid="refund-pending">
                  {t('orders.refundPending', { reason: o.refund.reason ?? '' })}
                </div>
              )}
              {o.refund?.status === 'failed' && (
                <div className="text-danger fw-bold" data-testid="refund-failed">
                  {t('orders.refundFailed', { reason: o.refund.reason ?? '' })}
                </div>
              )}
            </td>
            <td>{formatMoney(o)}</td>
            <td>
              {t(`orders.gateways.${o.gateway}`)}
              {o.method && <div className="small text-muted">{t(`orders.methods.${o.method}`)}</div>}
            </td>
            <td>{t(`orders.statuses.${o.status}`)}</td>
            <td className="text-nowrap">
              {o.status === 'pending' && (
                <ActionButton
                  action={action}
                  variant="outline-primary"
                  confirm={t('orders.confirmReconcile', { id: o.id })}
                  run={async () => {
                    const r = await reconcileOrder(o.id);
                    await mutate();
                    return t('orders.reconciled', {
                      status: r.gatewayStatus,
                      result: t(`orders.statuses.${r.order.status}`),
                    });
                  }}
                >
                  {t('orders.reconcile')}
                </ActionButton>
              )}
              {o.status === 'paid' && isAdmin && (
                <ActionButton
                  action={action}
                  variant="outline-danger"
                  confirm={[
                    t('orders.confirmRefund', {
                      id: o.id,
                      amount: formatMoney(o),
                      gateway: t(`orders.gateways.${o.gateway}`),
                    }),
                    // What the refund takes back of a workshop stage (contract §11).
                    ...(o.delivered === null
                      ? []
                      : [t(o.delivered ? 'orders.stageDelivered' : 'orders.stageNotDelivered')]),
                    // What a plan's period was used for, and what its refund takes back (contract §12).
                    ...(o.planUse
                      ? [
                          t('orders.planUse', {
                            views: o.planUse.views,
                            startups: o.planUse.startups,
                            stages: o.planUse.stagesWaived,
                            fees: formatMoney(o.planUse.feesWaived),
                          }),
                        ]
                      : []),
                  ].join('\n')}
                  run={async () => {
                    // A refusal is recorded on the order too (its reason shows in the list).
                    const done = await refundOrder(o.id).finally(() => void mutate());
                    return t(done.refund?.status === 'pending' ? 'orders.refundQueued' : 'orders.refunded');
                  }}
                >
                  {t('orders.refund')}
                </ActionButton>
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
}
