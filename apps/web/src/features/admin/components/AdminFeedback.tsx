import type { ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
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

/** A row's small button for a confirmed action: asks `confirm`, runs `run` and waits while any action runs. */
export function ActionButton({
  action,
  confirm,
  run,
  variant,
  children,
}: {
  action: ReturnType<typeof useAction>;
  confirm: string;
  run: () => Promise<string>;
  variant: 'outline-primary' | 'outline-danger';
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant={variant} disabled={action.busy} onClick={() => void action.run(confirm, run)}>
      {children}
    </Button>
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

/** An editor's save, cancel and (for a saved item) delete buttons; save and delete wait while an action runs. */
export function EditorActions({
  busy,
  onCancel,
  onDelete,
}: {
  busy: boolean;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="d-flex gap-2">
      <Button type="submit" disabled={busy}>
        {t('save')}
      </Button>
      <Button variant="outline-secondary" onClick={onCancel}>
        {t('cancel')}
      </Button>
      {onDelete && (
        <Button variant="outline-danger" className="ms-auto" disabled={busy} onClick={onDelete}>
          {t('delete')}
        </Button>
      )}
    </div>
  );
}
