import { majorUnits, type PlanInput } from '@think-tank/contracts';
import { useState } from 'react';
import { Badge, Button, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { deletePlan, savePlan, useAdminPlans } from '../api/admin-api';
import { NEW_PLAN, toForm, type PlanForm } from '../plan-form';
import { useAction } from '../use-action';
import { ActionResult } from './AdminFeedback';
import { PagedTable } from './PagedTable';
import { PlanEditor } from './PlanEditor';

/** Admins only: the plan catalogue in both languages and both currencies; support never sees this tab. */
export function PlansTab() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const plans = useAdminPlans(page);
  const { mutate } = plans;
  const [editing, setEditing] = useState<{ id: string | null; form: PlanForm } | null>(null);
  const action = useAction();
  const edit = (id: string | null, form: PlanForm) => {
    action.clear();
    setEditing({ id, form });
  };
  const save = (id: string | null, input: PlanInput) =>
    void action.run(t('plans.confirmSave', { name: input.name }), async () => {
      const saved = await savePlan(id, input);
      setEditing({ id: saved.id, form: toForm(saved) });
      await mutate();
      return t('plans.saved');
    });
  const remove = (id: string, name: string) =>
    void action.run(t('plans.confirmDelete', { name }), async () => {
      await deletePlan(id);
      setEditing(null);
      await mutate();
      return t('plans.deleted');
    });

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
          <PlanEditor
            key={editing.id ?? 'new'}
            initial={editing.form}
            busy={action.busy}
            onSave={(input) => save(editing.id, input)}
            onCancel={() => setEditing(null)}
            onDelete={editing.id ? (name) => remove(editing.id!, name) : undefined}
          />
        </Col>
      )}
    </Row>
  );
}
