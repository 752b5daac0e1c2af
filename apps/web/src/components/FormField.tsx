import type { ComponentProps, ReactNode } from 'react';
import { Col, Form } from 'react-bootstrap';
import type { FormState, FormValues, TextField } from '../lib/use-form';

type ControlProps = Omit<
  ComponentProps<typeof Form.Control>,
  'value' | 'onChange' | 'isInvalid' | 'children'
>;

/**
 * A labelled control bound to one field of a useForm: its hint, and its error once it has one. With
 * `options`, a select; `md` lays it out as a column of a Row.
 */
export function FormField<V extends FormValues>({
  form,
  name,
  id,
  label,
  required,
  hint,
  md,
  options,
  ...control
}: ControlProps & {
  form: FormState<V>;
  name: TextField<V>;
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  md?: number;
  options?: ReactNode;
}) {
  const error = form.errors[name];
  return (
    <Form.Group {...(md ? { as: Col, md } : {})} className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && ' *'}
      </Form.Label>
      {options ? (
        <Form.Select {...form.bind(name)}>{options}</Form.Select>
      ) : (
        <Form.Control {...control} {...form.bind(name)} />
      )}
      {hint && <Form.Text muted>{hint}</Form.Text>}
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
