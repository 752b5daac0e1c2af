import type { Achieve } from '@think-tank/contracts';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { StageDraftAction } from '../stage-draft';

const TEXTS = ['content', 'acceptance', 'remarks'] as const;

/** A stage's expected outcomes; while editing, each one's title, content, acceptance and remarks. */
export function AchievesList({
  achieves,
  editing,
  dispatch,
}: {
  achieves: Achieve[];
  editing: boolean;
  dispatch: (action: StageDraftAction) => void;
}) {
  const { t } = useTranslation('workshop');
  // One title keyed to its texts per outcome (contract §8).
  const outcomes = achieves.map(
    (a) => Object.entries(a)[0] ?? ['', { content: '', acceptance: '', remarks: '' }],
  );
  if (!editing)
    return (
      <ul>
        {outcomes.map(([title, v], i) => (
          <li key={i}>
            <strong>{t('detail.labelled', { label: title, text: '' })}</strong>
            {v.content}
            <div className="small text-muted">
              {t('detail.labelled', { label: t('detail.acceptance'), text: v.acceptance })}
              {' · '}
              {t('detail.labelled', { label: t('detail.remarks'), text: v.remarks })}
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="mb-3">
      {outcomes.map(([title, v], i) => (
        <fieldset key={i} className="border rounded p-2 mb-2" data-testid="outcome-editor">
          <legend className="visually-hidden">{t('detail.outcome', { n: i + 1 })}</legend>
          <Form.Control
            size="sm"
            className="mb-1 fw-semibold"
            aria-label={t('detail.outcomeTitle')}
            placeholder={t('detail.outcomeTitle')}
            value={title}
            onChange={(e) => dispatch({ type: 'achieve', index: i, change: { title: e.target.value } })}
          />
          {TEXTS.map((field) => (
            <Form.Control
              key={field}
              size="sm"
              className="mb-1"
              aria-label={t(`detail.${field === 'content' ? 'outcomeContent' : field}`)}
              placeholder={t(`detail.${field === 'content' ? 'outcomeContent' : field}`)}
              value={v[field]}
              onChange={(e) => dispatch({ type: 'achieve', index: i, change: { [field]: e.target.value } })}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
