import {
  INVOICE_LIMITS,
  INVOICE_TITLE_TYPES,
  invoiceErrors,
  type InvoiceRequestInput,
  type InvoiceTitleType,
  type InvoiceType,
  type MyOrder,
} from '@think-tank/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { requestInvoice } from '../api/billing-api';

type Field = keyof InvoiceRequestInput;
type Draft = Record<Field, string>;

/**
 * Asks for an invoice of a paid order: a company's normal invoice (title, tax number, e-mail) or special VAT invoice
 * (also the company's registered address and phone, bank and account), or a person's normal invoice in their own
 * name (contract §12). Checked as the server checks it.
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
  const form = useForm<Record<Field, string>>(
    {
      titleType: 'company',
      type: 'normal',
      title: '',
      taxNumber: '',
      email,
      address: '',
      phone: '',
      bank: '',
      account: '',
    },
    invoiceErrors,
  );
  const { values, set } = form;
  // The account's address may arrive after the dialog opened: it fills the field if the user has not.
  const emailEmpty = !values.email;
  useEffect(() => {
    if (email && emailEmpty) set('email', email);
  }, [email, emailEmpty, set]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const special = values.type === 'special';
  const personal = values.titleType === 'personal';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!form.validate()) return;
    setBusy(true);
    try {
      const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as Draft;
      await requestInvoice(order.id, {
        ...trimmed,
        titleType: values.titleType as InvoiceTitleType,
        type: values.type as InvoiceType,
        ...(personal ? { taxNumber: undefined } : {}),
        ...(special ? {} : { address: undefined, phone: undefined, bank: undefined, account: undefined }),
      });
      onSent();
    } catch (err) {
      form.showServerErrors(err);
      setError(errorText(err, t, t('invoice.failed')));
      setBusy(false);
    }
  };

  const input = (name: Field, max?: number, md = 12) => (
    <FormField
      form={form}
      name={name}
      id={`invoice-${name}`}
      label={t(name === 'title' && personal ? 'invoice.personalTitle' : `invoice.${name}`)}
      required
      md={md}
      maxLength={max}
    />
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
          <Form.Group className="mb-2">
            {INVOICE_TITLE_TYPES.map((titleType) => (
              <Form.Check
                key={titleType}
                inline
                type="radio"
                id={`invoice-title-type-${titleType}`}
                name="invoice-title-type"
                label={t(`invoice.titleTypes.${titleType}`)}
                checked={values.titleType === titleType}
                onChange={() => {
                  set('titleType', titleType);
                  // A special VAT invoice is a company's only.
                  if (titleType === 'personal') set('type', 'normal');
                }}
              />
            ))}
          </Form.Group>
          <Form.Group className="mb-3">
            {(personal ? (['normal'] as const) : (['normal', 'special'] as const)).map((type) => (
              <Form.Check
                key={type}
                inline
                type="radio"
                id={`invoice-type-${type}`}
                name="invoice-type"
                label={t(`invoice.types.${type}`)}
                checked={values.type === type}
                onChange={() => set('type', type)}
              />
            ))}
          </Form.Group>
          <Row>
            {input('title', INVOICE_LIMITS.title)}
            {!personal && input('taxNumber', 18)}
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
