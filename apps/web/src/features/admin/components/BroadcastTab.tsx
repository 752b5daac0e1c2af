import type { FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { useForm } from '../../../lib/use-form';
import { broadcast } from '../api/admin-api';
import { useAction } from '../use-action';
import { ActionResult } from './AdminFeedback';

const EMPTY = { title: '', content: '', actionUrl: '' };

/** A message to every active user, with an optional link inside the app. */
export function BroadcastTab() {
  const { t } = useTranslation('admin');
  const form = useForm(EMPTY, (v) => ({
    title: v.title.trim() ? undefined : 'fieldRequired',
    content: v.content.trim() ? undefined : 'fieldRequired',
    actionUrl: !v.actionUrl || v.actionUrl.startsWith('/') ? undefined : 'fieldInvalid',
  }));
  const action = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    const { title, content, actionUrl } = form.values;
    void action.run(t('broadcast.confirm'), async () => {
      const { sent } = await broadcast({ title, content, ...(actionUrl ? { actionUrl } : {}) });
      form.reset();
      return t('broadcast.sent', { count: sent });
    });
  };
  return (
    <Form noValidate onSubmit={submit} style={{ maxWidth: 640 }}>
      <FormField form={form} name="title" id="broadcast-title" label={t('broadcast.title')} maxLength={200} />
      <FormField
        form={form}
        name="content"
        id="broadcast-content"
        label={t('broadcast.content')}
        as="textarea"
        rows={4}
        maxLength={2000}
      />
      <FormField
        form={form}
        name="actionUrl"
        id="broadcast-url"
        label={t('broadcast.actionUrl')}
        placeholder="/subscription"
      />
      <ActionResult action={action} />
      <Button type="submit" disabled={action.busy}>
        {t('broadcast.send')}
      </Button>
    </Form>
  );
}
