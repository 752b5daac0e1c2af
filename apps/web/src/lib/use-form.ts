import type { ValidationMessageKey } from '@think-tank/contracts';
import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/** A form's values: texts as typed, and switches. */
export type FormValues = Record<string, string | boolean>;
/** The fields of V that hold text (bound to inputs, selects and text areas). */
export type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
/** The fields of V that hold a switch (bound to check boxes). */
export type SwitchField<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;
type Field<V> = keyof V & string;
type FieldErrors<V> = Partial<Record<Field<V>, string>>;
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** A rule's answer per field: a message key of the `validation` namespace, or one naming its own (`admin:…`). */
export type FormRules<V> = (
  values: V,
) => Partial<Record<Field<V>, ValidationMessageKey | `${string}:${string}` | undefined>>;

/** What useForm answers: a form's values and its fields' errors, and how they are set. */
export interface FormState<V extends FormValues> {
  values: V;
  errors: FieldErrors<V>;
  /** Sets one field (the same function on every render). */
  set: <K extends Field<V>>(name: K, value: V[K]) => void;
  /** Back to the first values, with no errors shown. */
  reset: () => void;
  /** What a text control of the field takes: its value, its change handler, whether it is invalid. */
  bind: (name: TextField<V>) => {
    value: string;
    onChange: (e: ChangeEvent<Control>) => void;
    isInvalid: boolean;
  };
  /** What a check box of the field takes. */
  bindSwitch: (name: SwitchField<V>) => {
    checked: boolean;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  };
  /** Checks the rules, showing each failing field's message; true when the values may be sent. */
  validate: () => boolean;
  /**
   * Shows a refusal on its fields: the 400's details, or the one field an error code names (`USERNAME_TAKEN` →
   * username); true when a field took it.
   */
  showServerErrors: (err: unknown, fieldOfCode?: Partial<Record<string, Field<V>>>) => boolean;
  /** While the form's send runs (its button busy), and what went wrong, in words, after. */
  submitting: boolean;
  error: string | null;
  setError: (text: string | null) => void;
  /**
   * The form's onSubmit: checks the rules, then runs `send` with the values, busy meanwhile; a refusal shows on its
   * fields (fieldOfCode as for showServerErrors), else as `error`, in the words `failed` gives.
   */
  onSubmit: (
    send: (values: V) => Promise<unknown>,
    failed: (err: unknown) => string | null,
    fieldOfCode?: Partial<Record<string, Field<V>>>,
  ) => (e: FormEvent) => Promise<void>;
}

/**
 * One form's state, checked by the same rules the server applies (the `…Errors` functions of @think-tank/contracts),
 * in the reader's words, and with the server's field errors mapped back onto the fields. Until the first check a
 * field shows nothing; after it, an edited field is checked again as it changes (react-hook-form's default).
 */
export function useForm<V extends FormValues>(initial: V | (() => V), rules: FormRules<V>): FormState<V> {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [checked, setChecked] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Stable, so that an effect may fill a field.
  const set = useCallback(
    <K extends Field<V>>(name: K, value: V[K]) => setValues((v) => ({ ...v, [name]: value })),
    [],
  );
  const text = (key: string) => (key.includes(':') ? t(key) : t(`validation:${key}`));
  const change = <K extends Field<V>>(name: K, value: V[K]) => {
    set(name, value);
    const now = checked ? rules({ ...values, [name]: value })[name] : undefined;
    if (errors[name] || now) setErrors((all) => ({ ...all, [name]: now && text(now) }));
  };
  const reset = () => {
    setValues(initial);
    setErrors({});
    setChecked(false);
    setError(null);
  };
  const validate = () => {
    const problems = Object.entries(rules(values)).filter(([, key]) => key) as [Field<V>, string][];
    setErrors(Object.fromEntries(problems.map(([f, key]) => [f, text(key)])) as FieldErrors<V>);
    setChecked(true);
    return problems.length === 0;
  };
  const showServerErrors = (err: unknown, fieldOfCode: Partial<Record<string, Field<V>>> = {}) => {
    if (!(err instanceof ApiError)) return false;
    const details = err.body?.details;
    const field = err.code ? fieldOfCode[err.code] : undefined;
    if (details?.length)
      setErrors(Object.fromEntries(details.map((d) => [d.field, d.message])) as FieldErrors<V>);
    else if (field) setErrors({ [field]: err.body?.message } as FieldErrors<V>);
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
      value: values[name] as string,
      onChange: (e) => change(name, e.target.value as V[typeof name]),
      isInvalid: Boolean(errors[name]),
    }),
    bindSwitch: (name) => ({
      checked: values[name] as boolean,
      onChange: (e) => change(name, e.target.checked as V[typeof name]),
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
