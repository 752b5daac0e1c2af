import {
  formatMoney,
  STAGE_INPUT_TEXT_MAX,
  type DemandDetail,
  type SecurityLevel,
  type Stage,
  type StageInput,
} from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/SubmitButton';

type TextField = 'dataCollection' | 'dataFormat' | 'dataProcessing';
const TEXT_FIELDS: TextField[] = ['dataCollection', 'dataFormat', 'dataProcessing'];

/**
 * Entering the next stage (demand-workshop §2): Preparation asks for its data inputs and files, the others
 * for one text. The exact fee is shown before the user confirms.
 */
export function EnterStagePanel({
  demand,
  next,
  busy,
  error,
  onSubmit,
}: {
  demand: DemandDetail;
  next: Stage;
  busy: boolean;
  error: string | null;
  onSubmit: (input: StageInput) => void;
}) {
  const { t } = useTranslation('workshop');
  const [input, setInput] = useState<StageInput>({
    securityLevel: 'normal',
    transactionalDesign: false,
    mechanismLearningDesign: false,
  });
  const [fileError, setFileError] = useState<string | null>(null);
  const fee = demand.nextStageFee;
  const modules = demand.stagesData[demand.currentStage].selectedModules.length;
  const perModule = next === 'Preparation' || next === 'Opening';
  // The server refuses it (NO_MODULES_SELECTED): the stage is priced from, and generated for, those modules.
  const needsModules = perModule && modules === 0;

  async function attach(field: TextField, file: File | undefined) {
    setFileError(null);
    if (!file) return setInput({ ...input, [`${field}File`]: undefined });
    if (file.size > STAGE_INPUT_TEXT_MAX) return setFileError(t('detail.fileTooLarge'));
    setInput({ ...input, [`${field}File`]: await file.text() });
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({
      ...input,
      selected_modules_from_previous: demand.stagesData[demand.currentStage].selectedModules.map(
        (m) => m.name,
      ),
    });
  };

  return (
    <Card className="mb-4 border-primary" data-testid="enter-stage">
      <Card.Header className="fw-semibold">{t('detail.enter', { stage: t(`stages.${next}`) })}</Card.Header>
      <Card.Body>
        <Form onSubmit={submit}>
          {next === 'Preparation' ? (
            <>
              {TEXT_FIELDS.map((field) => (
                <Form.Group key={field} className="mb-3" controlId={`enter-${field}`}>
                  <Form.Label>{t(`detail.${field}`)}</Form.Label>
                  <Form.Control
                    as="textarea"
                    rows={2}
                    maxLength={STAGE_INPUT_TEXT_MAX}
                    value={input[field] ?? ''}
                    onChange={(e) => setInput({ ...input, [field]: e.target.value })}
                  />
                  <Form.Control
                    type="file"
                    id={`enter-${field}-file`}
                    size="sm"
                    className="mt-1"
                    accept=".txt,.csv,.json,.md,text/*"
                    aria-label={`${t(`detail.${field}`)} - ${t('detail.attach')}`}
                    onChange={(e) => void attach(field, (e.target as HTMLInputElement).files?.[0])}
                  />
                </Form.Group>
              ))}
              {fileError && <Alert variant="danger">{fileError}</Alert>}
              <Form.Check
                type="switch"
                id="enter-transactional"
                className="mb-2"
                label={t('detail.transactional')}
                checked={!!input.transactionalDesign}
                onChange={(e) => setInput({ ...input, transactionalDesign: e.target.checked })}
              />
              <Form.Group className="mb-2">
                <Form.Label className="me-3">{t('detail.securityLevel')}</Form.Label>
                {(['normal', 'topSecret'] as SecurityLevel[]).map((level) => (
                  <Form.Check
                    key={level}
                    inline
                    type="radio"
                    name="securityLevel"
                    id={`security-${level}`}
                    label={t(`detail.security.${level}`)}
                    checked={input.securityLevel === level}
                    onChange={() => setInput({ ...input, securityLevel: level })}
                  />
                ))}
              </Form.Group>
              <Form.Check
                type="switch"
                id="enter-mechanism"
                className="mb-2"
                label={t('detail.mechanism')}
                checked={!!input.mechanismLearningDesign}
                onChange={(e) => setInput({ ...input, mechanismLearningDesign: e.target.checked })}
              />
              <Form.Check
                type="switch"
                id="enter-fastest"
                className="mb-3"
                label={t('detail.fastest')}
                disabled
                checked={false}
                readOnly
              />
            </>
          ) : (
            <Form.Group className="mb-3" controlId="enter-generic">
              <Form.Label>{t('detail.genericInput')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={STAGE_INPUT_TEXT_MAX}
                value={input.genericInput ?? ''}
                onChange={(e) => setInput({ ...input, genericInput: e.target.value })}
              />
            </Form.Group>
          )}
          {needsModules ? (
            <Alert variant="warning" data-testid="no-modules">
              {t('detail.noModules', { stage: t(`stages.${demand.currentStage}`) })}
            </Alert>
          ) : demand.isVip ? (
            <Alert variant="success">{t('detail.vipFree')}</Alert>
          ) : fee && fee.amount > 0 ? (
            <Alert variant="warning" data-testid="fee-notice">
              {perModule
                ? t('detail.fee', { price: formatMoney(fee), count: modules })
                : t('detail.feeFlat', { price: formatMoney(fee) })}
            </Alert>
          ) : (
            <Alert variant="success">{t('detail.feeFree')}</Alert>
          )}
          {error && <Alert variant="danger">{error}</Alert>}
          <SubmitButton
            busy={busy}
            label={
              demand.isVip
                ? t('detail.submitVip')
                : fee && fee.amount > 0
                  ? t('detail.submitPaid')
                  : t('detail.submitFree')
            }
            busyLabel={t('detail.submitting')}
            disabled={needsModules}
          />
        </Form>
      </Card.Body>
    </Card>
  );
}
