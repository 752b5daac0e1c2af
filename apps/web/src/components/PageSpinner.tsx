import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="d-flex flex-column align-items-center justify-content-center py-5 text-secondary"
      role="status"
    >
      <Spinner animation="border" variant="primary" />
      <span className="mt-3">{label ?? t('loading')}</span>
    </div>
  );
}
