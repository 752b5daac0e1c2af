import type { OverallStatus } from '@think-tank/contracts';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The overall status as a chip in the spec's colours (demand-workshop §4). */
const VARIANT: Record<OverallStatus, string> = {
  Processing: 'info',
  Completed: 'success',
  PendingInput: 'warning',
  Error: 'danger',
  Archived: 'secondary',
};

export function StatusChip({ status }: { status: OverallStatus }) {
  const { t } = useTranslation('workshop');
  return (
    <Badge
      pill
      bg={VARIANT[status]}
      text={status === 'PendingInput' || status === 'Processing' ? 'dark' : undefined}
    >
      {t(`overall.${status}`)}
    </Badge>
  );
}
