import type { MessageItem } from '@think-tank/contracts';
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { Badge, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../lib/use-session';
import { relativeTime } from '../../../lib/format-time';
import { fetchMessages, markAllRead, markRead } from '../api/messages-api';
import { useNotifications } from '../use-notifications';

/** Panel size and the distance from the bottom that loads the next page (customer-area §9). */
const PANEL = { width: 360, maxHeight: 450, loadWithin: 100 };
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The bell with the unread badge and its panel of messages (customer-area §2). */
export default function NotificationBell() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const { token } = useSession();
  const { unread, pushed, readOne, readAll, reconnecting } = useNotifications(token);
  const [open, setOpen] = useState(false);
  const [pages, setPages] = useState<{ items: MessageItem[]; page: number; last: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [read, setRead] = useState<Set<string>>(new Set());
  const [marking, setMarking] = useState<'idle' | 'pending' | 'failed'>('idle');
  const holder = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const load = useCallback(async (page: number) => {
    setLoading(true);
    try {
      const answer = await fetchMessages(page);
      setPages((p) => ({
        items: page === 1 ? answer.messages : [...(p?.items ?? []), ...answer.messages],
        page,
        last: answer.pages,
      }));
    } finally {
      setLoading(false);
    }
  }, []);

  // Opening the panel starts again from page 1.
  useEffect(() => {
    if (open) void load(1);
  }, [open, load]);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !holder.current?.contains(e.target as Node) && setOpen(false);
    // By keyboard: the panel takes the focus when it opens, and Escape closes it and gives it back to the bell.
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      bell.current?.focus();
    };
    panel.current?.focus();
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (
      !loading &&
      pages &&
      pages.page < pages.last &&
      el.scrollHeight - el.scrollTop - el.clientHeight < PANEL.loadWithin
    )
      void load(pages.page + 1);
  };

  const choose = async (m: MessageItem) => {
    if (m.readStatus === 'unread' && !read.has(m._id)) {
      setRead((s) => new Set(s).add(m._id));
      readOne();
      await markRead(m._id).catch(() => undefined);
    }
    if (m.actionUrl) {
      setOpen(false);
      void navigate(m.actionUrl);
    }
  };

  const fetched = pages?.items ?? [];
  const items = [...pushed.filter((m) => !fetched.some((f) => f._id === m._id)), ...fetched];

  // Those shown now turn read; one pushed afterwards arrives unread, as it is.
  const chooseAll = async () => {
    setMarking('pending');
    try {
      await markAllRead();
      setRead(new Set(items.map((m) => m._id)));
      readAll();
      setMarking('idle');
    } catch {
      setMarking('failed');
    }
  };
  return (
    <div className="position-relative me-md-2" ref={holder}>
      <button
        ref={bell}
        type="button"
        className="btn btn-link nav-link position-relative px-2"
        aria-label={t('notifications.bell', { count: unread })}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <svg width="20" height="20" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
          <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2M8 1.918l-.797.161A4 4 0 0 0 4 6c0 .628-.134 2.197-.459 3.742-.16.767-.376 1.566-.663 2.258h10.244c-.287-.692-.502-1.49-.663-2.258C12.134 8.197 12 6.628 12 6a4 4 0 0 0-3.203-3.92zM14.22 12c.223.447.481.801.78 1H1c.299-.199.557-.553.78-1C2.68 10.2 3 6.88 3 6c0-2.42 1.72-4.44 4.005-4.901a1 1 0 1 1 1.99 0A5 5 0 0 1 13 6c0 .88.32 4.2 1.22 6" />
        </svg>
        {reconnecting && (
          <span
            className="position-absolute bottom-0 end-0 p-1 bg-secondary border border-light rounded-circle"
            title={t('notifications.reconnecting')}
            data-testid="bell-reconnecting"
          >
            <span className="visually-hidden">{t('notifications.reconnecting')}</span>
          </span>
        )}
        {unread > 0 && (
          <Badge
            bg="danger"
            pill
            className="position-absolute top-0 start-100 translate-middle"
            data-testid="unread-badge"
          >
            {badgeText(unread)}
          </Badge>
        )}
      </button>
      {open && (
        <div
          className="position-absolute end-0 mt-1 bg-white border rounded shadow overflow-auto"
          style={{ width: PANEL.width, maxWidth: '90vw', maxHeight: PANEL.maxHeight, zIndex: 1050 }}
          onScroll={onScroll}
          role="dialog"
          aria-label={t('notifications.title')}
          ref={panel}
          tabIndex={-1}
        >
          <div className="d-flex align-items-center justify-content-between px-3 py-1 border-bottom">
            <span className="fw-bold py-1">{t('notifications.title')}</span>
            <button
              type="button"
              className="btn btn-link btn-sm px-0"
              disabled={unread === 0 || marking === 'pending'}
              onClick={() => void chooseAll()}
            >
              {marking === 'pending' && (
                <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
              )}
              {t('notifications.markAllRead')}
            </button>
          </div>
          {marking === 'failed' && (
            <div className="px-3 py-2 border-bottom small text-danger" role="alert">
              {t('notifications.markAllFailed')}
            </div>
          )}
          {reconnecting && (
            <div
              className="px-3 py-2 border-bottom small bg-warning-subtle"
              role="status"
              data-testid="bell-offline"
            >
              {t('notifications.reconnecting')}
            </div>
          )}
          {items.length === 0 && !loading && (
            <div className="p-3 text-secondary text-center">{t('notifications.empty')}</div>
          )}
          <ul className="list-unstyled mb-0">
            {items.map((m) => {
              const unreadRow = m.readStatus === 'unread' && !read.has(m._id);
              return (
                <li key={m._id}>
                  <button
                    type="button"
                    className={`btn w-100 text-start rounded-0 border-bottom px-3 py-2 ${unreadRow ? 'fw-bold bg-primary-subtle' : ''}`}
                    data-unread={unreadRow}
                    onClick={() => void choose(m)}
                  >
                    <div>{m.title}</div>
                    <div className={`small ${unreadRow ? '' : 'text-secondary'}`}>{m.content}</div>
                    <div className="small text-secondary fw-normal">{relativeTime(m.createdAt)}</div>
                  </button>
                </li>
              );
            })}
          </ul>
          {loading && (
            <div className="text-center p-2">
              <Spinner animation="border" size="sm" />
            </div>
          )}
          {!loading && items.length > 0 && pages && pages.page >= pages.last && (
            <div className="p-2 text-center small text-secondary">{t('notifications.noMore')}</div>
          )}
        </div>
      )}
    </div>
  );
}
