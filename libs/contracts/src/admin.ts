/** The support console's shapes (contract §9). Admin lists answer `{items, total, page, pageSize}`. */
import type { Currency, PriceInfo } from './billing';
import type { OrderStatus, PaymentGateway, PaymentItemType, PaymentMethod } from './payments';
import type { Role } from './roles';
import type { OverallStatus, Stage, StageStatus } from './workshop';

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** A VIP made by support starts with this many free start-ups unless told otherwise (contract §8). */
export const DEFAULT_VIP_STARTUP_QUOTA = 3;

export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminUser {
  id: string;
  username: string;
  email: string | null;
  role: Role;
  isPaid: boolean;
  vipStartupQuota: number;
  disabled: boolean;
  emailVerifiedAt: string | null;
  /** When its owner deleted it (anonymised, disabled for good; its orders stay). */
  deletedAt: string | null;
  createdAt: string;
}

export interface AdminUserPatch {
  role?: Role;
  isPaid?: boolean;
  vipStartupQuota?: number;
  disabled?: boolean;
}

export interface AdminOrder {
  id: string;
  userId: string;
  gateway: PaymentGateway;
  /** How it was last handed to its gateway; null for orders made before this was recorded. */
  method: PaymentMethod | null;
  itemType: PaymentItemType;
  itemId: string;
  subject: string;
  amount: number;
  currency: Currency;
  status: OrderStatus;
  gatewayTradeNo: string | null;
  flaggedReason: string | null;
  solutionId: string | null;
  demandId: string | null;
  stage: Stage | null;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The refund asked of the gateway, once an admin asked for one. */
  refund: AdminRefund | null;
  /**
   * For an item delivered apart from its payment (a workshop stage fee): whether it was delivered. A refund keeps a
   * delivered stage's output and puts any other back to awaiting its fee (contract §11). Null for other items.
   */
  delivered: boolean | null;
  /** For a paid plan order: what its period was used for, so that support sees it before refunding (§12). */
  planUse?: PlanUse | null;
}

/**
 * What a plan order's period gave: solutions opened in it (as the reading history has them), VIP start-ups taken
 * from its quota, and the stage fees it waived or took off (a refund takes back those of stages not completed).
 */
export interface PlanUse {
  views: number;
  startups: number;
  stagesWaived: number;
  feesWaived: PriceInfo;
}

/**
 * A refund as the order's gateway answered it: `requested` while it is being asked, `pending` while the gateway
 * cannot be reached (the worker asks it again with the same refund request id).
 */
export interface AdminRefund {
  /** `failed`: accepted by the gateway, then ended without the money reaching the buyer (support refunds by hand). */
  status: 'requested' | 'pending' | 'succeeded' | 'refused' | 'failed';
  gatewayRefundId: string | null;
  /** The gateway's reason for a refusal or a failure. */
  reason: string | null;
  attempts: number;
  updatedAt: string;
}

export interface ReconcileResult {
  order: AdminOrder;
  /** What the gateway said, and whether the order changed because of it. */
  gatewayStatus: string;
  changed: boolean;
}

export interface AdminDemand {
  _id: string;
  userId: string;
  name: string;
  labName: string;
  currentStage: Stage;
  overallStatus: OverallStatus;
  stages: { stage: Stage; status: StageStatus; errorMessage: string | null }[];
  updatedAt: string;
}

export type TimelineKind = 'account' | 'order' | 'view' | 'demand' | 'stage' | 'message' | 'admin';

/** One thing that happened to a user, newest first in the timeline. */
export interface TimelineEntry {
  at: string;
  kind: TimelineKind;
  title: string;
  detail: string | null;
  refId: string | null;
}

export interface QueueCounts {
  name: string;
  counts: {
    waiting: number;
    active: number;
    completed: number;
    failed: number;
    delayed: number;
    paused: number;
  };
  /** The demand-stages queue only: what the last sweep for stages without a live job did. */
  lastSweep?: StageSweepReport | null;
}

/**
 * A sweep of the stages that say `Queued` or `Processing`: those whose job is gone are queued again, those whose
 * job ended without the stage hearing of it end in `Error` (so the user can retry). Job ids, at most 20 of each.
 */
export interface StageSweepReport {
  at: string;
  checked: number;
  requeued: string[];
  errored: string[];
}

export interface FailedJob {
  id: string;
  name: string;
  data: Record<string, unknown>;
  failedReason: string | null;
  attemptsMade: number;
  finishedOn: string | null;
}

export interface AuditItem {
  id: string;
  actorId: string;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

/** `GET /api/admin/solutions/citations`: the solutions the workshop's deliverables cite most. */
export interface SolutionCitations {
  solutionId: string;
  name: string;
  citations: number;
}
