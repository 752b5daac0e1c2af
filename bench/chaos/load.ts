/**
 * What users do while the chaos run breaks things: readers searching and reading, people with the bell and a
 * demand page open, demand owners walking Startup → Preparation through the sandbox cashier, and buyers whose
 * payments Alipay settles with signed notifies (half of them sent twice, as Alipay does when unsure).
 */
import {
  DEMAND_EVENTS_NAMESPACE,
  DemandSocketEvent,
  NOTIFICATIONS_NAMESPACE,
  NotificationEvent,
  type DemandDetail,
  type DemandEventPayload,
  type MessageItem,
} from '@think-tank/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { LIVE_SOCKET_OPTIONS, keepLive } from '../../apps/web/src/lib/live-socket';
import type { FakeAlipayPlatform } from '../../apps/api/test/fakes/alipay-platform';

export interface Answer {
  status: number;
  body: Record<string, unknown> & unknown[];
}

/** One HTTP call through the balancer; a network failure or a time-out is status 0. */
export async function call(
  base: string,
  method: string,
  path: string,
  { token, body, form }: { token?: string; body?: unknown; form?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: form ? new URLSearchParams(form) : body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* text, such as Alipay's "success" */
    }
    return { status: res.status, body: parsed as Answer['body'] };
  } catch {
    return { status: 0, body: {} as Answer['body'] };
  }
}

/** Asks again, a second apart, until the answer has `status` or the deadline passes (then null). */
async function untilAnswered(
  deadline: number,
  status: number,
  ask: () => Promise<Answer>,
): Promise<Answer | null> {
  while (Date.now() < deadline) {
    const res = await ask();
    if (res.status === status) return res;
    await sleep(1_000);
  }
  return null;
}

