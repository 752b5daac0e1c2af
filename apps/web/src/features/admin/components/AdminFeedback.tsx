import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { useAction } from '../use-action';

/** What the last confirmed action came to, until dismissed. */
export function ActionResult({ action }: { action: ReturnType<typeof useAction> }) {
  if (!action.result) return null;
  return (
    <Alert variant={action.result.ok ? 'success' : 'danger'} dismissible onClose={action.clear}>
      {action.result.text}
    </Alert>
  );
}

/** The row an empty admin list shows. */
export function EmptyRow({ when, colSpan = 1 }: { when: boolean; colSpan?: number }) {
  const { t } = useTranslation('admin');
  if (!when) return null;
  return (
    <tr>
      <td colSpan={colSpan} className="text-muted">
        {t('empty')}
      </td>
    </tr>
  );
}
