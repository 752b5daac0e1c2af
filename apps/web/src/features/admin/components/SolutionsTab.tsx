import {
  INDUSTRIES,
  languageOf,
  LIBRARY_INDUSTRIES,
  type LibraryIndustry,
  type SolutionInput,
} from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  deleteSolution,
  importSolutions,
  saveSolution,
  adminSolution,
  useLibraryPage,
} from '../api/admin-api';
import { useAction } from '../use-action';
import { MostCited } from './MostCited';
import { SearchMisses } from './SearchMisses';
import { ActionResult, EditorActions } from './AdminFeedback';
import { Pager } from '../../../components/Pager';
import { FormField } from '../../../components/FormField';
import { useForm } from '../../../lib/use-form';

const PAGE_SIZE = 20;
const EMPTY: SolutionInput = {
  projectName: '',
  projectRequirements: '',
  projectRequirementsDetails: '',
  html: '',
  industry: null,
};

/** The library: find a solution, edit or delete it, write a new one, or import many as JSON. */
export function SolutionsTab() {
  const { t } = useTranslation('admin');
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { data, mutate } = useLibraryPage(query, page, PAGE_SIZE);
  const [editing, setEditing] = useState<{ id: string | null; form: SolutionInput } | null>(null);
  const [importText, setImportText] = useState('');
  const action = useAction();

  const open = async (id: string) => {
    const item = data?.list.find((s) => s._id === id);
    if (!item) return;
    const solution = await adminSolution(id).catch(() => null);
    setEditing({
      id,
      form: {
        projectName: item.projectName,
        projectRequirements: item.projectRequirements,
        projectRequirementsDetails: item.projectRequirementsDetails,
        html: solution?.html ?? '',
        industry: solution?.industry ?? null,
      },
    });
  };
  const save = (id: string | null, form: SolutionInput) =>
    void action.run(t('solutions.confirmSave', { name: form.projectName }), async () => {
      await saveSolution(id, form);
      setEditing(null);
      await mutate();
      return t('solutions.saved');
    });
  const remove = (id: string, name: string) =>
    void action.run(t('solutions.confirmDelete', { name }), async () => {
      await deleteSolution(id);
      setEditing(null);
      await mutate();
      return t('solutions.deleted');
    });
  const importAll = () => {
    // The button is enabled only for a JSON array (importError below).
    const items = JSON.parse(importText) as unknown[];
    void action.run(t('solutions.confirmImport', { count: items.length }), async () => {
      const { imported } = await importSolutions(items);
      setImportText('');
      // The result is the import's: the list reloads beside it, and a slow reload does not hold it back.
      void mutate();
      return t('solutions.imported', { count: imported });
    });
  };
  let importError: string | null = null;
  if (importText.trim()) {
    try {
      if (!Array.isArray(JSON.parse(importText))) importError = t('solutions.notArray');
    } catch {
      importError = t('solutions.badJson');
    }
  }

  return (
    <Row>
      <Col lg={editing ? 5 : 12}>
        <MostCited />
        <SearchMisses onWrite={(query) => setEditing({ id: null, form: { ...EMPTY, projectName: query } })} />
        <Form
          className="d-flex gap-2 mb-2"
          onSubmit={(e) => (e.preventDefault(), setQuery(input.trim()), setPage(1))}
        >
          <Form.Control
            aria-label={t('solutions.search')}
            placeholder={t('solutions.search')}
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
          <Button type="submit" className="text-nowrap">
            {t('users.find')}
          </Button>
          <Button
            variant="outline-primary"
            className="text-nowrap"
            onClick={() => setEditing({ id: null, form: EMPTY })}
          >
            {t('solutions.new')}
          </Button>
        </Form>
        <ActionResult action={action} />
        <Table size="sm" hover>
          <tbody>
            {data?.list.map((s) => (
              <tr
                key={s._id}
                role="button"
                onClick={() => void open(s._id)}
                className={editing?.id === s._id ? 'table-active' : ''}
              >
                <td>{s.projectName}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        {data && <Pager page={page} pageSize={PAGE_SIZE} total={data.totalCount} onPage={setPage} />}
        <Card className="mt-3">
          <Card.Body>
            <Form.Label htmlFor="solutions-import">{t('solutions.import')}</Form.Label>
            <Form.Control
              id="solutions-import"
              as="textarea"
              rows={4}
              placeholder='[{"projectName": "…", "projectRequirements": "…", "projectRequirementsDetails": "…", "html": "<h1>…</h1>"}]'
              value={importText}
              isInvalid={!!importError}
              onChange={(e) => setImportText(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{importError}</Form.Control.Feedback>
            <Form.Control
              type="file"
              size="sm"
              className="mt-2"
              accept=".json,application/json"
              aria-label={t('solutions.importFile')}
              onChange={(e) => void (e.target as HTMLInputElement).files?.[0]?.text().then(setImportText)}
            />
            <Button
              className="mt-2"
              size="sm"
              disabled={!importText.trim() || !!importError || action.busy}
              onClick={importAll}
            >
              {t('solutions.importButton')}
            </Button>
          </Card.Body>
        </Card>
      </Col>
      {editing && (
        <Col lg={7}>
          <SolutionEditor
            key={editing.id ?? `new:${editing.form.projectName}`}
            initial={editing.form}
            busy={action.busy}
            onSave={(form) => save(editing.id, form)}
            onCancel={() => setEditing(null)}
            onDelete={editing.id ? (name) => remove(editing.id!, name) : undefined}
          />
        </Col>
      )}
    </Row>
  );
}

type SolutionField =
  'projectName' | 'projectRequirements' | 'projectRequirementsDetails' | 'html' | 'industry';

/** One solution's fields on the form kit: each required but the industry, which is one of the library's or none. */
function SolutionEditor({
  initial,
  busy,
  onSave,
  onCancel,
  onDelete,
}: {
  initial: SolutionInput;
  busy: boolean;
  onSave: (form: SolutionInput) => void;
  onCancel: () => void;
  onDelete?: (name: string) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const form = useForm<Record<SolutionField, string>>(
    { ...initial, industry: initial.industry ?? '' },
    (v) => ({
      projectName: v.projectName.trim() ? undefined : 'fieldRequired',
      projectRequirements: v.projectRequirements.trim() ? undefined : 'fieldRequired',
      projectRequirementsDetails: v.projectRequirementsDetails.trim() ? undefined : 'fieldRequired',
      html: v.html.trim() ? undefined : 'fieldRequired',
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.validate())
      onSave({ ...form.values, industry: (form.values.industry || null) as LibraryIndustry | null });
  };
  const text = (name: Exclude<SolutionField, 'industry'>, rows: number) => (
    <FormField
      form={form}
      name={name}
      id={`solution-${name}`}
      label={t(`solutions.${name}`)}
      as="textarea"
      rows={rows}
    />
  );
  return (
    <Card>
      <Card.Body>
        <Form noValidate onSubmit={submit}>
          {text('projectName', 1)}
          {text('projectRequirements', 3)}
          {text('projectRequirementsDetails', 4)}
          <FormField
            form={form}
            name="industry"
            id="solution-industry"
            label={t('solutions.industry')}
            options={
              <>
                <option value="">{t('solutions.noIndustry')}</option>
                {LIBRARY_INDUSTRIES.map((key) => (
                  <option key={key} value={key}>
                    {INDUSTRIES[key][languageOf(i18n.language)]}
                  </option>
                ))}
              </>
            }
          />
          {text('html', 12)}
          <EditorActions
            busy={busy}
            onCancel={onCancel}
            onDelete={onDelete ? () => onDelete(form.values.projectName) : undefined}
          />
        </Form>
      </Card.Body>
    </Card>
  );
}
