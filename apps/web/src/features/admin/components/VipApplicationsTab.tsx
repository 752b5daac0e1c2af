import {
  INDUSTRIES,
  VIP_APPLICATION_LIMITS,
  VIP_APPLICATION_STATUSES,
  type AdminVipApplication,
} from '@think-tank/contracts';
import { useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { relativeTime } from '../../../lib/format-time';
import { decideVipApplication, useVipApplications } from '../api/admin-api';
import { useAction } from '../use-action';
import { StatusList } from './StatusList';

const VARIANT = { pending: 'warning', approved: 'success', rejected: 'secondary' } as const;

/**
 * VIP applications: pending ones oldest first; reject with a reason, or (an admin) approve: the user becomes VIP,
 * a role change, which is an admin's act (contract §9).
 */
export function VipApplicationsTab({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState('pending');
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useVipApplications(status, page);
  const action = useAction();
  return (
    <StatusList
      label={t('vip.status')}
      status={status}
      statuses={VIP_APPLICATION_STATUSES}
      statusText={(s) => t(`vip.statuses.${s}`)}
      onStatus={(s) => (setStatus(s), setPage(1))}
      action={action}
      data={data}
      error={error}
      headings={[
        t('vip.applicant'),
        t('vip.company'),
        t('vip.purpose'),
        t('vip.submitted'),
        t('vip.decision'),
      ]}
      row={(a) => (
        <ApplicationRow
          key={a.id}
          application={a}
          action={action}
          canApprove={isAdmin}
          onDecided={() => void mutate()}
        />
      )}
      onPage={setPage}
    />
  );
}

function ApplicationRow({
  application: a,
  action,
  canApprove,
  onDecided,
}: {
  application: AdminVipApplication;
  action: ReturnType<typeof useAction>;
  canApprove: boolean;
  onDecided: () => void;
}) {
  const { t } = useTranslation('admin');
  const [note, setNote] = useState('');
  const [needsReason, setNeedsReason] = useState(false);
  const user = a.username || a.userId;
  const decide = (how: 'approve' | 'reject') => {
    if (how === 'reject' && !note.trim()) return setNeedsReason(true);
    setNeedsReason(false);
    void action.run(t(how === 'approve' ? 'vip.confirmApprove' : 'vip.confirmReject', { user }), async () => {
      await decideVipApplication(a.id, how, note.trim());
      onDecided();
      return t(how === 'approve' ? 'vip.approved' : 'vip.rejected', { user });
    });
  };
  return (
    <tr data-testid="vip-application-row">
      <td className="small">
        <strong>{a.username}</strong>
        <div className="text-muted">{a.email}</div>
      </td>
      <td className="small">
        {a.company}
        <div className="text-muted">
          {INDUSTRIES[a.industry][currentLanguage()]} · {a.contactName} · {a.phone}
        </div>
      </td>
      <td className="small" style={{ maxWidth: 320, whiteSpace: 'pre-wrap' }}>
        {a.purpose}
      </td>
      <td className="small">{relativeTime(a.createdAt)}</td>
      <td className="small" style={{ minWidth: 220 }}>
        <Badge bg={VARIANT[a.status]} className="mb-1">
          {t(`vip.statuses.${a.status}`)}
        </Badge>
        {a.decisionNote && <div className="text-muted">{a.decisionNote}</div>}
        {a.status === 'pending' && (
          <>
            <Form.Control
              size="sm"
              className="my-1"
              aria-label={t('vip.note')}
              placeholder={t('vip.note')}
              maxLength={VIP_APPLICATION_LIMITS.noteMax}
              value={note}
              isInvalid={needsReason}
              onChange={(e) => setNote(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{t('vip.reasonRequired')}</Form.Control.Feedback>
            <div className="d-flex gap-1 mt-1">
              {canApprove && (
                <Button size="sm" variant="success" disabled={action.busy} onClick={() => decide('approve')}>
                  {t('vip.approve')}
                </Button>
              )}
              <Button
                size="sm"
                variant="outline-danger"
                disabled={action.busy}
                onClick={() => decide('reject')}
              >
                {t('vip.reject')}
              </Button>
            </div>
            {!canApprove && <div className="text-muted mt-1">{t('vip.approveIsAdmins')}</div>}
          </>
        )}
      </td>
    </tr>
  );
}
