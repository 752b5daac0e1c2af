import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-time';
import { useAudit } from '../api/admin-api';
import { PagedTable } from './PagedTable';

/** The audit log: who did what to which object, when, with the change. */
export function AuditTab() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      page={useAudit(page)}
      headings={[t('audit.time'), t('audit.actor'), t('audit.action'), t('audit.target'), t('audit.details')]}
      onPage={setPage}
      row={(a) => (
        <tr key={a.id}>
          <td className="small text-nowrap">
            {formatDate(a.createdAt)} {new Date(a.createdAt).toLocaleTimeString('zh-CN', { hour12: false })}
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
      )}
    />
  );
}
