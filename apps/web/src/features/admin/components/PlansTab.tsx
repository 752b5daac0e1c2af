import { PeriodType, majorUnits, planFeatures } from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { deletePlan, savePlan, useAdminPlans } from '../api/admin-api';
import { LISTS, NEW_PLAN, problems, toForm, toInput, type ListKey, type PlanForm } from '../plan-form';
import { useAction } from '../use-action';
import { ActionResult, EditorActions } from './AdminFeedback';
import { PagedTable } from './PagedTable';

/** Admins only: the plan catalogue in both languages and both currencies; support never sees this tab. */
export function PlansTab() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const plans = useAdminPlans(page);
  const { mutate } = plans;
  const [editing, setEditing] = useState<{ id: string | null; form: PlanForm } | null>(null);
  const [tried, setTried] = useState(false);
  const action = useAction();
  const wrong = editing ? problems(editing.form) : {};
  // A field says what is wrong once it holds something, or once saving was tried.
  const shown = (k: keyof PlanForm) => (tried || editing?.form[k] !== '' ? wrong[k] : undefined);
  const edit = (id: string | null, form: PlanForm) => {
    action.clear();
    setTried(false);
    setEditing({ id, form });
  };

  const set = <K extends keyof PlanForm>(k: K, v: PlanForm[K]) =>
    editing && setEditing({ ...editing, form: { ...editing.form, [k]: v } });
  const save = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!editing || Object.keys(wrong).length) return;
    const input = toInput(editing.form);
    void action.run(t('plans.confirmSave', { name: input.name }), async () => {
      const saved = await savePlan(editing.id, input);
      setEditing({ id: saved.id, form: toForm(saved) });
      setTried(false);
      await mutate();
      return t('plans.saved');
    });
  };
  const remove = (id: string, name: string) =>
    void action.run(t('plans.confirmDelete', { name }), async () => {
      await deletePlan(id);
      setEditing(null);
      await mutate();
      return t('plans.deleted');
    });

  const text = (k: 'code' | 'name' | 'nameEn' | 'stripePriceId' | 'alipayProductCode', required = true) =>
    editing && (
      <Form.Group as={Col} sm={6} className="mb-2" controlId={`plan-${k}`}>
        <Form.Label>{t(`plans.${k}`)}</Form.Label>
        <Form.Control
          required={required}
          maxLength={k === 'code' ? 64 : 100}
          value={editing.form[k]}
          isInvalid={!!shown(k)}
          onChange={(e) => set(k, e.target.value)}
        />
        <Form.Control.Feedback type="invalid">
          {shown(k) && t(`plans.wrong.${shown(k)}`)}
        </Form.Control.Feedback>
      </Form.Group>
    );
  const number = (
    k:
      | 'priceCny'
      | 'priceUsd'
      | 'tier'
      | 'sortOrder'
      | 'vipStartupQuota'
      | 'dailyViewLimit'
      | 'stageFeeDiscount',
  ) =>
    editing && (
      <Form.Group as={Col} sm={4} className="mb-2" controlId={`plan-${k}`}>
        <Form.Label>{t(`plans.${k}`)}</Form.Label>
        <Form.Control
          inputMode={k.startsWith('price') ? 'decimal' : 'numeric'}
          required={k !== 'dailyViewLimit'}
          placeholder={k === 'dailyViewLimit' ? t('plans.unlimited') : undefined}
          value={editing.form[k]}
          isInvalid={!!shown(k)}
          onChange={(e) => set(k, e.target.value.trim())}
        />
        <Form.Control.Feedback type="invalid">
          {shown(k) && t(`plans.wrong.${shown(k)}`)}
        </Form.Control.Feedback>
      </Form.Group>
    );
  const check = (k: 'isValid' | 'popular' | 'isVip' | 'favouritesAndHistory') =>
    editing && (
      <Form.Check
        inline
        id={`plan-${k}`}
        type="switch"
        label={t(`plans.${k}`)}
        checked={editing.form[k]}
        onChange={(e) => set(k, e.target.checked)}
      />
    );
  const list = (k: ListKey) =>
    editing && (
      <Form.Group as={Col} sm={6} className="mb-2" controlId={`plan-${k}`}>
        <Form.Label>{t(`plans.${k}`)}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={editing.form[k]}
          onChange={(e) => set(k, e.target.value)}
        />
      </Form.Group>
    );

  return (
    <Row>
      <Col lg={editing ? 5 : 12}>
        <div className="d-flex mb-2">
          <Button variant="outline-primary" className="ms-auto" onClick={() => edit(null, NEW_PLAN)}>
            {t('plans.new')}
          </Button>
        </div>
        <ActionResult action={action} />
        <PagedTable
          page={plans}
          hover
          headings={[t('plans.form'), t('plans.price'), t('plans.periodType')]}
          actions
          onPage={setPage}
          row={(p) => (
            <tr
              key={p.id}
              role="button"
              onClick={() => edit(p.id, toForm(p))}
              className={editing?.id === p.id ? 'table-active' : ''}
            >
              <td>
                {p.name}
                <div className="small text-muted">{p.code}</div>
              </td>
              <td className="text-nowrap">
                ¥{majorUnits(p.priceCny)} / ${majorUnits(p.priceUsd)}
              </td>
              <td>{t(`plans.periods.${p.periodType}`)}</td>
              <td className="text-nowrap">
                {!p.isValid && <Badge bg="secondary">{t('plans.notOnSale')}</Badge>}{' '}
                {p.popular && <Badge bg="warning">{t('plans.popular')}</Badge>}{' '}
                {p.isVip && <Badge bg="dark">VIP</Badge>}
              </td>
            </tr>
          )}
        />
      </Col>
      {editing && (
        <Col lg={7}>
          <Card>
            <Card.Body>
              <Form noValidate onSubmit={save} aria-label={t('plans.form')}>
                <Row>
                  {text('code')}
                  <Form.Group as={Col} sm={6} className="mb-2" controlId="plan-periodType">
                    <Form.Label>{t('plans.periodType')}</Form.Label>
                    <Form.Select
                      value={editing.form.periodType}
                      onChange={(e) => set('periodType', e.target.value as PeriodType)}
                    >
                      {Object.values(PeriodType).map((v) => (
                        <option key={v} value={v}>
                          {t(`plans.periods.${v}`)}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
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
                  {editing.form.isVip && number('vipStartupQuota')}
                </Row>
                <h2 className="h6 mt-2">{t('plans.entitlements')}</h2>
                <Row>
                  {number('dailyViewLimit')}
                  {!editing.form.isVip && number('stageFeeDiscount')}
                </Row>
                <div className="mb-2">{check('favouritesAndHistory')}</div>
                <div className="small text-muted mb-2" data-testid="plan-features">
                  {t('plans.featuresShown')}
                  <ul className="mb-0">
                    {planFeatures(toInput(editing.form), 'zh').map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
                <p className="small text-muted mb-1">{t('plans.onePerLine')}</p>
                <Row>{LISTS.map(list)}</Row>
                <Row>
                  {text('alipayProductCode', false)}
                  {text('stripePriceId', false)}
                </Row>
                <EditorActions
                  busy={action.busy}
                  onCancel={() => setEditing(null)}
                  onDelete={editing.id ? () => remove(editing.id!, editing.form.name) : undefined}
                />
              </Form>
            </Card.Body>
          </Card>
        </Col>
      )}
    </Row>
  );
}
