import type { DemandEventPayload, Stage } from '@think-tank/contracts';
import { useEffect, useRef } from 'react';
import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A line of the live panel: a stored or pushed event, or a system notice of the page itself. */
export type LiveLine = Pick<DemandEventPayload, 'messageType' | 'message' | 'details' | 'timestamp'> & {
  key: string;
  stage: Stage | null;
};

const TYPE_VARIANT: Record<string, string> = {
  IMPORTANT: 'primary',
  DETAIL: 'secondary',
  WARNING: 'warning',
  ERROR: 'danger',
  COMPLETED: 'success',
};

const clock = (iso: string) =>
  new Intl.DateTimeFormat('zh-CN', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date(iso));

/** The live message panel (demand-workshop §2): 250 px high, newest at the bottom, kept in view. */
export function LivePanel({ lines, connected }: { lines: LiveLine[]; connected: boolean }) {
  const { t } = useTranslation('workshop');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollTo({ top: box.current.scrollHeight });
  }, [lines.length]);
  return (
    <Card className="mb-4">
      <Card.Header className="d-flex justify-content-between align-items-center">
        <span>{t('detail.live')}</span>
        <Badge bg={connected ? 'success' : 'secondary'} data-testid="live-connection">
          {connected ? t('detail.connected') : t('detail.disconnected')}
        </Badge>
      </Card.Header>
      <div
        ref={box}
        className="font-monospace small p-2"
        style={{ maxHeight: 250, overflowY: 'auto' }}
        // A scrolling log: focusable, so that a keyboard can scroll it too.
        tabIndex={0}
        role="log"
        aria-label={t('detail.live')}
        data-testid="live-panel"
      >
        {lines.length === 0 && <div className="text-muted">{t('detail.liveEmpty')}</div>}
        {lines.map((l) => (
          <div key={l.key} className="mb-1">
            <span className="text-muted">{clock(l.timestamp)}</span>{' '}
            <span>[{l.stage ? t(`stages.${l.stage}`) : t('detail.system')}]</span>{' '}
            <Badge
              bg={TYPE_VARIANT[l.messageType] ?? 'secondary'}
              text={l.messageType === 'WARNING' ? 'dark' : undefined}
            >
              {t(`detail.types.${l.messageType}`)}
            </Badge>{' '}
            <span>{l.message}</span>
            {l.details && <div className="text-muted ms-4 text-break">{l.details}</div>}
          </div>
        ))}
      </div>
    </Card>
  );
}
