/** A gateway's answer to a refund request: agreed (with its id for the refund), or refused with its reason. */
export type RefundAnswer = { ok: true; refundId: string | null } | { ok: false; reason: string };
