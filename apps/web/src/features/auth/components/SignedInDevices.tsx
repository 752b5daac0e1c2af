import { useState } from 'react';
import { Alert, Badge, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format-time';
import { describeUserAgent } from '../../../lib/user-agent';
import { authApi, useDevices } from '../api/auth-api';

/**
 * The profile's signed-in devices (contract §11): each live session with its browser and when it was last used;
 * any but this one can be signed out (its access ends within seconds).
 */
export function SignedInDevices() {
  const { t } = useTranslation('account');
  const { data, error, isLoading, mutate } = useDevices();
  const [ending, setEnding] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const signOut = async (id: string) => {
    setEnding(id);
    setFailed(null);
    try {
      await authApi.signOutDevice(id);
      await mutate();
    } catch (err) {
      setFailed(errorText(err, t, t('devices.failed')));
    } finally {
      setEnding(null);
    }
  };
  return (
    <section className="mt-4" aria-labelledby="devices">
      <h2 id="devices" className="h6">
        {t('devices.title')}
      </h2>
      {isLoading ? (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">{t('devices.loading')}</span>
        </Spinner>
      ) : error || !data ? (
        <Alert variant="danger">{errorText(error, t, t('devices.loadFailed'))}</Alert>
      ) : (
        <ul className="list-unstyled mb-0" data-testid="devices-list">
          {data.map((d) => (
            <li
              key={d.id}
              className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-1 border-bottom"
            >
              <span>
                {describeUserAgent(d.userAgent) ?? t('devices.unknown')}
                {d.current && (
                  <Badge bg="success" className="ms-2">
                    {t('devices.current')}
                  </Badge>
                )}
                <span className="d-block small text-secondary">
                  {t('devices.lastUsed', { time: formatDateTime(d.lastUsedAt) })}
                </span>
              </span>
              {!d.current && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={ending !== null}
                  aria-label={t('devices.signOutNamed', {
                    device: describeUserAgent(d.userAgent) ?? t('devices.unknown'),
                  })}
                  onClick={() => void signOut(d.id)}
                >
                  {ending === d.id && <Spinner animation="border" size="sm" className="me-1" />}
                  {t('devices.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {failed && (
        <p className="small text-danger mt-1" role="alert">
          {failed}
        </p>
      )}
    </section>
  );
}
