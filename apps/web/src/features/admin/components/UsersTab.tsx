import { ROLES, Role, type AdminUser, type Role as RoleName } from '@think-tank/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-time';
import { patchUser, useAdminUsers, useTimeline } from '../api/admin-api';
import { useAction } from '../use-action';
import { ActionResult } from './AdminFeedback';
import { PagedTable } from './PagedTable';

/** Users: search by e-mail or name, open one, see its timeline, change it. */
export function UsersTab({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('admin');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const users = useAdminUsers(search, page);
  const { data, mutate } = users;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(input.trim());
    setPage(1);
  };
  const open = data?.items.find((u) => u.id === openId) ?? null;
  return (
    <Row>
      <Col lg={open ? 6 : 12}>
        <Form onSubmit={submit} className="mb-2">
          <div className="d-flex gap-2">
            <Form.Control
              aria-label={t('users.search')}
              placeholder={t('users.search')}
              value={input}
              onChange={(e) => setInput(e.target.value)}
            />
            <Button type="submit" className="text-nowrap">
              {t('users.find')}
            </Button>
          </div>
        </Form>
        <PagedTable
          page={users}
          hover
          headings={[t('users.username'), t('users.email'), t('users.role'), t('users.state')]}
          onPage={setPage}
          row={(u) => (
            <tr
              key={u.id}
              role="button"
              className={u.id === openId ? 'table-active' : ''}
              onClick={() => setOpenId(u.id)}
            >
              <td>{u.username}</td>
              <td>{u.email}</td>
              <td>{u.role}</td>
              <td>
                {u.isPaid && (
                  <Badge bg="success" className="me-1">
                    {t('users.paid')}
                  </Badge>
                )}
                {u.deletedAt ? (
                  <Badge bg="secondary">{t('users.deleted')}</Badge>
                ) : (
                  u.disabled && <Badge bg="danger">{t('users.disabled')}</Badge>
                )}
              </td>
            </tr>
          )}
        />
      </Col>
      {open && (
        <Col lg={6}>
          <UserPanel key={open.id} user={open} isAdmin={isAdmin} onSaved={() => mutate()} />
        </Col>
      )}
    </Row>
  );
}

function UserPanel({
  user,
  isAdmin,
  onSaved,
}: {
  user: AdminUser;
  isAdmin: boolean;
  /** Reads the list again; the panel shows the user as saved once it resolves. */
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState({
    role: user.role,
    isPaid: user.isPaid,
    vipStartupQuota: user.vipStartupQuota,
    disabled: user.disabled,
  });
  useEffect(
    () =>
      setForm({
        role: user.role,
        isPaid: user.isPaid,
        vipStartupQuota: user.vipStartupQuota,
        disabled: user.disabled,
      }),
    [user],
  );
  const { data: timeline, mutate: reloadTimeline } = useTimeline(user.id);
  const action = useAction();
  const save = (e: FormEvent) => {
    e.preventDefault();
    // Only what changed: a VIP made without a quota then gets the default start-ups.
    const patch = Object.fromEntries(
      (Object.keys(form) as (keyof typeof form)[])
        .filter((k) => (isAdmin || k === 'disabled') && form[k] !== user[k])
        .map((k) => [k, form[k]]),
    );
    void action.run(t('users.confirmSave', { name: user.username }), async () => {
      await patchUser(user.id, patch);
      // "Saved" is said once the panel shows what was saved (the default VIP quota, say), not before.
      await Promise.all([onSaved(), reloadTimeline()]);
      return t('users.saved');
    });
  };
  return (
    <Card data-testid="user-panel">
      <Card.Header>
        <strong>{user.username}</strong> <span className="text-muted small">{user.email}</span>
      </Card.Header>
      <Card.Body>
        <Form onSubmit={save} className="mb-3">
          <Row className="g-2 align-items-end">
            <Col xs={6}>
              <Form.Label htmlFor="admin-role">{t('users.role')}</Form.Label>
              <Form.Select
                id="admin-role"
                disabled={!isAdmin}
                value={form.role}
                onChange={(e) => setForm({ ...form, role: e.target.value as RoleName })}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </Form.Select>
            </Col>
            <Col xs={6}>
              <Form.Label htmlFor="admin-quota">{t('users.quota')}</Form.Label>
              <Form.Control
                id="admin-quota"
                type="number"
                min={0}
                max={1000}
                disabled={!isAdmin}
                value={form.vipStartupQuota}
                onChange={(e) => setForm({ ...form, vipStartupQuota: Number(e.target.value) })}
              />
            </Col>
            <Col xs={6}>
              <Form.Check
                type="switch"
                id="admin-paid"
                label={t('users.paid')}
                disabled={!isAdmin}
                checked={form.isPaid}
                onChange={(e) => setForm({ ...form, isPaid: e.target.checked })}
              />
            </Col>
            <Col xs={6}>
              <Form.Check
                type="switch"
                id="admin-disabled"
                label={t('users.disabled')}
                disabled={!isAdmin && (user.role === Role.Admin || user.role === Role.Support)}
                checked={form.disabled}
                onChange={(e) => setForm({ ...form, disabled: e.target.checked })}
              />
            </Col>
          </Row>
          {!isAdmin && <Form.Text muted>{t('users.supportLimits')}</Form.Text>}
          <div className="mt-2">
            <Button type="submit" size="sm" disabled={action.busy}>
              {t('users.save')}
            </Button>
          </div>
        </Form>
        <ActionResult action={action} />
        <h3 className="h6">{t('users.timeline')}</h3>
        <ul
          className="list-unstyled small"
          data-testid="timeline"
          style={{ maxHeight: 420, overflowY: 'auto' }}
        >
          {timeline?.map((e, i) => (
            <li key={i} className="border-bottom py-1">
              <span className="text-muted me-2">
                {formatDate(e.at)} {new Date(e.at).toLocaleTimeString('zh-CN', { hour12: false })}
              </span>
              <Badge bg="light" text="dark" className="me-1">
                {t(`kinds.${e.kind}`)}
              </Badge>
              <strong>{e.title}</strong> {e.detail && <span className="text-muted">— {e.detail}</span>}
            </li>
          ))}
        </ul>
      </Card.Body>
    </Card>
  );
}
