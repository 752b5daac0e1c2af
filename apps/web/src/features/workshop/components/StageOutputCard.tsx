import type {
  DemandDetail,
  DemandModule,
  QuantifiedMetric,
  Stage,
  StageData,
  StageOutput,
} from '@think-tank/contracts';
import { Fragment, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { saveStageData } from '../api/workshop-api';
import { customModule, editProblems } from '../stage-edit';
import { errorText } from '../../../lib/error-text';

const metricText = (m: QuantifiedMetric) =>
  'explanation' in m ? ['', m.explanation] : [`${m.target}${m.unit ? ` ${m.unit}` : ''}`, ''];

/**
 * A completed stage's output (demand-workshop §2): read, select modules for the next stage, or edit and save.
 * A failed save is shown, and the edits stay.
 */
export function StageOutputCard({
  demandId,
  stage,
  data,
  onSaved,
}: {
  demandId: string;
  stage: Stage;
  data: StageData;
  onSaved: (d: DemandDetail) => void;
}) {
  const { t } = useTranslation('workshop');
  const output = data.output!;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<StageOutput>(output);
  const [modules, setModules] = useState<DemandModule[]>(() => withSelected(output, data.selectedModules));
  const [selected, setSelected] = useState(() => new Set(data.selectedModules.map((m) => m.name)));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // A new output from the server (a re-run) replaces what is shown, unless the user is editing.
  useEffect(() => {
    if (editing) return;
    setDraft(output);
    setModules(withSelected(output, data.selectedModules));
    setSelected(new Set(data.selectedModules.map((m) => m.name)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [output, data.selectedModules]);

  async function save(nextOutput: StageOutput, nextModules: DemandModule[], nextSelected: Set<string>) {
    const problems = editProblems(nextOutput, nextModules);
    if (problems.length)
      return setMessage({ ok: false, text: t('detail.formatErrors', { fields: problems.join(', ') }) });
    setBusy(true);
    setMessage(null);
    try {
      const saved = await saveStageData(
        demandId,
        stage,
        { ...nextOutput, suggested_modules: nextModules },
        nextModules.filter((m) => nextSelected.has(m.name)),
      );
      setEditing(false);
      setMessage({ ok: true, text: t('detail.saved') });
      onSaved(saved);
    } catch (err) {
      const fallback = t('detail.saveFailed', { message: '' });
      setMessage({
        ok: false,
        text: t('detail.saveFailed', { message: errorText(err, t, fallback, { network: fallback }) }),
      });
    } finally {
      setBusy(false);
    }
  }

  const toggle = (name: string) => {
    const next = new Set(selected);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    setSelected(next);
    // Outside edit mode a selection is saved at once: the next stage's fee depends on it.
    if (!editing) void save(output, modules, next);
  };
  const setModule = (i: number, change: Partial<DemandModule>) =>
    setModules(modules.map((m, j) => (j === i ? { ...m, ...change } : m)));
  const shown = editing ? draft : output;

  return (
    <Card className="mb-3" data-testid={`stage-output-${stage}`}>
      <Card.Header className="d-flex flex-wrap gap-2 justify-content-between align-items-center">
        <span className="fw-semibold">
          {t(`stages.${stage}`)}
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
        </span>
        <div className="d-flex gap-2">
          {editing && (
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={busy}
              onClick={() => (
                setEditing(false),
                setDraft(output),
                setModules(withSelected(output, data.selectedModules))
              )}
            >
              {t('detail.cancel')}
            </Button>
          )}
          <Button
            size="sm"
            variant={editing ? 'primary' : 'outline-primary'}
            disabled={busy}
            onClick={() =>
              editing ? void save(draft, modules, selected) : (setDraft(output), setEditing(true))
            }
          >
            {busy && <Spinner animation="border" size="sm" className="me-1" />}
            {editing ? (busy ? t('detail.saving') : t('detail.save')) : t('detail.edit')}
          </Button>
        </div>
      </Card.Header>
      <Card.Body>
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
                value={draft[field]}
                onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
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
        <Table size="sm" bordered responsive>
          <tbody>
            {shown.quantified_metrics.map((m, i) => (
              <tr key={i}>
                <td>
                  {editing ? (
                    <Form.Control
                      size="sm"
                      aria-label={t('detail.metricName')}
                      value={m.name}
                      onChange={(e) =>
                        setDraft({
                          ...draft,
                          quantified_metrics: draft.quantified_metrics.map((x, j) =>
                            j === i ? { ...x, name: e.target.value } : x,
                          ),
                        })
                      }
                    />
                  ) : (
                    m.name
                  )}
                </td>
                <td>
                  {editing && 'target' in m ? (
                    <Form.Control
                      size="sm"
                      aria-label={t('detail.metricValue')}
                      value={String(m.target)}
                      onChange={(e) =>
                        setDraft({
                          ...draft,
                          quantified_metrics: draft.quantified_metrics.map((x, j) =>
                            j === i ? { ...x, target: e.target.value } : x,
                          ),
                        })
                      }
                    />
                  ) : (
                    metricText(m).join('')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <h3 className="h6">{t('detail.achieves')}</h3>
        <ul>
          {shown.achieves.flatMap((a) =>
            Object.entries(a).map(([title, v]) => (
              <li key={title}>
                <strong>{title}</strong>：{v.content}
                <div className="small text-muted">
                  {t('detail.acceptance')}：{v.acceptance}；{t('detail.remarks')}：{v.remarks}
                </div>
              </li>
            )),
          )}
        </ul>
        <h3 className="h6">
          {t('detail.modules')}{' '}
          <small className="text-muted">{t('detail.selected', { count: selected.size })}</small>
        </h3>
        {modules.map((m, i) => (
          <div key={m.id ?? `${m.name}-${i}`} className="border rounded p-2 mb-2">
            {editing ? (
              <>
                <div className="d-flex gap-2 mb-2">
                  <Form.Control
                    size="sm"
                    aria-label={t('detail.moduleName')}
                    placeholder={t('detail.moduleName')}
                    value={m.name}
                    onChange={(e) => {
                      const wasSelected = selected.has(m.name);
                      const next = new Set(selected);
                      next.delete(m.name);
                      if (wasSelected) next.add(e.target.value);
                      setSelected(next);
                      setModule(i, { name: e.target.value });
                    }}
                  />
                  {m.isCustom && (
                    <Form.Control
                      size="sm"
                      aria-label={t('detail.moduleNameEn')}
                      placeholder={t('detail.moduleNameEn')}
                      value={m.nameEn ?? ''}
                      onChange={(e) => setModule(i, { nameEn: e.target.value })}
                    />
                  )}
                  {m.isCustom && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setModules(modules.filter((_, j) => j !== i))}
                    >
                      {t('detail.removeModule')}
                    </Button>
                  )}
                </div>
                <Form.Control
                  size="sm"
                  className="mb-2"
                  aria-label={t('detail.moduleIntro')}
                  placeholder={t('detail.moduleIntro')}
                  value={m.intro}
                  onChange={(e) => setModule(i, { intro: e.target.value })}
                />
                {m.metrics.map((x, k) => (
                  <div key={k} className="d-flex gap-2 mb-1">
                    <Form.Control
                      size="sm"
                      aria-label={t('detail.metricName')}
                      placeholder={t('detail.metricName')}
                      value={x.name}
                      onChange={(e) =>
                        setModule(i, {
                          metrics: m.metrics.map((y, l) => (l === k ? { ...y, name: e.target.value } : y)),
                        })
                      }
                    />
                    <Form.Control
                      size="sm"
                      aria-label={t('detail.metricValue')}
                      placeholder={t('detail.metricValue')}
                      value={x.value}
                      onChange={(e) =>
                        setModule(i, {
                          metrics: m.metrics.map((y, l) => (l === k ? { ...y, value: e.target.value } : y)),
                        })
                      }
                    />
                  </div>
                ))}
                <Button
                  size="sm"
                  variant="link"
                  className="p-0"
                  onClick={() => setModule(i, { metrics: [...m.metrics, { name: '', value: '' }] })}
                >
                  {t('detail.addMetric')}
                </Button>
              </>
            ) : (
              <Form.Check
                id={`module-${stage}-${i}`}
                checked={selected.has(m.name)}
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
                  </span>
                }
              />
            )}
          </div>
        ))}
        {editing && (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => {
              const added = customModule();
              setModules([...modules, added]);
            }}
          >
            {t('detail.addModule')}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}

/** The suggestions plus any selected module that is not among them (a custom one). */
function withSelected(output: StageOutput, selected: DemandModule[]): DemandModule[] {
  const names = new Set(output.suggested_modules.map((m) => m.name));
  return [...output.suggested_modules, ...selected.filter((m) => !names.has(m.name))];
}
