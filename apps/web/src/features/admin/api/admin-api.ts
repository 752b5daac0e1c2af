import type {
  AdminSolution,
  AdminDemand,
  AdminPlan,
  AdminOrder,
  AdminPage,
  AdminUser,
  AdminUserPatch,
  AuditItem,
  BroadcastRequest,
  FailedJob,
  PlanInput,
  QueueCounts,
  ReconcileResult,
  Stage,
  TimelineEntry,
  AdminVipApplication,
  AdminInvoiceRequest,
  InvoiceRequest,
  IssueInvoiceInput,
  VipApplication,
  SearchResponse,
  SolutionCitations,
  SearchMissItem,
  SolutionInput,
} from '@think-tank/contracts';
import useSWR from 'swr';
import { api, apiDownload } from '../../../lib/api-client';
import { apiKey } from '../../../lib/api-key';

const BASE = '/api/admin';
const get = <T>(path: string) => api<T>(path);

export const useAdminUsers = (search: string, page: number) =>
  useSWR(apiKey(`${BASE}/users`, { query: search, page }), get<AdminPage<AdminUser>>);
export const useTimeline = (userId: string | null) =>
  useSWR(userId ? apiKey(`${BASE}/users/${userId}/timeline`) : null, get<TimelineEntry[]>);
export const useAdminOrders = (
  filter: { status?: string; gateway?: string; userId?: string; flagged?: boolean },
  page: number,
) => useSWR(apiKey(`${BASE}/orders`, { ...filter, page }), get<AdminPage<AdminOrder>>);
export const useVipApplications = (status: string, page: number) =>
  useSWR(apiKey(`${BASE}/vip-applications`, { status, page }), get<AdminPage<AdminVipApplication>>);
export const decideVipApplication = (id: string, how: 'approve' | 'reject', note: string) =>
  api<VipApplication>(`${BASE}/vip-applications/${id}/${how}`, {
    method: 'POST',
    body: note ? { note } : {},
  });
export const useInvoiceRequests = (status: string, page: number) =>
  useSWR(apiKey(`${BASE}/invoices`, { status, page }), get<AdminPage<AdminInvoiceRequest>>);
export const issueInvoice = (id: string, body: IssueInvoiceInput) =>
  api<InvoiceRequest>(`${BASE}/invoices/${id}/issue`, { method: 'POST', body });
export const reverseInvoice = (id: string, body: IssueInvoiceInput) =>
  api<InvoiceRequest>(`${BASE}/invoices/${id}/reverse`, { method: 'POST', body });
export const rejectInvoice = (id: string, reason: string) =>
  api<InvoiceRequest>(`${BASE}/invoices/${id}/reject`, { method: 'POST', body: { reason } });
export const useAdminDemands = (status: string, page: number) =>
  useSWR(apiKey(`${BASE}/demands`, { status, page }), get<AdminPage<AdminDemand>>);
export const useQueues = () =>
  useSWR(apiKey(`${BASE}/queues`), get<QueueCounts[]>, { refreshInterval: 10_000 });
export const useFailedJobs = (name: string | null, page: number) =>
  useSWR(name ? apiKey(`${BASE}/queues/${name}/failed`, { page }) : null, get<AdminPage<FailedJob>>);
export const useAdminPlans = (page: number) =>
  useSWR(apiKey(`${BASE}/plans`, { page }), get<AdminPage<AdminPlan>>);
export const useAudit = (page: number) =>
  useSWR(apiKey(`${BASE}/audit`, { page }), get<AdminPage<AuditItem>>);

export const patchUser = (id: string, patch: AdminUserPatch) =>
  api<AdminUser>(`${BASE}/users/${id}`, { method: 'PATCH', body: patch });
export const refundOrder = (id: string) => api<AdminOrder>(`${BASE}/orders/${id}/refund`, { method: 'POST' });
export const reconcileOrder = (id: string) =>
  api<ReconcileResult>(`${BASE}/orders/${id}/reconcile`, { method: 'POST' });
export const retryDemandStage = (id: string, stage: Stage) =>
  api<void>(`${BASE}/demands/${id}/retry-stage?stage=${stage}`, { method: 'PUT' });
export const retryJob = (queue: string, jobId: string) =>
  api<void>(`${BASE}/queues/${queue}/jobs/${encodeURIComponent(jobId)}/retry`, { method: 'POST' });
export const broadcast = (body: BroadcastRequest) =>
  api<{ sent: number }>(`${BASE}/messages/broadcast`, { method: 'POST', body });
export const savePlan = (id: string | null, body: PlanInput) =>
  id
    ? api<AdminPlan>(`${BASE}/plans/${id}`, { method: 'PUT', body })
    : api<AdminPlan>(`${BASE}/plans`, { method: 'POST', body });
export const deletePlan = (id: string) => api<void>(`${BASE}/plans/${id}`, { method: 'DELETE' });

/** The library as the console lists it: the public search, a page at a time. */
export const useLibraryPage = (q: string, page: number, pageSize: number) =>
  useSWR(apiKey('/api/solutions/search', { query: q, page, pageSize }), get<SearchResponse>);
/** A solution's document, to edit (empty when it cannot be read). */
export const adminSolution = (id: string) =>
  api<AdminSolution>(`${BASE}/solutions/${encodeURIComponent(id)}`);
export const saveSolution = (id: string | null, form: SolutionInput) =>
  id
    ? api(`${BASE}/solutions/${id}`, { method: 'PUT', body: form })
    : api(`${BASE}/solutions`, { method: 'POST', body: form });
export const deleteSolution = (id: string) => api(`${BASE}/solutions/${id}`, { method: 'DELETE' });
export const importSolutions = (items: unknown[]) =>
  api<{ imported: number }>(`${BASE}/solutions/import`, { method: 'POST', body: items });
export const useSolutionCitations = () =>
  useSWR(apiKey(`${BASE}/solutions/citations`), get<SolutionCitations[]>);

/** What visitors searched for and did not find, or found only by its words, the most frequent first (contract §12). */
export const useSearchMisses = () => useSWR(apiKey(`${BASE}/solutions/search-misses`), get<SearchMissItem[]>);
/** An invoice's PDF, or the red-letter one that reverses it, saved under its number. */
export const downloadInvoicePdf = (id: string, reversal: boolean, number: string | null) =>
  apiDownload(`${BASE}/invoices/${id}/${reversal ? 'reversal-pdf' : 'pdf'}`, `invoice-${number}.pdf`);
