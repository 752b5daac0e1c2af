import type { ValidationMessageKey } from '@think-tank/contracts';
import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

type Values<F extends string> = Record<F, string>;
type FieldErrors<F extends string> = Partial<Record<F, string>>;
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What useForm answers: a form's values and its fields' errors, and how they are set. */
export interface FormState<F extends string> {
  values: Values<F>;
  errors: FieldErrors<F>;
  /** Sets one field (the same function on every render). */
  set: (name: F, value: string) => void;
  /** Back to the first values, with no errors shown. */
  reset: () => void;
  /** What a control of the field takes: its value, its change handler (which clears its error), whether it is invalid. */
  bind: (name: F) => { value: string; onChange: (e: ChangeEvent<Control>) => void; isInvalid: boolean };
  /** Checks the shared rules, showing each failing field's message; true when the values may be sent. */
  validate: () => boolean;
  /**
   * Shows a refusal on its fields: the 400's details, or the one field an error code names (`USERNAME_TAKEN` →
   * username); true when a field took it.
   */
  showServerErrors: (err: unknown, fieldOfCode?: Partial<Record<string, F>>) => boolean;
  /** While the form's send runs (its button busy), and what went wrong, in words, after. */
  submitting: boolean;
  error: string | null;
  setError: (text: string | null) => void;
  /**
   * The form's onSubmit: checks the rules, then runs `send` with the values, busy meanwhile; a refusal shows on its
   * fields (fieldOfCode as for showServerErrors), else as `error`, in the words `failed` gives.
   */
  onSubmit: (
    send: (values: Values<F>) => Promise<unknown>,
    failed: (err: unknown) => string | null,
    fieldOfCode?: Partial<Record<string, F>>,
  ) => (e: FormEvent) => Promise<void>;
}

/**
 * One form's state, checked by the same rules the server applies (the `…Errors` functions of @think-tank/contracts),
 * in the reader's words, and with the server's field errors mapped back onto the fields. A rule answers message keys:
 * of the `validation` namespace (the shared rules' ValidationMessageKey), or naming their own (`workshop:…`).
 */
export function useForm<F extends string>(
  initial: Values<F> | (() => Values<F>),
  rules: (values: Values<F>) => Partial<Record<F, ValidationMessageKey | `${string}:${string}`>>,
): FormState<F> {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Stable, so that an effect may fill a field.
  const set = useCallback((name: F, value: string) => setValues((v) => ({ ...v, [name]: value })), []);
  const reset = () => {
    setValues(initial);
    setErrors({});
    setError(null);
  };
  const validate = () => {
    const problems = Object.entries(rules(values)).filter(([, key]) => key) as [F, string][];
    const text = (key: string) => (key.includes(':') ? t(key) : t(`validation:${key}`));
    setErrors(Object.fromEntries(problems.map(([f, key]) => [f, text(key)])) as FieldErrors<F>);
    return problems.length === 0;
  };
  const showServerErrors = (err: unknown, fieldOfCode: Partial<Record<string, F>> = {}) => {
    if (!(err instanceof ApiError)) return false;
    const details = err.body?.details;
    const field = err.code ? fieldOfCode[err.code] : undefined;
    if (details?.length)
      setErrors(Object.fromEntries(details.map((d) => [d.field, d.message])) as FieldErrors<F>);
    else if (field) setErrors({ [field]: err.body?.message } as FieldErrors<F>);
    return Boolean(details?.length || field);
  };
  return {
    values,
    errors,
    set,
    reset,
    submitting,
    error,
    setError,
    bind: (name) => ({
      value: values[name],
      onChange: (e) => {
        set(name, e.target.value);
        if (errors[name]) setErrors((all) => ({ ...all, [name]: undefined }));
      },
      isInvalid: Boolean(errors[name]),
    }),
    validate,
    showServerErrors,
    onSubmit: (send, failed, fieldOfCode) => async (e) => {
      e.preventDefault();
      setError(null);
      if (!validate()) return;
      setSubmitting(true);
      try {
        await send(values);
      } catch (err) {
        if (!showServerErrors(err, fieldOfCode)) setError(failed(err));
      } finally {
        setSubmitting(false);
      }
    },
  };
}
