import {
  INVOICE_LIMITS,
  invoiceErrors,
  type InvoiceRequestInput,
  type InvoiceType,
  type MyOrder,
} from '@think-tank/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Modal, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { SubmitButton } from '../../../components/SubmitButton';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { requestInvoice } from '../api/billing-api';

type Field = keyof InvoiceRequestInput;
type Draft = Record<Field, string>;

/**
 * Asks for an invoice of a paid order: a normal invoice (title, tax number, e-mail) or a special VAT invoice, which
 * also needs the company's registered address and phone, bank and account. Checked as the server checks it.
 */
export function InvoiceRequestForm({
  order,
  email,
  onClose,
  onSent,
}: {
  order: MyOrder;
  email: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('billing');
  const [form, setForm] = useState<Draft>({
    type: 'normal',
    title: '',
    taxNumber: '',
    email,
    address: '',
    phone: '',
    bank: '',
    account: '',
  });
  // The account's address may arrive after the dialog opened: it fills the field if the user has not.
  useEffect(() => {
    if (email) setForm((f) => (f.email ? f : { ...f, email }));
  }, [email]);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const special = form.type === 'special';
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setForm({ ...form, [field]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problems = invoiceErrors(form);
    setFieldErrors(
      Object.fromEntries(Object.entries(problems).map(([f, key]) => [f, t(`validation:${key}`)])),
    );
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as Draft;
      await requestInvoice(order.id, {
        ...trimmed,
        type: form.type as InvoiceType,
        ...(special ? {} : { address: undefined, phone: undefined, bank: undefined, account: undefined }),
      });
      onSent();
    } catch (err) {
      const details = err instanceof ApiError ? err.body?.details : undefined;
      if (details?.length) setFieldErrors(Object.fromEntries(details.map((d) => [d.field, d.message])));
      setError(errorText(err, t, t('invoice.failed')));
      setBusy(false);
    }
  };

  const input = (name: Field, max?: number, md = 12) => (
    <Form.Group as={Col} md={md} className="mb-3" controlId={`invoice-${name}`}>
      <Form.Label>{t(`invoice.${name}`)} *</Form.Label>
      <Form.Control
        value={form[name]}
        maxLength={max}
        onChange={set(name)}
        isInvalid={Boolean(fieldErrors[name])}
      />
      <Form.Control.Feedback type="invalid">{fieldErrors[name]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Dialog show onHide={onClose} centered>
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('invoice.heading')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-secondary">
            {order.subject} · {order.displayPrice}
          </p>
          <Form.Group className="mb-3">
            {(['normal', 'special'] as const).map((type) => (
              <Form.Check
                key={type}
                inline
                type="radio"
                id={`invoice-type-${type}`}
                name="invoice-type"
                label={t(`invoice.types.${type}`)}
                checked={form.type === type}
                onChange={() => setForm({ ...form, type })}
              />
            ))}
          </Form.Group>
          <Row>
            {input('title', INVOICE_LIMITS.title)}
            {input('taxNumber', 18)}
            {input('email')}
            {special && (
              <>
                {input('address', INVOICE_LIMITS.address)}
                {input('phone', 20, 6)}
                {input('bank', INVOICE_LIMITS.bank, 6)}
                {input('account', 40)}
              </>
            )}
          </Row>
          {error && <Alert variant="danger">{error}</Alert>}
        </Modal.Body>
        <Modal.Footer className="d-block">
          <SubmitButton busy={busy} label={t('invoice.submit')} busyLabel={t('invoice.submitting')} />
          <Button variant="link" className="w-100 mt-1" onClick={onClose}>
            {t('invoice.cancel')}
          </Button>
        </Modal.Footer>
      </Form>
    </Dialog>
  );
}
