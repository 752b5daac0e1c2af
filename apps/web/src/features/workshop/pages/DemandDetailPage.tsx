import {
  formatMoney,
  nextStage,
  STAGES,
  WebRoute,
  type PaymentInstruction,
  type Stage,
  type StageInput,
} from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Button, Card, Col, Container, ProgressBar, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { PageSpinner } from '../../../components/PageSpinner';
import { ApiError } from '../../../lib/api-client';
import {
  initiateDemandStartup,
  initiateStagePayment,
  useAdvanceDemand,
  useDemand,
  useRetryStage,
} from '../api/workshop-api';
import { DemandQuestions } from '../components/DemandQuestions';
import { ShareDialog } from '../components/ShareDialog';
import { EnterStagePanel } from '../components/EnterStagePanel';
import { LivePanel } from '../components/LivePanel';
import { ReviseForm } from '../components/ReviseForm';
import { StageOutputCard } from '../components/StageOutputCard';
import { WordDownload } from '../components/WordDownload';
import { StatusChip } from '../components/StatusChip';
import { Stepper } from '../components/Stepper';
import { pendingStageOrder } from '../../../lib/payments-in-flight';
import { handOff } from '../start-payment';
import { leaveForWechatAuth } from '../../billing';
import { useDemandLive } from '../use-demand-live';
import { errorText } from '../../../lib/error-text';

/** Retry-failure reload (demand-workshop §9). */
const RETRY_FAILURE_RELOAD_MS = 3000;

