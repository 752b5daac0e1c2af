import type { DemandDetail, StageData } from '@think-tank/contracts';
import { STAGES } from '@think-tank/contracts';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-time';

function badgesOf(data: StageData): ('completed' | 'processing' | 'awaitingPayment' | 'failed')[] {
  return [
    ...(data.status === 'Completed' ? (['completed'] as const) : []),
    ...(data.status === 'Processing' || data.status === 'Queued' ? (['processing'] as const) : []),
    // A stage delivered before its fee was refunded is not waiting for a payment to run.
    ...(data.paymentStatus === 'Pending' && data.status !== 'Completed'
      ? (['awaitingPayment'] as const)
      : []),
    ...(data.status === 'Error' ? (['failed'] as const) : []),
  ];
}

const BADGE_VARIANT = {
  completed: 'success',
  processing: 'info',
  awaitingPayment: 'warning',
  failed: 'danger',
} as const;

/** The five stages, top to bottom, with their state and badges. */
export function Stepper({ demand }: { demand: DemandDetail }) {
  const { t } = useTranslation('workshop');
  return (
    <ol className="list-unstyled border-start ps-3" aria-label="stages">
      {STAGES.map((s, i) => {
        const data = demand.stagesData[s];
        return (
          <li
            key={s}
            className={`mb-3 ${s === demand.currentStage ? 'fw-semibold' : ''}`}
            data-testid={`step-${s}`}
          >
            <div>
              {i + 1}. {t(`stages.${s}`)}{' '}
              <Badge bg="light" text="dark">
                {t(`stageStatus.${data.status}`)}
              </Badge>
            </div>
            <div className="small text-muted fw-normal">{t(`stageMeanings.${s}`)}</div>
            {data.updatedAt && data.status !== 'NotStarted' && (
              <div className="small text-muted fw-normal">
                {t('detail.updatedAt', { time: formatDateTime(data.updatedAt) })}
              </div>
            )}
            <div className="d-flex flex-wrap gap-1">
              {badgesOf(data).map((b) => (
                <Badge
                  key={b}
                  bg={BADGE_VARIANT[b]}
                  text={b === 'awaitingPayment' || b === 'processing' ? 'dark' : undefined}
                >
                  {t(`detail.badges.${b}`)}
                </Badge>
              ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
