import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Previous / next over a paged list ({items, total, page, pageSize}), with where the reader is. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="d-flex align-items-center gap-2 small">
      <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </Button>
      <span>{t('pager.pageOf', { page, pages, total })}</span>
      <Button size="sm" variant="outline-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </div>
  );
}
