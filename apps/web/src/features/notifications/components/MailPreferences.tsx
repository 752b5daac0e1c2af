import { MAIL_KINDS, type MailKind } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { setMailPreference, useMailPreferences } from '../api/mail-preferences-api';

/** The profile's e-mail notifications (contract §11): which events also come by e-mail, one switch each. */
export function MailPreferences() {
  const { t } = useTranslation('notifications');
  const { data, error, isLoading } = useMailPreferences();
  const [failed, setFailed] = useState<string | null>(null);
  const change = async (kind: MailKind, on: boolean) => {
    setFailed(null);
    try {
      await setMailPreference({ [kind]: on });
    } catch (err) {
      setFailed(errorText(err, t, t('mail.failed')));
    }
  };
  return (
    <section className="mt-4" aria-labelledby="mail-preferences-title" id="mail-preferences">
      <h2 id="mail-preferences-title" className="h6">
        {t('mail.title')}
      </h2>
      {isLoading ? (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">{t('mail.loading')}</span>
        </Spinner>
      ) : error || !data ? (
        <Alert variant="danger">{errorText(error, t, t('mail.loadFailed'))}</Alert>
      ) : (
        <>
          {MAIL_KINDS.map((kind) => (
            <Form.Check
              key={kind}
              type="switch"
              role="switch"
              id={`mail-${kind}`}
              label={t(`mail.kinds.${kind}`)}
              checked={data[kind]}
              onChange={(e) => void change(kind, e.target.checked)}
            />
          ))}
          {failed && (
            <p className="small text-danger mt-1" role="alert">
              {failed}
            </p>
          )}
        </>
      )}
    </section>
  );
}
