import { DEMAND_CONTENT_MAX, type DemandDetail, STAGES } from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useReviseDemand } from '../api/workshop-api';
import { demandTextProblems, illegalContentText } from '../demand-text';

/**
 * "Modify the original demand and regenerate" (contract §8 revise): new content runs Startup again; later stages
 * keep their outputs as history, marked stale. Closed while a stage is queued or running.
 */
export function ReviseForm({ demand }: { demand: DemandDetail }) {
  const { t } = useTranslation('workshop');
  const input = demand.stagesData.Startup.input;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState({
    content: input?.content ?? '',
    keyValuePoints: input?.keyValuePoints ?? '',
  });
  const [tried, setTried] = useState(false);
  const revise = useReviseDemand(demand._id);
  const busy = revise.isMutating;
  const [error, setError] = useState<string | null>(null);
  const running = STAGES.some((s) => ['Queued', 'Processing'].includes(demand.stagesData[s].status));
  const problems = demandTextProblems(text, t);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problems.content || problems.keyValuePoints) return;
    if (!window.confirm(t('detail.reviseConfirm'))) return;
    setError(null);
    try {
      await revise.trigger(text);
      setOpen(false);
      setTried(false);
    } catch (err) {
      setError(
        illegalContentText(err, t) ??
          errorText(err, t, t('detail.reviseFailed'), { network: t('requirements.network') }),
      );
    }
  };

  return (
    <div className="mb-3">
      <Button variant="outline-secondary" size="sm" onClick={() => setOpen(!open)} aria-expanded={open}>
        {t('detail.revise')}
      </Button>
      {open && (
        <Card className="mt-2">
          <Card.Body>
            <Form noValidate onSubmit={(e) => void submit(e)} aria-label={t('detail.revise')}>
              {(['content', 'keyValuePoints'] as const).map((field) => (
                <Form.Group key={field} className="mb-2" controlId={`revise-${field}`}>
                  <Form.Label>{t(`requirements.${field}`)}</Form.Label>
                  <Form.Control
                    as="textarea"
                    rows={field === 'content' ? 3 : 2}
                    maxLength={DEMAND_CONTENT_MAX}
                    value={text[field]}
                    isInvalid={tried && !!problems[field]}
                    onChange={(e) => setText({ ...text, [field]: e.target.value })}
                  />
                  <Form.Control.Feedback type="invalid">{problems[field]}</Form.Control.Feedback>
                </Form.Group>
              ))}
              {error && <Alert variant="danger">{error}</Alert>}
              <Button type="submit" disabled={busy || running}>
                {busy ? t('requirements.submitting') : t('detail.reviseSubmit')}
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
