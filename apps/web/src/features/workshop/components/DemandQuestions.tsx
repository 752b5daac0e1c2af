import { ANSWER_MAX_LENGTH, type AnsweredQuestion, type DemandDetail } from '@think-tank/contracts';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { answerQuestions } from '../api/workshop-api';

/**
 * What the workshop asked when the demand was registered (contract §12), answered before the start-up is paid.
 * Never required: the page's pay button starts Startup whether they are answered or not.
 */
export function DemandQuestions({
  demand,
  onSaved,
}: {
  demand: DemandDetail;
  onSaved: (questions: AnsweredQuestion[]) => void;
}) {
  const { t } = useTranslation('workshop');
  const form = useForm<Record<string, string>>(
    () => Object.fromEntries(demand.questions.map((q) => [q.id, q.answer ?? ''])),
    (values) =>
      Object.fromEntries(
        Object.entries(values)
          .filter(([, answer]) => answer.trim().length > ANSWER_MAX_LENGTH)
          .map(([id]) => [id, 'fieldInvalid' as const]),
      ),
  );
  const saved = demand.questions.every((q) => (q.answer ?? '') === form.values[q.id].trim());
  const submit = form.onSubmit(
    async (values) => {
      const answers = demand.questions.map((q) => ({ id: q.id, answer: values[q.id].trim() }));
      onSaved(await answerQuestions(demand._id, answers));
    },
    (err) => errorText(err, t, t('questions.saveFailed'), { network: t('requirements.network') }),
  );

  return (
    <Card className="mb-3" data-testid="demand-questions">
      <Card.Body>
        <h2 className="h6">{t('questions.title')}</h2>
        <p className="small text-muted">{t('questions.help')}</p>
        <Form noValidate onSubmit={submit} aria-label={t('questions.title')}>
          {demand.questions.map((q) => (
            <div key={q.id}>
              <FormField
                form={form}
                name={q.id}
                id={`question-${q.id}`}
                label={q.text}
                hint={q.why}
                maxLength={ANSWER_MAX_LENGTH}
                list={q.options ? `question-${q.id}-options` : undefined}
              />
              {q.options && (
                <datalist id={`question-${q.id}-options`}>
                  {q.options.map((option) => (
                    <option key={option} value={option} />
                  ))}
                </datalist>
              )}
            </div>
          ))}
          {form.error && <Alert variant="danger">{form.error}</Alert>}
          <div className="d-flex align-items-center gap-2">
            <Button type="submit" variant="outline-primary" disabled={form.submitting || saved}>
              {form.submitting ? t('questions.saving') : t('questions.save')}
            </Button>
            {saved && demand.questions.some((q) => q.answer) && (
              <span className="small text-success" role="status">
                {t('questions.saved')}
              </span>
            )}
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
