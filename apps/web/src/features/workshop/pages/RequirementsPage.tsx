import {
  DEMAND_CONTENT_MAX,
  formatMoney,
  Role,
  STAGE_FEES,
  WebRoute,
  type Language,
} from '@think-tank/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Card, Col, Container, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { flash } from '../../../lib/flash';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { TabStrip } from '../../../components/TabStrip';
import { useForm } from '../../../lib/use-form';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { useMe } from '../../../lib/use-me';
import { fetchOrderStatus, usePaymentOptions } from '../../billing';
import { initiateDemandStartup, registerDemand, startWithVipQuota } from '../api/workshop-api';
import { demandTextRules, illegalContentText } from '../demand-text';
import { pendingStartup } from '../../../lib/payments-in-flight';
import { handOff } from '../start-payment';
import { leaveForWechatAuth } from '../../billing';
import { errorText } from '../../../lib/error-text';

/** Fields that help the user think but are not sent (demand-workshop §3, form-only fields). */
const FORM_ONLY = [
  'coverage',
  'dataSources',
  'extraction',
  'algorithm',
  'trainingData',
  'intelligence',
] as const;

/** Plain Bootstrap tabs: every panel stays mounted, so nothing typed is lost when switching. */
const TABS = ['basic', 'extended', 'data'] as const;
/** What the form holds: what is sent, and the form-only notes and entry mode. */
type Field = 'content' | 'keyValuePoints' | 'outputLanguage' | 'entryMode' | (typeof FORM_ONLY)[number];

const now = () =>
  new Intl.DateTimeFormat('zh-CN', { dateStyle: 'short', timeStyle: 'short', hour12: false }).format(
    new Date(),
  );

