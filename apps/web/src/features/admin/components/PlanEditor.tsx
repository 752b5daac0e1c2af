import { PeriodType, planFeatures, type PlanInput } from '@think-tank/contracts';
import type { ComponentProps, FormEvent } from 'react';
import { Card, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { useForm, type SwitchField, type TextField } from '../../../lib/use-form';
import { problems, toInput, type PlanForm } from '../plan-form';
import { EditorActions } from './AdminFeedback';

type Text = TextField<PlanForm>;
type Control = Partial<ComponentProps<typeof FormField<PlanForm>>>;

/**
 * One plan on the form kit: names, prices in yuan and dollars, entitlements, and the features buyers will read,
 * written from the entitlements as they are typed.
 */
export function PlanEditor({
  initial,
  busy,
  onSave,
  onCancel,
  onDelete,
}: {
  initial: PlanForm;
  busy: boolean;
  onSave: (input: PlanInput) => void;
  onCancel: () => void;
  onDelete?: (name: string) => void;
}) {
  const { t } = useTranslation('admin');
  const form = useForm<PlanForm>(initial, (v) =>
    Object.fromEntries(
      Object.entries(problems(v)).map(([field, why]) => [field, `admin:plans.wrong.${why}`]),
    ),
  );
  const plan = form.values;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.validate()) onSave(toInput(plan));
  };
  const field = (name: Text, md: number, control: Control = {}) => (
    <FormField form={form} name={name} id={`plan-${name}`} label={t(`plans.${name}`)} md={md} {...control} />
  );
  const text = (name: Text) => field(name, 6, { maxLength: name === 'code' ? 64 : 100 });
  const number = (name: Text) =>
    field(name, 4, {
      inputMode: name.startsWith('price') ? 'decimal' : 'numeric',
      placeholder: name === 'dailyViewLimit' ? t('plans.unlimited') : undefined,
    });
  const check = (name: SwitchField<PlanForm>) => (
    <Form.Check
      inline
      id={`plan-${name}`}
      type="switch"
      label={t(`plans.${name}`)}
      {...form.bindSwitch(name)}
    />
  );

  return (
    <Card>
      <Card.Body>
        <Form noValidate onSubmit={submit} aria-label={t('plans.form')}>
          <Row>
            {text('code')}
            {field('periodType', 6, {
              options: Object.values(PeriodType).map((v) => (
                <option key={v} value={v}>
                  {t(`plans.periods.${v}`)}
                </option>
              )),
            })}
            {text('name')}
            {text('nameEn')}
            {number('priceCny')}
            {number('priceUsd')}
            {number('tier')}
          </Row>
          <div className="mb-2">
            {check('isValid')}
            {check('popular')}
            {check('isVip')}
          </div>
          <Row>
            {number('sortOrder')}
            {plan.isVip && number('vipStartupQuota')}
          </Row>
          <h2 className="h6 mt-2">{t('plans.entitlements')}</h2>
          <Row>
            {number('dailyViewLimit')}
            {!plan.isVip && number('stageFeeDiscount')}
          </Row>
          <div className="mb-2">{check('favouritesAndHistory')}</div>
          <div className="small text-muted mb-2" data-testid="plan-features">
            {t('plans.featuresShown')}
            <ul className="mb-0">
              {planFeatures(toInput(plan), 'zh').map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <p className="small text-muted mb-1">{t('plans.onePerLine')}</p>
          <Row>
            {field('benefits', 6, { as: 'textarea', rows: 3 })}
            {field('benefitsEn', 6, { as: 'textarea', rows: 3 })}
          </Row>
          <Row>
            {text('alipayProductCode')}
            {text('stripePriceId')}
          </Row>
          <EditorActions busy={busy} onCancel={onCancel} onDelete={onDelete && (() => onDelete(plan.name))} />
        </Form>
      </Card.Body>
    </Card>
  );
}
