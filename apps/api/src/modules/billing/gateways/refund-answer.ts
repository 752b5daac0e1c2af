/**
 * A gateway's answer to a refund request: agreed (with its id for the refund), or refused with its reason. A
 * gateway that could not be reached, or did not answer as it should, throws instead: the refund stays pending and
 * is asked again under the same refund request id, which the gateway treats as the same refund.
 */
export type RefundAnswer =
  | { ok: true; refundId: string | null }
  /** Refused; `failed`: accepted at first, then ended without the money reaching the buyer (WeChat's ABNORMAL). */
  | { ok: false; reason: string; failed?: boolean };
