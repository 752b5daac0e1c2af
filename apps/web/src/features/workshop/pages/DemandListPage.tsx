import {
  OVERALL_STATUSES,
  STAGES,
  WebRoute,
  type DemandEventPayload,
  type DemandListItem,
  type OverallStatus,
  type Stage,
} from '@think-tank/contracts';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Container, Dropdown, Form, InputGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { Pager } from '../../../components/Pager';
import { PageSpinner } from '../../../components/PageSpinner';
import { relativeTime } from '../../../lib/format-time';
import {
  archiveDemand,
  deleteDemand,
  revalidateDemandLists,
  unarchiveDemand,
  useDemands,
} from '../api/workshop-api';
import { DEMAND_PAGE_SIZE } from '../api/workshop-keys';
import { ShareDialog } from '../components/ShareDialog';
import { StatusChip } from '../components/StatusChip';
import { useDemandEvents } from '../use-demand-events';
import { errorText } from '../../../lib/error-text';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

/** The longest name search the API takes (contract §11's bounded cost). */
const DEMAND_QUERY_MAX = 100;

const CARD_ACTIONS = { archive: archiveDemand, unarchive: unarchiveDemand, delete: deleteDemand };
/** What a card's menu does: one of the calls above, or opening the share dialog. */
type CardAction = keyof typeof CARD_ACTIONS | 'share';

