import type {
  AdvanceResponse,
  DemandShare,
  SharedDemand,
  AnsweredQuestion,
  AnswersRequest,
  DemandDetail,
  DemandEventPayload,
  DemandListItem,
  DemandModule,
  DemandRequest,
  OverallStatus,
  PaymentInstruction,
  RegisterDemandResponse,
  Stage,
  StageInput,
  StageOutput,
  ViewTicket,
} from '@think-tank/contracts';
import useSWR, { mutate } from 'swr';
import { prefetch } from '../../../lib/prefetch';
import useSWRMutation from 'swr/mutation';
import { api, apiDownload, apiPage, apiText } from '../../../lib/api-client';
import { BASE, demandEventsPath, workshopKeys } from './workshop-keys';

/** A page of the owner's demands and how many there are in all. */
export function useDemands(stage?: Stage | null, status?: OverallStatus | null, page = 1, query = '') {
  return useSWR(workshopKeys.list(stage, status, page, query), (path: string) =>
    apiPage<DemandListItem>(path),
  );
}

/** Every cached page of the list, whatever its filter: archiving, unarchiving or deleting moves a demand between them. */
export const revalidateDemandLists = () =>
  mutate((key) => typeof key === 'string' && (key === BASE || key.startsWith(`${BASE}?`)));

const fetchDemand = (path: string) => api<DemandDetail>(path);

export function useDemand(id: string) {
  return useSWR(workshopKeys.detail(id), fetchDemand);
}

/** A first visit's stored events of its demand, asked for with it; taken by the page's first fetch of them. */
const firstEvents = new Map<string, Promise<DemandEventPayload[]>>();

/**
 * The demand its page opens on and its stored events, already asked for alongside the page's code (the feature's
 * index.ts): the live panel's lines then do not wait for the page to render before they are asked for.
 */
export const preloadDemand = (
  id: string,
  answer: Promise<DemandDetail>,
  events: Promise<DemandEventPayload[]>,
) => {
  firstEvents.set(id, events);
  return Promise.all([prefetch(workshopKeys.detail(id), () => answer), events]);
};

export function fetchDemandEvents(id: string, after = 0): Promise<DemandEventPayload[]> {
  const ask = () => api<DemandEventPayload[]>(demandEventsPath(id, after));
  const early = after === 0 ? firstEvents.get(id) : undefined;
  firstEvents.delete(id);
  return early ? early.catch(ask) : ask();
}

export const registerDemand = (body: DemandRequest) =>
  api<RegisterDemandResponse>(`${BASE}/register-demand`, { method: 'POST', body });

/** The VIP channel: started, or registered with the start-up order when the quota is spent. */
export type VipStartResponse =
  | { success: true; demandId: string; redirectTo: string; message: string }
  | ({ success: false; demandId: string; message: string } & PaymentInstruction);

export const startWithVipQuota = (body: DemandRequest) =>
  api<VipStartResponse>(`${BASE}/use-vip-startup-quota`, { method: 'POST', body });

export const initiateDemandStartup = (demandId: string) =>
  api<PaymentInstruction>('/api/payments/initiate-demand-startup', { method: 'POST', body: { demandId } });

export type StagePaymentResponse = PaymentInstruction | { status: 'no_payment_required'; message: string };

export const initiateStagePayment = (demandId: string, stage: Stage, selectedModulesCount: number) =>
  api<StagePaymentResponse>('/api/payments/initiate-stage-payment', {
    method: 'POST',
    body: { demandId, stageToPayFor: stage, paymentItemType: 'demand_store_payment', selectedModulesCount },
  });

export const advanceDemand = (id: string, stageInput: StageInput) =>
  api<AdvanceResponse>(`${workshopKeys.detail(id)}/advance`, { method: 'PUT', body: { stageInput } });

export const reviseDemand = (id: string, body: { content: string; keyValuePoints: string }) =>
  api<DemandDetail>(`${workshopKeys.detail(id)}/revise?stage=Startup`, { method: 'PUT', body });

export const retryStage = (id: string, stage: Stage) =>
  api<DemandDetail>(`${workshopKeys.detail(id)}/retry-stage?stage=${stage}`, { method: 'PUT' });

