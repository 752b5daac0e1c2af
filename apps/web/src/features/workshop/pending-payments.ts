import type { Stage } from '@think-tank/contracts';

/** Browser storage of payments in flight (demand-workshop §3, local storage). */
const STARTUP_KEY = 'pendingStartupPayment';
const stageOrderKey = (demandId: string, stage: Stage) => `pendingStageOrder:${demandId}:${stage}`;

export interface PendingStartup {
  orderId: string;
  demandId: string;
}

function read<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

export const pendingStartup = {
  save: (p: PendingStartup) => localStorage.setItem(STARTUP_KEY, JSON.stringify(p)),
  read: () => read<PendingStartup>(STARTUP_KEY),
  clear: () => localStorage.removeItem(STARTUP_KEY),
};

export const pendingStageOrder = {
  save: (demandId: string, stage: Stage, orderId: string) =>
    localStorage.setItem(stageOrderKey(demandId, stage), JSON.stringify({ orderId })),
  read: (demandId: string, stage: Stage) => read<{ orderId: string }>(stageOrderKey(demandId, stage)),
  clear: (demandId: string, stage: Stage) => localStorage.removeItem(stageOrderKey(demandId, stage)),
};
