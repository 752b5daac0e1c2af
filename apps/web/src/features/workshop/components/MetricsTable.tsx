import type { QuantifiedMetric } from '@think-tank/contracts';
import { Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { StageDraftAction } from '../stage-draft';

const metricText = (m: QuantifiedMetric) =>
  'explanation' in m ? m.explanation : `${m.target}${m.unit ? ` ${m.unit}` : ''}`;

/** A stage's quantified metrics; while editing, each name and each target (an explained metric keeps its text). */
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
              {editing && 'target' in m ? (
                <Form.Control
                  size="sm"
                  aria-label={t('detail.metricValue')}
                  value={String(m.target)}
                  onChange={(e) => dispatch({ type: 'metric', index: i, change: { target: e.target.value } })}
                />
              ) : (
                metricText(m)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