export const saveStageData = (
  id: string,
  stage: Stage,
  output: StageOutput,
  selectedModules: DemandModule[],
) =>
  api<DemandDetail>(`${workshopKeys.detail(id)}/stage-data?stage=${stage}`, {
    method: 'PUT',
    body: { output, selectedModules },
  });

/** Answers to the questions registration asked (contract §12); an empty answer takes one back. */
export const answerQuestions = (id: string, answers: AnswersRequest['answers']) =>
  api<AnsweredQuestion[]>(`${workshopKeys.detail(id)}/answers`, { method: 'PUT', body: { answers } });

/** A demand's live share links (contract §12), and making and revoking one. */
export const useShares = (id: string | null) =>
  useSWR<DemandShare[]>(id ? `${workshopKeys.detail(id)}/shares` : null, (key: string) =>
    api<DemandShare[]>(key),
  );
export const createShare = (id: string, expiresInDays: number) =>
  api<DemandShare>(`${workshopKeys.detail(id)}/shares`, { method: 'POST', body: { expiresInDays } });
export const revokeShare = (id: string, token: string) =>
  api<void>(`${workshopKeys.detail(id)}/shares/${encodeURIComponent(token)}`, { method: 'DELETE' });

/** What a share link shows, read without signing in. */
export const sharedPath = (token: string) => `/api/shared/${encodeURIComponent(token)}`;
export const useSharedDemand = (token: string) =>
  useSWR<SharedDemand>(sharedPath(token), (key: string) => api<SharedDemand>(key, { anonymous: true }));

export const archiveDemand = (id: string) =>
  api<DemandDetail>(`${workshopKeys.detail(id)}/archive`, { method: 'PUT' });
export const unarchiveDemand = (id: string) =>
  api<DemandDetail>(`${workshopKeys.detail(id)}/unarchive`, { method: 'PUT' });

export const deleteDemand = (id: string) => api<void>(workshopKeys.detail(id), { method: 'DELETE' });

/**
 * A call that answers the demand, as a hook: its answer becomes the cached demand (no refetch), and `isMutating`
 * is the busy state of the button that made it. `trigger` throws what the call threw, for the caller to word.
 */
function useDemandChange<Arg, Answer extends DemandDetail>(
  id: string,
  call: (id: string, arg: Arg) => Promise<Answer>,
) {
  return useSWRMutation<Answer, unknown, string, Arg, DemandDetail>(
    workshopKeys.detail(id),
    (_key, { arg }) => call(id, arg),
    { populateCache: true, revalidate: false },
  );
}

export const useAdvanceDemand = (id: string) => useDemandChange(id, advanceDemand);
export const useRetryStage = (id: string) => useDemandChange(id, retryStage);
export const useReviseDemand = (id: string) => useDemandChange(id, reviseDemand);
export const useSaveStageData = (id: string) =>
  useDemandChange(id, (demandId, a: { stage: Stage; output: StageOutput; selectedModules: DemandModule[] }) =>
    saveStageData(demandId, a.stage, a.output, a.selectedModules),
  );

/** The deliverables as a Word file: one stage, or every finished one. */
export const downloadWord = (demandId: string, stage?: Stage) =>
  apiDownload(`${workshopKeys.detail(demandId)}/export/docx${stage ? `?stage=${stage}` : ''}`, 'demand.docx');

/** A generated file of a lab, read as text (JSON or plain); HTML files go to a frame by a ticket instead. */
export const labFileText = (labName: string, path: string) =>
  apiText(
    `/api/solutions/private/${encodeURIComponent(labName)}/${path.split('/').map(encodeURIComponent).join('/')}`,
  );

/** A single-use URL for the lab viewer's frame to load an HTML file by. */
export const labTicket = (labName: string, path: string) =>
  api<ViewTicket>(`${BASE}/lab-ticket`, { method: 'POST', body: { labName, path } });

/** The server's diagnostic page (/minimal-test), as anyone may read it. */
export const minimalTestPage = () => apiText('/api/minimal-test/view', { anonymous: true });
