import { DEMAND_CONTENT_MAX, type DemandDetail, STAGES } from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { useReviseDemand } from '../api/workshop-api';
import { demandTextRules, illegalContentText } from '../demand-text';

/**
 * "Modify the original demand and regenerate" (contract §8 revise): new content runs Startup again; later stages
 * keep their outputs as history, marked stale. Closed while a stage is queued or running.
 */
export function ReviseForm({ demand }: { demand: DemandDetail }) {
  const { t } = useTranslation('workshop');
  const input = demand.stagesData.Startup.input;
  const [open, setOpen] = useState(false);
  const form = useForm(
    { content: input?.content ?? '', keyValuePoints: input?.keyValuePoints ?? '' },
    demandTextRules,
  );
  const revise = useReviseDemand(demand._id);
  const running = STAGES.some((s) => ['Queued', 'Processing'].includes(demand.stagesData[s].status));
  const send = form.onSubmit(
    async (text) => {
      await revise.trigger(text);
      setOpen(false);
    },
    (err) =>
      illegalContentText(err, t) ??
      errorText(err, t, t('detail.reviseFailed'), { network: t('requirements.network') }),
  );
  // Asked once the text is valid, before it replaces the demand's.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    if (window.confirm(t('detail.reviseConfirm'))) void send(e);
  };

  return (
    <div className="mb-3">
      <Button variant="outline-secondary" size="sm" onClick={() => setOpen(!open)} aria-expanded={open}>
        {t('detail.revise')}
      </Button>
      {open && (
        <Card className="mt-2">
          <Card.Body>
            <Form noValidate onSubmit={submit} aria-label={t('detail.revise')}>
              {(['content', 'keyValuePoints'] as const).map((field) => (
                <FormField
                  key={field}
                  form={form}
                  name={field}
                  id={`revise-${field}`}
                  label={t(`requirements.${field}`)}
                  as="textarea"
                  rows={field === 'content' ? 3 : 2}
                  maxLength={DEMAND_CONTENT_MAX}
                />
              ))}
              {form.error && <Alert variant="danger">{form.error}</Alert>}
              <Button type="submit" disabled={form.submitting || running}>
                {form.submitting ? t('requirements.submitting') : t('detail.reviseSubmit')}
              </Button>
              <Form.Text className="ms-2" muted>
                {running ? t('detail.reviseRunning') : t('detail.reviseHelp')}
              </Form.Text>
            </Form>
          </Card.Body>
        </Card>
      )}
    </div>
  );
}
