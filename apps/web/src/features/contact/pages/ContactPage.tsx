import { Alert, Card, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/PageSpinner';
import { useSite } from '../api/site-api';

/** /contact: the company's e-mail, phone and WeChat QR image, each shown only when configured. */
export default function ContactPage() {
  const { t } = useTranslation();
  const { data: site, error, isLoading } = useSite();
  if (isLoading) return <PageSpinner />;
  const { email, phone, qrUrl } = site?.contact ?? { email: null, phone: null, qrUrl: null };
  return (
    <Container className="py-4" style={{ maxWidth: 640 }}>
      <h1 className="h4 mb-3">{t('contact.title')}</h1>
      {error && <Alert variant="danger">{t('contact.loadFailed')}</Alert>}
      {!error && !email && !phone && !qrUrl && <Alert variant="secondary">{t('contact.none')}</Alert>}
      {(email || phone || qrUrl) && (
        <Card>
          <Card.Body>
            <dl className="row mb-0">
              {email && (
                <>
                  <dt className="col-sm-3">{t('contact.email')}</dt>
                  <dd className="col-sm-9">
                    <a href={`mailto:${email}`}>{email}</a>
                  </dd>
                </>
              )}
              {phone && (
                <>
                  <dt className="col-sm-3">{t('contact.phone')}</dt>
                  <dd className="col-sm-9">
                    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
                  </dd>
                </>
              )}
              {qrUrl && (
                <>
                  <dt className="col-sm-3">{t('contact.wechat')}</dt>
                  <dd className="col-sm-9">
                    <img src={qrUrl} alt={t('contact.wechat')} width={160} height={160} />
                  </dd>
                </>
              )}
            </dl>
          </Card.Body>
        </Card>
      )}
    </Container>
  );
}
