import {
  INDUSTRIES,
  VIP_APPLICATION_LIMITS,
  vipApplicationErrors,
  WebRoute,
  type Industry,
  type VipApplication,
  type VipApplicationRequest,
} from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Card, Container, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { LinkButton } from '../../../components/LinkButton';
import { PageSpinner } from '../../../components/PageSpinner';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-time';
import { useForm } from '../../../lib/use-form';
import { useMe } from '../api/auth-api';
import { useApplyForVip, useMyVipApplication } from '../api/vip-api';

type Field = keyof VipApplicationRequest;
type Draft = Record<Field, string>;

const EMPTY: Draft = { company: '', contactName: '', phone: '', email: '', industry: '', purpose: '' };

/** The form a user fills in to become VIP, and where the application stands (customer-area: VIP application). */
export default function VipApplicationPage() {
  const { t } = useTranslation('account');
  const me = useMe();
  const mine = useMyVipApplication();
  const alreadyVip = me.data && me.data.role !== 'Free';

  return (
    <Container className="tt-page">
      <Card className="shadow-sm mx-auto" style={{ maxWidth: 720 }}>
        <Card.Body className="p-4">
          <h1 className="h4 mb-2">{t('vip.title')}</h1>
          <p className="text-secondary">{t('vip.intro')}</p>
          {me.isLoading || mine.isLoading ? (
            <PageSpinner label={t('vip.loading')} />
          ) : me.error || mine.error ? (
            <Alert variant="danger">{errorText(me.error ?? mine.error, t, t('vip.loadFailed'))}</Alert>
          ) : alreadyVip ? (
            <Alert variant="success" className="d-flex flex-wrap align-items-center gap-3">
              <span className="flex-grow-1">{t('vip.alreadyVip')}</span>
              <LinkButton to={WebRoute.requirements} size="sm">
                {t('vip.toWorkshop')}
              </LinkButton>
            </Alert>
          ) : mine.data?.application?.status === 'pending' ? (
            <PendingNotice application={mine.data.application} />
          ) : (
            <>
              {mine.data?.application?.status === 'rejected' && (
                <Alert variant="warning">
                  {t('vip.rejected', { reason: mine.data.application.decisionNote ?? '' })}
                </Alert>
              )}
              <ApplicationForm
                initial={mine.data?.application ?? { ...EMPTY, email: me.data?.email ?? '' }}
              />
            </>
          )}
          <div className="mt-4">
            <LinkButton to={WebRoute.profile} variant="outline-secondary" size="sm">
              {t('vip.backToProfile')}
            </LinkButton>
          </div>
        </Card.Body>
      </Card>
    </Container>
  );
}

function PendingNotice({ application }: { application: VipApplication }) {
  const { t } = useTranslation('account');
  const lang = currentLanguage();
  return (
    <Alert variant="info" role="status">
      <Alert.Heading as="h2" className="h6">
        {t('vip.pending')}
      </Alert.Heading>
      <p className="mb-1">{t('vip.pendingSince', { date: formatDate(application.createdAt) })}</p>
      <p className="mb-0 small">
        {application.company} · {INDUSTRIES[application.industry][lang]} · {application.contactName}
      </p>
    </Alert>
  );
}

function ApplicationForm({ initial }: { initial: Draft | VipApplication }) {
  const { t } = useTranslation('account');
  const lang = currentLanguage();
  const { trigger, isMutating } = useApplyForVip();
  const form = useForm<Record<Field, string>>(() => pick(initial), vipApplicationErrors);
  const [error, setError] = useState<string | null>(null);
  const values = form.values;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!form.validate()) return;
    try {
      await trigger({
        company: values.company.trim(),
        contactName: values.contactName.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        industry: values.industry as Industry,
        purpose: values.purpose.trim(),
      });
    } catch (err) {
      form.showServerErrors(err);
      setError(errorText(err, t, t('vip.failed')));
    }
  };

  const input = (name: Exclude<Field, 'industry' | 'purpose'>, type: string, autoComplete: string) => (
    <FormField
      form={form}
      name={name}
      id={`vip-${name}`}
      label={t(`vip.${name}`)}
      required
      md={6}
      type={type}
      autoComplete={autoComplete}
    />
  );

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      <Row>
        {input('company', 'text', 'organization')}
        {input('contactName', 'text', 'name')}
        {input('phone', 'tel', 'tel')}
        {input('email', 'email', 'email')}
      </Row>
      <FormField
        form={form}
        name="industry"
        id="vip-industry"
        label={t('vip.industry')}
        required
        options={
          <>
            <option value="">{t('vip.chooseIndustry')}</option>
            {(Object.keys(INDUSTRIES) as Industry[]).map((id) => (
              <option key={id} value={id}>
                {INDUSTRIES[id][lang]}
              </option>
            ))}
          </>
        }
      />
      <FormField
        form={form}
        name="purpose"
        id="vip-purpose"
        label={t('vip.purpose')}
        required
        as="textarea"
        rows={5}
        placeholder={t('vip.purposePlaceholder')}
        hint={t('vip.purposeCount', {
          count: values.purpose.trim().length,
          max: VIP_APPLICATION_LIMITS.purposeMax,
        })}
      />
      {error && <Alert variant="danger">{error}</Alert>}
      <SubmitButton busy={isMutating} label={t('vip.submit')} busyLabel={t('vip.submitting')} />
    </Form>
  );
}

const pick = (a: Draft | VipApplication): Draft => ({
  company: a.company,
  contactName: a.contactName,
  phone: a.phone,
  email: a.email,
  industry: a.industry,
  purpose: a.purpose,
});
