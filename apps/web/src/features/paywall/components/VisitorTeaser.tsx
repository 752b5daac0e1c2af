import { WebRoute, type SolutionTeaser } from '@think-tank/contracts';
import { Alert, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { Teaser } from './Teaser';

/** What a visitor who is not signed in sees of a solution: its name, its first lines, and the way in. */
export function VisitorTeaser({ teaser }: { teaser: SolutionTeaser }) {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  return (
    <Container className="tt-page" style={{ maxWidth: 960 }}>
      <h1 className="h3">{teaser.solutionName}</h1>
      <Teaser text={teaser.teaser} />
      <Alert variant="info" className="mt-3 d-flex flex-wrap align-items-center gap-2">
        <span className="flex-grow-1">{t('paywall.signInToRead')}</span>
        <LinkButton to={`${WebRoute.login}?redirect=${encodeURIComponent(pathname + hash)}`} size="sm">
          {t('paywall.signIn')}
        </LinkButton>
        <LinkButton to={WebRoute.register} size="sm" variant="outline-primary">
          {t('paywall.register')}
        </LinkButton>
      </Alert>
    </Container>
  );
}