/** /requirements: submit a demand, then pay its start-up fee or spend a VIP start-up (demand-workshop §2). */
export default function RequirementsPage() {
  const { t } = useTranslation('workshop');
  const { role } = useSession();
  const navigate = useNavigate();
  const carried = (useLocation().state as { keywords?: string } | null)?.keywords?.trim() ?? '';
  // VIP as the server has it now: support may have made the user VIP, or the user bought the VIP plan.
  const { data: me } = useMe();
  const vip = me ? me.isVip : role === Role.Vip;
  // A VIP with no start-ups left pays the start-up fee like anyone: told before submitting, not at the cashier.
  const startupsLeft = me?.allowances.vipStartupsLeft ?? null;
  const quota = vip && startupsLeft !== 0;
  const { data: options } = usePaymentOptions();
  const paymentAvailable = !options || options.alipay || options.sandbox || !!options.stripePublishableKey;

  const form = useForm<Record<Field, string>>(
    () => ({
      content: carried,
      keyValuePoints: '',
      outputLanguage: '',
      entryMode: 'manual',
      ...(Object.fromEntries(FORM_ONLY.map((k) => [k, ''])) as Record<(typeof FORM_ONLY)[number], string>),
    }),
    demandTextRules,
  );
  const { content, keyValuePoints, outputLanguage } = form.values;
  const [tab, setTab] = useState<(typeof TABS)[number]>('basic');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  // Back from the wallet: how did the start-up payment end? (demand-workshop §4) Asked once, by the visit the
  // payment returns to: a later visit, to submit another demand, is not sent to the old one.
  useEffect(() => {
    const pending = pendingStartup.take();
    if (!pending) return;
    fetchOrderStatus(pending.orderId).then(
      (order) => {
        if (order.status === 'pending') return setInfo(t('requirements.pendingWaiting'));
        if (order.status === 'paid' && order.redirectUrl && order.demandId === pending.demandId) {
          flash.show(t('requirements.pendingPaid'));
          navigate(order.redirectUrl);
        } else setError(t('requirements.pendingFailed', { status: order.status }));
      },
      () => setError(t('requirements.statusFailed', { id: pending.orderId })),
    );
  }, [navigate, t]);

  const leaveForPayment = async (instruction: Parameters<typeof handOff>[0], demandId: string) => {
    const failed = await handOff(instruction, (orderId) => pendingStartup.save({ orderId, demandId }), {
      noForm: t('requirements.formFailed'),
      noInstruction: t('requirements.noInstruction'),
      cancelled: t('requirements.paymentCancelled'),
    });
    if (failed) {
      setError(failed);
      setBusy(false);
    }
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!form.validate()) return;
    const body = {
      // Named without the account's username: an order subject keeps the name after the account is gone (§12).
      name: t('requirements.nameTemplate', { time: now() }),
      content,
      keyValuePoints,
      ...(outputLanguage ? { outputLanguage: outputLanguage as Language } : {}),
    };
    setBusy(true);
    try {
      if (vip) {
        const res = await startWithVipQuota(body);
        if (res.success) return navigate(res.redirectTo || WebRoute.demand(res.demandId));
        if (!('type' in res)) throw new Error(t('requirements.vipNoPayment'));
        return leaveForPayment(res, res.demandId);
      }
      const registered = await registerDemand(body);
      // With questions, the demand's page asks them first, beside its pay button (contract §12).
      if (!registered.needsPayment || registered.questions.length)
        return navigate(WebRoute.demand(registered.demandId));
      const instruction = await initiateDemandStartup(registered.demandId).catch((err: unknown) => {
        throw new StartupPaymentError(err);
      });
      await leaveForPayment(instruction, registered.demandId);
    } catch (err) {
      if (leaveForWechatAuth(err instanceof StartupPaymentError ? err.cause : err)) return;
      setBusy(false);
      setError(submitError(err));
    }
  }

  function submitError(err: unknown): string {
    const cause = err instanceof StartupPaymentError ? err.cause : err;
    const illegal = illegalContentText(cause, t);
    if (illegal) return illegal;
    if (cause instanceof ApiError && cause.code === 'PAYMENT_UNAVAILABLE')
      return t('requirements.unavailable');
    const fallback =
      err instanceof StartupPaymentError
        ? t('requirements.initiateFailed')
        : vip
          ? t('requirements.vipFailed')
          : t('requirements.registerFailed');
    if (cause instanceof Error && !(cause instanceof ApiError)) return cause.message || fallback;
    return errorText(cause, t, fallback, { network: t('requirements.network') });
  }

  const note = (key: (typeof FORM_ONLY)[number]) => (
    <FormField
      form={form}
      name={key}
      id={`req-${key}`}
      label={t(`requirements.${key}`)}
      as="textarea"
      rows={2}
    />
  );

  return (
    <Container className="py-4">
      <Row className="justify-content-center">
        <Col lg={9}>
          <div className="d-flex justify-content-between align-items-center mb-3">
            <h1 className="h3 mb-0">{t('requirements.title')}</h1>
            <Link to={WebRoute.demandList}>{t('requirements.listLink')}</Link>
          </div>
          <Alert variant="warning">{t('requirements.warning')}</Alert>
          {carried && <Alert variant="info">{t('requirements.prefilled', { keywords: carried })}</Alert>}
          {info && <Alert variant="info">{info}</Alert>}
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          <Card>
            <Card.Body>
              <Form noValidate onSubmit={submit}>
                <TabStrip
                  tabs={TABS}
                  active={tab}
                  label={(key) => t(`requirements.tabs.${key}`)}
                  onSelect={setTab}
                />
                <div role="tabpanel" hidden={tab !== 'basic'}>
                  {(
                    [
                      ['content', 'req-content', 6],
                      ['keyValuePoints', 'req-kvp', 3],
                    ] as const
                  ).map(([name, id, rows]) => (
                    <FormField
                      key={name}
                      form={form}
                      name={name}
                      id={id}
                      label={t(`requirements.${name}`)}
                      as="textarea"
                      rows={rows}
                      maxLength={DEMAND_CONTENT_MAX}
                      hint={t(`requirements.${name}Help`)}
                    />
                  ))}
                  <FormField
                    form={form}
                    name="outputLanguage"
                    id="req-language"
                    label={t('requirements.outputLanguage')}
                    options={
                      <>
                        <option value="">{t('requirements.outputLanguages.auto')}</option>
                        <option value="zh">中文</option>
                        <option value="en">English</option>
                      </>
                    }
                  />
                </div>
                <div role="tabpanel" hidden={tab !== 'extended'}>
                  <Form.Text as="p" muted>
                    {t('requirements.formOnly')}
                  </Form.Text>
                  <FormField
                    form={form}
                    name="entryMode"
                    id="req-entry"
                    label={t('requirements.entryMode')}
                    options={
                      <>
                        <option value="manual">{t('requirements.entryModes.manual')}</option>
                        <option value="import">{t('requirements.entryModes.import')}</option>
                      </>
                    }
                  />
                  {note('coverage')}
                  {note('dataSources')}
                </div>
                <div role="tabpanel" hidden={tab !== 'data'}>
                  <Form.Text as="p" muted>
                    {t('requirements.formOnly')}
                  </Form.Text>
                  {note('extraction')}
                  {note('algorithm')}
                  {note('trainingData')}
                  {note('intelligence')}
                </div>

                {vip && startupsLeft === 0 ? (
                  <Alert variant="warning" data-testid="vip-no-startups">
                    {t('requirements.vipNoneLeft', { price: formatMoney(STAGE_FEES.startup) })}
                  </Alert>
                ) : (
                  <p className="text-muted small">
                    {quota
                      ? startupsLeft === null
                        ? t('requirements.vipFree')
                        : t('requirements.vipLeft', { count: startupsLeft })
                      : t('requirements.startupFee', { price: formatMoney(STAGE_FEES.startup) })}
                  </p>
                )}
                {!quota && !paymentAvailable && (
                  <Alert variant="secondary">{t('requirements.unavailable')}</Alert>
                )}
                <SubmitButton
                  busy={busy}
                  disabled={!quota && !paymentAvailable}
                  label={quota ? t('requirements.submitVip') : t('requirements.submit')}
                  busyLabel={t('requirements.submitting')}
                />
              </Form>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}

/** The demand was registered but its start-up payment could not be started. */
class StartupPaymentError extends Error {
  constructor(override readonly cause: unknown) {
    super('startup payment');
  }
}
