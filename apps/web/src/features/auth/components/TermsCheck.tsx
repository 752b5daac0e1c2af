import { WebRoute } from '@think-tank/contracts';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The terms' box of a sign-up (contract §11): the terms and the privacy policy, each a link; its error under it. */
export function TermsCheck({
  id,
  checked,
  invalid,
  onChange,
}: {
  id: string;
  checked: boolean;
  invalid: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('account');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Check
        type="checkbox"
        isInvalid={invalid}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        label={
          <>
            {t('register.accept')}{' '}
            <Link to={WebRoute.terms} target="_blank">
              {t('register.terms')}
            </Link>{' '}
            {t('register.and')}{' '}
            <Link to={WebRoute.privacy} target="_blank">
              {t('register.privacy')}
            </Link>
          </>
        }
        feedback={t('validation:termsRequired')}
        feedbackType="invalid"
      />
    </Form.Group>
  );
}