/** Readers: searches for real words and views of solutions, from a few concurrent loops; each answer timed. */
export class Readers {
  readonly samples: { at: number; ok: boolean }[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private static readonly TERMS = [
    '数据',
    '供应链',
    'ERP',
    '冷链',
    '智能',
    '预测',
    '客户',
    'AI',
    '质量',
    '库存',
  ];

  constructor(
    private readonly base: string,
    private readonly adminToken: string,
    private readonly solutionIds: string[],
  ) {}

  start(concurrency: number): void {
    this.running = true;
    this.loops = Array.from({ length: concurrency }, async (_, n) => {
      for (let i = n; this.running; i++) {
        const path =
          i % 2
            ? `/api/solutions/search?query=${encodeURIComponent(Readers.TERMS[i % Readers.TERMS.length])}`
            : `/api/solutions/${this.solutionIds[i % this.solutionIds.length]}/view`;
        const res = await call(this.base, 'GET', path, { token: this.adminToken });
        this.samples.push({ at: Date.now(), ok: res.status === 200 });
        if (res.status !== 200) await sleep(100);
      }
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** The share of failed answers between two instants. */
  errorRate(from: number, to: number): number {
    const window = this.samples.filter((s) => s.at >= from && s.at <= to);
    return window.length ? window.filter((s) => !s.ok).length / window.length : 0;
  }
}

/**
 * A socket as the web app opens it (the same options, kept live the same way), remembering when it was opened and
 * how often it connected.
 */
export class LiveClient {
  readonly socket: Socket;
  readonly openedAt = Date.now();
  connects = 0;

  constructor(base: string, namespace: string, token: string) {
    this.socket = io(`${base}${namespace}`, {
      auth: { token, lang: 'zh' },
      ...LIVE_SOCKET_OPTIONS,
      forceNew: true,
    });
    keepLive(this.socket);
    this.socket.on('connect', () => (this.connects += 1));
  }
}

/** The bell: a /notifications socket that remembers the titles pushed to it. */
export class BellClient extends LiveClient {
  readonly titles = new Set<string>();

  constructor(base: string, token: string) {
    super(base, NOTIFICATIONS_NAMESPACE, token);
    this.socket.on(NotificationEvent.newMessage, (m: MessageItem) => this.titles.add(m.title));
  }
}

/**
 * A demand page: follows one demand on /demand-events and, each time it is subscribed again, fetches what it
 * missed with `events?after=` as the page does, so it ends holding the demand's whole history.
 */
export class DemandPage extends LiveClient {
  readonly events = new Map<number, DemandEventPayload>();
  /** As the page does (EventLog): a catch-up starts after what was fetched, not after a push come back early. */
  private fetchedUpTo = 0;

  constructor(
    private readonly base: string,
    private readonly token: string,
    readonly demandId: string,
  ) {
    super(base, DEMAND_EVENTS_NAMESPACE, token);
    this.socket.on('connect', () => this.socket.emit(DemandSocketEvent.subscribe, { demandId }));
    // As the page does: it catches up once subscribed, so that nothing falls between its fetch and its room.
    this.socket.on(DemandSocketEvent.subscribed, () => void this.catchUp());
    for (const name of [DemandSocketEvent.progress, DemandSocketEvent.completed, DemandSocketEvent.error])
      this.socket.on(name, (e: DemandEventPayload) => this.events.set(e.id, e));
  }

  /** The stored events after the last one held (asked again until the API answers, for 30 s at most). */
  async catchUp(): Promise<void> {
    const res = await untilAnswered(Date.now() + 30_000, 200, () =>
      call(this.base, 'GET', `/api/demand-store/${this.demandId}/events?after=${this.fetchedUpTo}`, {
        token: this.token,
      }),
    );
    for (const e of (res?.body ?? []) as DemandEventPayload[]) {
      this.events.set(e.id, e);
      this.fetchedUpTo = Math.max(this.fetchedUpTo, e.id);
    }
  }
}

/** What a walk saw: the user's retries of a failed stage, and whether it ended with Preparation completed. */
export interface Walk {
  demandId: string;
  stageRetries: number;
  done: boolean;
}

const DEMAND = {
  content: '社区团购冷链配送损耗高，车辆利用率低，希望用需求预测和路线优化降低损耗、提高装载率。',
  keyValuePoints: '生鲜损耗率从8%降到4%，车辆装载率从60%提高到80%，准时送达率达到98%。',
};

/**
 * A demand owner as the page lets them act, step by step from what the demand shows now, so that a step whose
 * answer was lost to a fault is judged again rather than repeated blindly: pay the start-up fee at the sandbox
 * cashier, choose a module, enter Preparation, pay its fee, until Preparation is completed.
 */
export async function walkDemand(
  base: string,
  token: string,
  n: number,
  deadline: number,
  onRegistered: (demandId: string) => void,
): Promise<Walk> {
  const registered = await untilAnswered(deadline, 201, () =>
    call(base, 'POST', '/api/demand-store/register-demand', {
      token,
      body: { name: `混沌测试需求 ${n}`, ...DEMAND },
    }),
  );
  const demandId = registered ? String(registered.body.demandId) : '';
  if (demandId) onRegistered(demandId);
  const walk: Walk = { demandId, stageRetries: 0, done: false };
  const pay = async (path: string, body: object) => {
    const order = await call(base, 'POST', path, { token, body });
    if (order.status === 200 && typeof order.body.paymentUrl === 'string')
      await call(base, 'POST', `${order.body.paymentUrl}/pay`);
  };
  while (demandId && Date.now() < deadline) {
    const res = await call(base, 'GET', `/api/demand-store/${demandId}`, { token });
    if (res.status === 200) {
      const d = res.body as unknown as DemandDetail;
      const startup = d.stagesData.Startup;
      const prep = d.stagesData.Preparation;
      if (prep.status === 'Completed') return { ...walk, done: true };
      if ([startup, prep].some((stage) => stage.status === 'Error')) {
        walk.stageRetries += 1;
        await call(base, 'PUT', `/api/demand-store/${demandId}/retry-stage?stage=${d.currentStage}`, {
          token,
        });
      } else if (d.currentStage === 'Startup' && startup.paymentStatus === 'Pending') {
        await pay('/api/payments/initiate-demand-startup', { demandId });
      } else if (d.currentStage === 'Startup' && startup.status === 'Completed') {
        if (!startup.selectedModules.length)
          await call(base, 'PUT', `/api/demand-store/${demandId}/stage-data?stage=Startup`, {
            token,
            body: { output: startup.output, selectedModules: startup.output!.suggested_modules.slice(0, 1) },
          });
        else
          await call(base, 'PUT', `/api/demand-store/${demandId}/advance`, {
            token,
            body: { stageInput: { dataCollection: '门店 POS 每日导出', securityLevel: 'topSecret' } },
          });
      } else if (d.currentStage === 'Preparation' && prep.paymentStatus === 'Pending') {
        await pay('/api/payments/initiate-stage-payment', { demandId, stageToPayFor: 'Preparation' });
      }
    }
    await sleep(1_000);
  }
  return walk;
}

/**
 * A buyer of one solution view paid with Alipay: the order, then Alipay's signed notify (twice when `replay`,
 * the second after a pause, as Alipay repeats a notify it is unsure of), each sent until it is answered.
 */
export async function buyWithNotify(
  base: string,
  token: string,
  solutionId: string,
  alipay: FakeAlipayPlatform,
  replay: boolean,
  deadline: number,
): Promise<string> {
  const order = await untilAnswered(deadline, 200, () =>
    call(base, 'POST', '/api/solutions/initiate-solution-payment', {
      token,
      body: {
        solutionId,
        paymentGateway: 'alipay',
        itemId: 'single_solution_view',
        itemType: 'solution_view',
        amount: 1,
        currency: 'CNY',
      },
    }),
  );
  if (!order) return '';
  const orderId = String(order.body.orderId);
  const status = await untilAnswered(deadline, 200, () =>
    call(base, 'GET', `/api/payments/order-status/${orderId}`, { token }),
  );
  if (!status) return orderId;
  const amount = (Number(status.body.amount) / 100).toFixed(2);
  const message = alipay.notify({ out_trade_no: orderId, total_amount: amount });
  for (let sent = 0; sent < (replay ? 2 : 1) && Date.now() < deadline;) {
    const res = await call(base, 'POST', '/api/payments/alipay/notify', { form: message });
    if (res.status === 200 && String(res.body) === 'success') {
      sent += 1;
      if (replay) await sleep(3_000);
    } else await sleep(1_000);
  }
  return orderId;
}
