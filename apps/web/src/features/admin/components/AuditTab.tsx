import { useState } from 'react';
import { Alert, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n';
import { useAudit } from '../api/admin-api';
import { Pager } from '../../../components/Pager';

/** The audit log: who did what to which object, when, with the change. */
export function AuditTab() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const { data, error } = useAudit(page);
  return (
    <>
      {error && <Alert variant="danger">{t('failed')}</Alert>}
      {data && (
        <>
          <Table size="sm" responsive>
            <thead>
              <tr>
                <th>{t('audit.time')}</th>
                <th>{t('audit.actor')}</th>
                <th>{t('audit.action')}</th>
                <th>{t('audit.target')}</th>
                <th>{t('audit.details')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((a) => (
                <tr key={a.id}>
                  <td className="small text-nowrap">
                    {formatDate(a.createdAt)}{' '}
                    {new Date(a.createdAt).toLocaleTimeString('zh-CN', { hour12: false })}
                  </td>
                  <td>{a.actorName ?? a.actorId}</td>
                  <td>{a.action}</td>
                  <td className="small">
                    {a.targetType} {a.targetId}
                  </td>
                  <td className="small text-break" style={{ maxWidth: 360 }}>
                    {Array.isArray(a.details.changed)
                      ? (a.details.changed as string[]).join(', ')
                      : JSON.stringify(a.details).slice(0, 160)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