/** /demand-store/:id: one demand through its five stages, live (demand-workshop §2). */
export default function DemandDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('workshop');
  const { data: demand, error, mutate } = useDemand(id);
  const advancing = useAdvanceDemand(id);
  const retrying = useRetryStage(id);
  const [paying, setPaying] = useState(false);
  const busy = advancing.isMutating || retrying.isMutating || paying;
  const [actionError, setActionError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const live = useDemandLive(id, demand, () => void mutate());

  if (!demand && !error) return <PageSpinner />;
  if (error || !demand)
    return (
      <Container className="py-4">
        <Alert variant="danger">
          {error instanceof ApiError && error.status === 404
            ? t('detail.notFound')
            : errorText(error, t, t('detail.loadFailed'), { network: t('detail.loadFailed') })}
        </Alert>
        <Link to={WebRoute.demandList}>{t('detail.back')}</Link>
      </Container>
    );

  const status = live.liveStatus ?? demand.overallStatus;
  const current = demand.stagesData[demand.currentStage];
  const next = nextStage(demand.currentStage);
  const failedStage = STAGES.find((s) => demand.stagesData[s].status === 'Error');
  const processing = status === 'Processing';

  const pay = async (stage: Stage) => {
    setActionError(null);
    setPaying(true);
    try {
      const res =
        stage === 'Startup'
          ? await initiateDemandStartup(demand._id)
          : await initiateStagePayment(
              demand._id,
              stage,
              demand.stagesData[STAGES[STAGES.indexOf(stage) - 1]].selectedModules.length,
            );
      if ('status' in res) {
        await mutate();
        return setPaying(false);
      }
      if ('clientSecret' in res) throw new Error(t('detail.cardUnsupported'));
      const failed = await handOff(
        res as PaymentInstruction,
        (orderId) => pendingStageOrder.save(demand._id, stage, orderId),
        {
          noForm: t('detail.walletFormFailed'),
          noInstruction: t('detail.noStageInstruction'),
          cancelled: t('detail.paymentCancelled'),
        },
      );
      if (failed) throw new Error(failed);
    } catch (err) {
      if (leaveForWechatAuth(err)) return;
      setPaying(false);
      setActionError(
        err instanceof ApiError
          ? errorText(err, t, t('detail.noStageInstruction'))
          : t('detail.payException', { message: (err as Error).message }),
      );
    }
  };

  const advance = async (input: StageInput) => {
    if (!next || current.status !== 'Completed') return setActionError(t('detail.severe'));
    setActionError(null);
    try {
      const res = await advancing.trigger(input);
      if (res.fee && res.fee.amount > 0) await pay(next);
    } catch (err) {
      setActionError(
        err instanceof ApiError && err.code === 'STAGE_NOT_OPEN'
          ? t('detail.openingClosed')
          : errorText(err, t, t('detail.advanceFailed'), { network: t('detail.advanceFailed') }),
      );
    }
  };

  const retry = async (stage: Stage | undefined) => {
    if (!demand._id) return setActionError(t('detail.retryNoDemand'));
    if (!stage) return setActionError(t('detail.retryNoStage'));
    if (!window.confirm(t('detail.confirmRetry', { stage: t(`stages.${stage}`) }))) return;
    try {
      await retrying.trigger(stage);
    } catch {
      setActionError(t('detail.retryFailed', { stage: t(`stages.${stage}`) }));
      setTimeout(() => void mutate(), RETRY_FAILURE_RELOAD_MS);
    }
  };

  const latestLink = (field: 'prd_url' | 'design_table_html' | 'prd_scene_url' | 'opening_table_html') =>
    [...STAGES]
      .reverse()
      .map((s) => demand.stagesData[s])
      .find((d) => d.status === 'Completed' && d.output?.[field])?.output?.[field];
  const outcomes = (
    [
      ['outcomePrd', latestLink('prd_url')],
      ['outcomeDesignTable', latestLink('design_table_html')],
      ['outcomeShowcase', latestLink('prd_scene_url')],
      ['outcomeOpeningTable', latestLink('opening_table_html')],
    ] as const
  ).filter(([, href]) => href);

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h1 className="h4 mb-0 me-2 text-break">{demand.name}</h1>
        <StatusChip status={status} />
        <div className="ms-auto d-flex flex-wrap gap-2 align-items-center">
          {/* These open what a finished stage wrote: before one, the lab holds nothing. */}
          {STAGES.some((s) => demand.stagesData[s].status === 'Completed') && (
            <>
              <Button variant="outline-primary" size="sm" onClick={() => setSharing(true)}>
                {t('list.share')}
              </Button>
              <WordDownload demandId={demand._id} />
              <LinkButton to={WebRoute.demandLab(demand.labName)} variant="outline-primary" size="sm">
                {t('detail.openLab')}
              </LinkButton>
            </>
          )}
          <LinkButton to={WebRoute.demandList} variant="link" size="sm">
            {t('detail.back')}
          </LinkButton>
        </div>
      </div>
      {processing && <ProgressBar animated now={100} className="mb-3" label={t('detail.processing')} />}
      {failedStage && (
        <Alert
          variant="danger"
          className="d-flex flex-wrap align-items-center gap-2"
          data-testid="error-banner"
        >
          <span className="me-auto">
            {t('detail.errorBanner', {
              stage: t(`stages.${failedStage}`),
              message: demand.stagesData[failedStage].errorMessage || t('detail.unknownError'),
            })}
          </span>
          <Button variant="outline-danger" size="sm" disabled={busy} onClick={() => void retry(failedStage)}>
            {retrying.isMutating ? t('detail.retrying') : t('detail.retry')}
          </Button>
        </Alert>
      )}
      {actionError && (
        <Alert variant="danger" dismissible onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      {outcomes.length > 0 && (
        <Row className="g-2 mb-3" aria-label={t('detail.outcomes')}>
          {outcomes.map(([key, href]) => (
            <Col key={key} xs={12} sm={6} lg={3}>
              <Card className="h-100">
                <Card.Body>
                  <Link to={href!} className="stretched-link">
                    {t(`detail.${key}`)}
                  </Link>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <ShareDialog demandId={sharing ? demand._id : null} onHide={() => setSharing(false)} />
      <LivePanel lines={live.lines} connected={live.connected} />
      <ReviseForm demand={demand} />
      {demand.questions.length > 0 &&
        demand.currentStage === 'Startup' &&
        current.paymentStatus === 'Pending' && (
          <DemandQuestions
            demand={demand}
            onSaved={(questions) => void mutate({ ...demand, questions }, false)}
          />
        )}
      {status === 'PendingInput' && current.paymentStatus === 'Pending' && (
        <Alert
          variant="warning"
          className="d-flex flex-wrap align-items-center gap-2"
          data-testid="awaiting-payment"
        >
          <span className="me-auto">
            {t('detail.awaiting', {
              stage: t(`stages.${demand.currentStage}`),
              price: current.fee ? formatMoney(current.fee) : '',
            })}
          </span>
          <Button disabled={busy} onClick={() => void pay(demand.currentStage)}>
            {paying ? t('detail.paying') : t('detail.payWallet')}
          </Button>
        </Alert>
      )}
      <Row>
        <Col lg={3} className="mb-3">
          <Stepper demand={demand} />
        </Col>
        <Col lg={9}>
          {STAGES.filter(
            (s) => demand.stagesData[s].status === 'Completed' && demand.stagesData[s].output,
          ).map((s) => (
            <StageOutputCard key={s} demandId={demand._id} stage={s} data={demand.stagesData[s]} />
          ))}
          {status === 'Completed' && next && current.status === 'Completed' && !demand.nextStageOpen && (
            // Said before any click: no fee to pay for a stage that may not be entered yet.
            <Alert variant="secondary" data-testid="next-stage-closed">
              {t('detail.nextClosed', { stage: t(`stages.${next}`) })}
            </Alert>
          )}
          {status === 'Completed' && next && current.status === 'Completed' && demand.nextStageOpen && (
            <EnterStagePanel
              demand={demand}
              next={next}
              busy={advancing.isMutating || paying}
              error={null}
              onSubmit={(input) => void advance(input)}
            />
          )}
        </Col>
      </Row>
    </Container>
  );
}