/** /demand-list and /demand-store: the user's demands as cards, filtered by the query string. */
export default function DemandListPage() {
  const { t } = useTranslation('workshop');
  const [params, setParams] = useSearchParams();
  const stage = oneOf(STAGES, params.get('stage'));
  const status = oneOf(OVERALL_STATUSES, params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = (params.get('q') ?? '').slice(0, DEMAND_QUERY_MAX);
  const [typed, setTyped] = useState(query);
  useEffect(() => setTyped(query), [query]);
  const { data: answer, error, isLoading, mutate } = useDemands(stage, status, page, query);
  const data = answer?.items;
  const [actionError, setActionError] = useState<string | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);

  const live = (data ?? []).filter(
    (d) => d.overallStatus === 'Processing' || d.overallStatus === 'PendingInput',
  );
  useDemandEvents(
    live.map((d) => d._id),
    (e: DemandEventPayload) => {
      // Progress marks the card processing at once; an end reloads the list (demand-workshop §4).
      if (e.event !== 'demand_progress') return void mutate();
      void mutate(
        (list) =>
          list && {
            ...list,
            items: list.items.map((d) =>
              d._id === e.demandId
                ? {
                    ...d,
                    overallStatus: 'Processing' as const,
                    currentStage: e.stage,
                    updatedAt: e.timestamp,
                  }
                : d,
            ),
          },
        { revalidate: false },
      );
    },
  );

  // A new filter starts again at its first page.
  const filter = (key: 'stage' | 'status' | 'page' | 'q', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };

  async function act(demand: DemandListItem, action: CardAction) {
    setActionError(null);
    if (action === 'share') return setSharing(demand._id);
    if (action === 'delete' && !window.confirm(t('list.confirmDelete', { name: demand.name }))) return;
    try {
      await CARD_ACTIONS[action](demand._id);
      await revalidateDemandLists();
    } catch (err) {
      const fallback = t(`list.${action}Failed`);
      setActionError(errorText(err, t, fallback, { network: fallback }));
    }
  }

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">{t('list.title')}</h1>
        <LinkButton to={WebRoute.newRequirement}>{t('list.new')}</LinkButton>
      </div>
      <Row className="g-2 mb-3">
        <Col xs={12} md={6}>
          <Form
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              filter('q', typed.trim());
            }}
          >
            <InputGroup>
              <Form.Control
                type="search"
                aria-label={t('list.search')}
                placeholder={t('list.searchPlaceholder')}
                maxLength={DEMAND_QUERY_MAX}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
              <Button type="submit" variant="outline-primary">
                {t('list.searchButton')}
              </Button>
            </InputGroup>
          </Form>
        </Col>
        <Col xs={6} md={3}>
          <Form.Select
            aria-label={t('list.stage')}
            value={stage ?? ''}
            onChange={(e) => filter('stage', e.target.value)}
          >
            <option value="">{t('list.allOf', { label: t('list.stage') })}</option>
            {STAGES.map((s) => (
              <option key={s} value={s}>
                {t(`stages.${s}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} md={3}>
          <Form.Select
            aria-label={t('list.status')}
            value={status ?? ''}
            onChange={(e) => filter('status', e.target.value)}
          >
            <option value="">{t('list.allOf', { label: t('list.status') })}</option>
            {OVERALL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`overall.${s}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
      </Row>
      {actionError && <Alert variant="danger">{actionError}</Alert>}
      {isLoading ? (
        <PageSpinner />
      ) : error ? (
        <Alert variant="danger">
          {errorText(error, t, t('list.loadFailed'), { network: t('list.loadFailed') })}
        </Alert>
      ) : !data?.length && page === 1 && query ? (
        <Alert variant="light" className="text-center">
          {t('list.noMatch', { query })}
        </Alert>
      ) : !data?.length && page === 1 ? (
        <Alert variant="light" className="text-center">
          <p>{t('list.empty')}</p>
          <Link to={WebRoute.newRequirement}>{t('list.emptyAction')}</Link>
        </Alert>
      ) : (
        <>
          <Row className="g-3">
            {data?.map((d) => (
              <Col key={d._id} xs={12} md={6} lg={4}>
                <DemandCard demand={d} onAction={(a) => void act(d, a)} />
              </Col>
            ))}
          </Row>
          {answer && (answer.total > DEMAND_PAGE_SIZE || page > 1) && (
            <div className="mt-3">
              <Pager
                page={page}
                pageSize={DEMAND_PAGE_SIZE}
                total={answer.total}
                onPage={(p) => filter('page', p > 1 ? String(p) : '')}
              />
            </div>
          )}
        </>
      )}
      <ShareDialog demandId={sharing} onHide={() => setSharing(null)} />
    </Container>
  );
}

function DemandCard({
  demand,
  onAction,
}: {
  demand: DemandListItem;
  onAction: (action: CardAction) => void;
}) {
  const { t } = useTranslation('workshop');
  return (
    <Card className="h-100 shadow-sm" data-testid="demand-card">
      <Card.Body className="d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <Card.Title as="h2" className="h6 mb-0 text-break">
            <Link to={WebRoute.demand(demand._id)} className="stretched-link text-decoration-none">
              {demand.name}
            </Link>
          </Card.Title>
          {/* Above the stretched link, so the menu opens instead of the demand. */}
          <Dropdown align="end" className="position-relative" style={{ zIndex: 2 }}>
            <Dropdown.Toggle variant="light" size="sm" aria-label={t('list.menu')}>
              ⋯
            </Dropdown.Toggle>
            <Dropdown.Menu>
              <Dropdown.Item as="button" onClick={() => onAction('share')}>
                {t('list.share')}
              </Dropdown.Item>
              {demand.overallStatus === 'Archived' ? (
                <Dropdown.Item as="button" onClick={() => onAction('unarchive')}>
                  {t('list.unarchive')}
                </Dropdown.Item>
              ) : (
                <Dropdown.Item as="button" onClick={() => onAction('archive')}>
                  {t('list.archive')}
                </Dropdown.Item>
              )}
              <Dropdown.Item as="button" className="text-danger" onClick={() => onAction('delete')}>
                {t('list.delete')}
              </Dropdown.Item>
            </Dropdown.Menu>
          </Dropdown>
        </div>
        <p className="text-muted small mb-2 flex-grow-1">{demand.content.slice(0, 80)}</p>
        <div className="d-flex flex-wrap gap-2 align-items-center small">
          <StatusChip status={demand.overallStatus as OverallStatus} />
          <span>{t('list.currentStage', { stage: t(`stages.${demand.currentStage as Stage}`) })}</span>
          {demand.demandType === 'companion' && (
            <span className="text-muted">{t('demandType.companion')}</span>
          )}
        </div>
        <div className="text-muted small mt-2">
          {t('list.updated', { time: relativeTime(demand.updatedAt) })}
        </div>
      </Card.Body>
    </Card>
  );
}
