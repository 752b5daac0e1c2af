import { LinkButton } from '../components/LinkButton';
import { WebRoute } from '@think-tank/contracts';
import { Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container className="tt-page text-center py-5">
      <h1 className="h3">{t('notFound.title')}</h1>
      <p className="text-secondary my-3">{t('notFound.body')}</p>
      <LinkButton to={WebRoute.home}>{t('notFound.home')}</LinkButton>
    </Container>
  );
}
