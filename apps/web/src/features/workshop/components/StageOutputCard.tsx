import type { Stage, StageData } from '@think-tank/contracts';
import { Fragment, useEffect, useReducer, useState } from 'react';
import { Alert, Badge, Button, Card, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSaveStageData } from '../api/workshop-api';
import { draftOf, stageDraftReducer, type StageDraft } from '../stage-draft';
import { editProblems } from '../stage-edit';
import { AchievesList } from './AchievesList';
import { MetricsTable } from './MetricsTable';
import { ModuleEditor } from './ModuleEditor';
import { RelatedSolutions } from './RelatedSolutions';
import { WordDownload } from './WordDownload';
import { errorText } from '../../../lib/error-text';

/**
 * A completed stage's output (demand-workshop §2): read, select modules for the next stage, or edit and save.
 * A failed save is shown, and the edits stay. Every edit goes through stageDraftReducer.
 */
export function StageOutputCard({
  demandId,
  stage,
  data,
}: {
  demandId: string;
  stage: Stage;
  data: StageData;
}) {
  const { t } = useTranslation('workshop');
  const output = data.output!;
  const [editing, setEditing] = useState(false);
  const [draft, dispatch] = useReducer(stageDraftReducer, data, draftOf);
  const saving = useSaveStageData(demandId);
  const busy = saving.isMutating;
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // A new output from the server (a re-run) replaces what is shown, unless the user is editing.
  useEffect(() => {
    if (!editing) dispatch({ type: 'reset', data });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [output, data.selectedModules]);

  async function save({ output: nextOutput, modules, selected }: StageDraft) {
    const problems = editProblems(nextOutput, modules);
    if (problems.length)
      return setMessage({ ok: false, text: t('detail.formatErrors', { fields: problems.join(', ') }) });
    setMessage(null);
    try {
      await saving.trigger({
        stage,
        output: { ...nextOutput, suggested_modules: modules },
        selectedModules: modules.filter((m) => selected.has(m.name)),
      });
      setEditing(false);
      setMessage({ ok: true, text: t('detail.saved') });
    } catch (err) {
      const fallback = t('detail.saveFailed', { message: '' });
      setMessage({
        ok: false,
        text: t('detail.saveFailed', { message: errorText(err, t, fallback, { network: fallback }) }),
      });
    }
  }

  // Outside edit mode a selection is saved at once: the next stage's fee depends on it.
  const toggle = (name: string) => {
    const next = stageDraftReducer(draft, { type: 'toggle', name });
    dispatch({ type: 'toggle', name });
    if (!editing) void save(next);
  };
  const shown = editing ? draft.output : output;

  return (
    <Card className="mb-3" data-testid={`stage-output-${stage}`}>
      <Card.Header className="d-flex flex-wrap gap-2 justify-content-between align-items-center">
        <h2 className="h6 mb-0 fw-semibold">
          {t(`stages.${stage}`)}
          <span className="fw-normal text-muted small ms-2">{t(`stageMeanings.${stage}`)}</span>
          {output.generator !== 'llm' && (
            <Badge bg="light" text="dark" className="ms-2" title={t('detail.draftHelp')}>
              {t('detail.draft')}
            </Badge>
          )}
          {data.stale && (
            <Badge bg="secondary" className="ms-2">
              {t('detail.stale')}
            </Badge>
          )}
        </h2>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          {!editing && <WordDownload demandId={demandId} stage={stage} />}
          {editing && (
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={busy}
              onClick={() => (setEditing(false), dispatch({ type: 'reset', data }))}
            >
              {t('detail.cancel')}
            </Button>
          )}
          <Button
            size="sm"
            variant={editing ? 'primary' : 'outline-primary'}
            disabled={busy}
            onClick={() =>
              editing ? void save(draft) : (dispatch({ type: 'reset', data }), setEditing(true))
            }
          >
            {busy && <Spinner animation="border" size="sm" className="me-1" />}
            {editing ? (busy ? t('detail.saving') : t('detail.save')) : t('detail.edit')}
          </Button>
        </div>
      </Card.Header>
      <Card.Body>
        {/* GB 45438-2025: generated text says so, and keeps saying so once a person edited parts of it. */}
        <p className="small text-muted border rounded d-inline-block px-2 mb-2" data-testid="ai-label">
          {t('detail.aiLabel')}
        </p>
        {message && (
          <Alert
            variant={message.ok ? 'success' : 'danger'}
            className="py-2"
            onClose={() => setMessage(null)}
            dismissible
          >
            {message.text}
          </Alert>
        )}
        {(['summary', 'solution'] as const).map((field) => (
          <Fragment key={field}>
            <h3 className="h6">{t(`detail.${field}`)}</h3>
            {editing ? (
              <Form.Control
                as="textarea"
                rows={field === 'summary' ? 3 : 6}
                className="mb-3"
                aria-label={t(`detail.${field}`)}
                value={draft.output[field]}
                onChange={(e) => dispatch({ type: 'text', field, value: e.target.value })}
              />
            ) : (
              <p style={{ whiteSpace: 'pre-line' }}>{shown[field]}</p>
            )}
          </Fragment>
        ))}
        {stage === 'Preparation' && (output.prd_url || output.module_overview) && (
          <div className="mb-3">
            {output.prd_url && (
              <Link to={output.prd_url} className="me-3">
                {t('detail.prdLink')}
              </Link>
            )}
            {output.design_table_html && (
              <Link to={output.design_table_html}>{t('detail.designTableLink')}</Link>
            )}
            {output.module_overview && (
              <>
                <h3 className="h6 mt-3">{t('detail.moduleOverview')}</h3>
                <p style={{ whiteSpace: 'pre-line' }}>{output.module_overview}</p>
              </>
            )}
          </div>
        )}
        {output.implementation_showcase && (
          <>
            <h3 className="h6">{t('detail.showcase')}</h3>
            <p style={{ whiteSpace: 'pre-line' }}>{output.implementation_showcase}</p>
          </>
        )}
        <h3 className="h6">{t('detail.metrics')}</h3>
        <MetricsTable metrics={shown.quantified_metrics} editing={editing} dispatch={dispatch} />
        <h3 className="h6">{t('detail.achieves')}</h3>
        <AchievesList achieves={shown.achieves} editing={editing} dispatch={dispatch} />
        <h3 className="h6">
          {t('detail.modules')}{' '}
          <small className="text-muted">{t('detail.selected', { count: draft.selected.size })}</small>
        </h3>
        {draft.modules.map((m, i) => (
          <div key={m.id ?? `${m.name}-${i}`} className="border rounded p-2 mb-2">
            {editing ? (
              <ModuleEditor module={m} index={i} dispatch={dispatch} />
            ) : (
              <Form.Check
                id={`module-${stage}-${i}`}
                checked={draft.selected.has(m.name)}
                disabled={busy}
                onChange={() => toggle(m.name)}
                aria-label={t('detail.selectModule', { name: m.name })}
                label={
                  <span>
                    <strong>{m.name}</strong>
                    {m.isCustom && (
                      <Badge bg="info" className="ms-1">
                        ✎
                      </Badge>
                    )}{' '}
                    — {m.intro}
                    <span className="d-block small text-muted">
                      {m.metrics.map((x) => `${x.name}：${x.value}`).join('；')}
                    </span>
                    {m.reason && (
                      <span className="d-block small text-success" data-testid="module-reason">
                        {m.reason}
                      </span>
                    )}
                  </span>
                }
              />
            )}
          </div>
        ))}
        {editing && (
          <Button size="sm" variant="outline-secondary" onClick={() => dispatch({ type: 'addModule' })}>
            {t('detail.addModule')}
          </Button>
        )}
        <RelatedSolutions related={output.related_solutions} />
      </Card.Body>
    </Card>
  );
}
