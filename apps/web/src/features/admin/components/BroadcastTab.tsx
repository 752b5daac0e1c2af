import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { broadcast } from '../api/admin-api';
import { useAction } from '../use-action';
import { ActionResult } from './AdminFeedback';

/** A message to every active user, with an optional link inside the app. */
export function BroadcastTab() {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState({ title: '', content: '', actionUrl: '' });
  const action = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(t('broadcast.confirm'), async () => {
      const { sent } = await broadcast({
        title: form.title,
        content: form.content,
        ...(form.actionUrl ? { actionUrl: form.actionUrl } : {}),
      });
      setForm({ title: '', content: '', actionUrl: '' });
      return t('broadcast.sent', { count: sent });
    });
  };
  return (
    <Form onSubmit={submit} style={{ maxWidth: 640 }}>
      <Form.Group className="mb-2" controlId="broadcast-title">
        <Form.Label>{t('broadcast.title')}</Form.Label>
        <Form.Control
          required
          maxLength={200}
          value={form.title}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId="broadcast-content">
        <Form.Label>{t('broadcast.content')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          required
          maxLength={2000}
          value={form.content}
          onChange={(e) => setForm({ ...form, content: e.target.value })}
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId="broadcast-url">
        <Form.Label>{t('broadcast.actionUrl')}</Form.Label>
        <Form.Control
          placeholder="/subscription"
          value={form.actionUrl}
          onChange={(e) => setForm({ ...form, actionUrl: e.target.value })}
        />
      </Form.Group>
      <ActionResult action={action} />
      <Button type="submit" disabled={action.busy || !form.title.trim() || !form.content.trim()}>
        {t('broadcast.send')}
      </Button>
    </Form>
  );
}
