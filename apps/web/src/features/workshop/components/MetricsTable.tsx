import type { QuantifiedMetric } from '@think-tank/contracts';
import { Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { StageDraftAction } from '../stage-draft';

const metricText = (m: QuantifiedMetric) =>
  'explanation' in m ? m.explanation : `${m.target}${m.unit ? ` ${m.unit}` : ''}`;

/** A stage's quantified metrics; while editing, each name, and each target with its unit or each explanation. */
export function MetricsTable({
  metrics,
  editing,
  dispatch,
}: {
  metrics: QuantifiedMetric[];
  editing: boolean;
  dispatch: (action: StageDraftAction) => void;
}) {
  const { t } = useTranslation('workshop');
  return (
    <Table size="sm" bordered responsive>
      <tbody>
        {metrics.map((m, i) => (
          <tr key={i}>
            <td>
              {editing ? (
                <Form.Control
                  size="sm"
                  aria-label={t('detail.metricName')}
                  value={m.name}
                  onChange={(e) => dispatch({ type: 'metric', index: i, change: { name: e.target.value } })}
                />
              ) : (
                m.name
              )}
            </td>
            <td>
              {!editing ? (
                metricText(m)
              ) : 'target' in m ? (
                <div className="d-flex gap-2">
                  <Form.Control
                    size="sm"
                    aria-label={t('detail.metricValue')}
                    value={String(m.target)}
                    onChange={(e) =>
                      dispatch({ type: 'metric', index: i, change: { target: e.target.value } })
                    }
                  />
                  <Form.Control
                    size="sm"
                    style={{ maxWidth: '8rem' }}
                    aria-label={t('detail.metricUnit')}
                    placeholder={t('detail.metricUnit')}
                    value={m.unit ?? ''}
                    onChange={(e) => dispatch({ type: 'metric', index: i, change: { unit: e.target.value } })}
                  />
                </div>
              ) : (
                <Form.Control
                  as="textarea"
                  rows={2}
                  size="sm"
                  aria-label={t('detail.metricExplanation')}
                  value={m.explanation}
                  onChange={(e) =>
                    dispatch({ type: 'metric', index: i, change: { explanation: e.target.value } })
                  }
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
