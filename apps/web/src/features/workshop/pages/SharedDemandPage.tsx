import { Alert, Card, Container, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format-time';
import { sharedPath, useSharedDemand } from '../api/workshop-api';
import { AchievesList } from '../components/AchievesList';
import { MetricsTable } from '../components/MetricsTable';

const readOnly = () => undefined;

/**
 * A share link's page (contract §12): the demand's name, its finished outputs and its lab's pages, read without
 * signing in; nothing of the owner. The lab's pages open from the API under the document sandbox.
 */
export default function SharedDemandPage() {
  const { t } = useTranslation('workshop');
  const { token = '' } = useParams();
  const { data, error } = useSharedDemand(token);

  if (error)
    return (
      <Container className="tt-page">
        <Alert variant={error instanceof ApiError && error.status === 404 ? 'secondary' : 'danger'}>
          {error instanceof ApiError && error.status === 404
            ? t('shared.gone')
            : errorText(error, t, t('shared.failed'), { network: t('requirements.network') })}
        </Alert>
      </Container>
    );
  if (!data) return <PageSpinner />;
  return (
    <Container className="tt-page">
      <p className="small text-muted border rounded d-inline-block px-2 mb-2" data-testid="ai-label">
        {t('detail.aiLabel')}
      </p>
      <h1 className="h4 text-break">{data.name}</h1>
      <p className="small text-muted">{t('shared.expires', { date: formatDate(data.expiresAt) })}</p>
      {data.files.length > 0 && (
        <Card className="mb-3">
          <Card.Header className="h6 mb-0">{t('shared.pages')}</Card.Header>
          <ListGroup variant="flush">
            {data.files.map((path) => (
              <ListGroup.Item
                key={path}
                action
                href={`${sharedPath(token)}/files/${path}`}
                target="_blank"
                rel="noopener"
              >
                {t(`shared.file.${path.replace(/\.html$/, '')}`, { defaultValue: path })}
              </ListGroup.Item>
            ))}
          </ListGroup>
        </Card>
      )}
      {data.stages.length === 0 && <p className="text-muted">{t('shared.empty')}</p>}
      {data.stages.map(({ stage, output, selectedModules }) => (
        <Card key={stage} className="mb-3" data-testid={`shared-stage-${stage}`}>
          <Card.Header>
            <h2 className="h6 mb-0 fw-semibold">{t(`stages.${stage}`)}</h2>
          </Card.Header>
          <Card.Body>
            <h3 className="h6">{t('detail.summary')}</h3>
            <p style={{ whiteSpace: 'pre-line' }}>{output.summary}</p>
            <h3 className="h6">{t('detail.solution')}</h3>
            <p style={{ whiteSpace: 'pre-line' }}>{output.solution}</p>
            <h3 className="h6">{t('detail.metrics')}</h3>
            <MetricsTable metrics={output.quantified_metrics} editing={false} dispatch={readOnly} />
            <h3 className="h6">{t('detail.achieves')}</h3>
            <AchievesList achieves={output.achieves} editing={false} dispatch={readOnly} />
            <h3 className="h6">{t('detail.modules')}</h3>
            <ul>
              {(selectedModules.length ? selectedModules : output.suggested_modules).map((m) => (
                <li key={m.name}>
                  <strong>{m.name}</strong> — {m.intro}
                </li>
              ))}
            </ul>
          </Card.Body>
        </Card>
      ))}
    </Container>
  );
}
