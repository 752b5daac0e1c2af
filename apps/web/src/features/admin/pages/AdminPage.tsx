import { isStaff, Role } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { TabStrip } from '../../../components/TabStrip';
import { useSession } from '../../../lib/use-session';
import { AuditTab } from '../components/AuditTab';
import { BroadcastTab } from '../components/BroadcastTab';
import { DemandsTab } from '../components/DemandsTab';
import { InvoicesTab } from '../components/InvoicesTab';
import { OrdersTab } from '../components/OrdersTab';
import { PlansTab } from '../components/PlansTab';
import { QueuesTab } from '../components/QueuesTab';
import { SolutionsTab } from '../components/SolutionsTab';
import { UsersTab } from '../components/UsersTab';
import { VipApplicationsTab } from '../components/VipApplicationsTab';

const TABS = [
  'users',
  'vip',
  'orders',
  'invoices',
  'demands',
  'solutions',
  'plans',
  'queues',
  'audit',
  'broadcast',
] as const;
/** Tabs whose every call only an admin may make (the server refuses support's). */
const ADMIN_ONLY: readonly string[] = ['plans'];

/** /admin: the support console for support staff and admins (the server checks every call again). */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  const { role } = useSession();
  const [tab, setTab] = useState<(typeof TABS)[number]>('users');
  if (!isStaff(role))
    return (
      <Container className="py-4">
        <Alert variant="warning">{t('forbidden')}</Alert>
      </Container>
    );
  const isAdmin = role === Role.Admin;
  return (
    <Container fluid="xl" className="py-4">
      <h1 className="h4 mb-3">{t('title')}</h1>
      <TabStrip
        tabs={TABS.filter((key) => isAdmin || !ADMIN_ONLY.includes(key))}
        active={tab}
        label={(key) => t(`tabs.${key}`)}
        onSelect={setTab}
      />
      {tab === 'users' && <UsersTab isAdmin={isAdmin} />}
      {tab === 'vip' && <VipApplicationsTab isAdmin={isAdmin} />}
      {tab === 'orders' && <OrdersTab isAdmin={isAdmin} />}
      {tab === 'invoices' && <InvoicesTab />}
      {tab === 'demands' && <DemandsTab />}
      {tab === 'solutions' && <SolutionsTab />}
      {tab === 'plans' && isAdmin && <PlansTab />}
      {tab === 'queues' && <QueuesTab />}
      {tab === 'audit' && <AuditTab />}
      {tab === 'broadcast' && <BroadcastTab />}
    </Container>
  );
}
