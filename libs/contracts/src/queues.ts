/** Queue and job names: frozen, because jobs already in Redis carry them across deployments. */
export const QueueName = {
  billing: 'billing',
  /** The workshop's stage jobs, processed by the worker entry point. */
  demandStages: 'demand-stages',
  /** Outgoing mail, sent by the worker: no request waits for SMTP (nor tells by its timing who has an account). */
  mail: 'mail',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  /** Daily: expire ended subscription periods and mark the 3-days-before reminders. */
  expireSubscriptions: 'expire-subscriptions',
  /** Generate one stage of one demand: payload `{demandId, stage, run}`. */
  runStage: 'run-stage',
  /** Every 5 minutes: find stages queued or processing without a live job, and re-queue or fail them. */
  sweepStages: 'sweep-stages',
  /** Every 10 minutes: ask the gateways about orders pending too long. */
  reconcileOrders: 'reconcile-orders',
  /** Every minute: ask again the gateways that could not be reached for a refund (same refund request id). */
  retryRefunds: 'retry-refunds',
  /** Send one mail: payload `{to, subject, text, html}`. */
  sendMail: 'send-mail',
  /**
   * Mail a new code or a reset link to an address if it has such an account: payload `{kind, email}`. The request
   * only queues it, so a known address is answered exactly as an unknown one.
   */
  accountMail: 'account-mail',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** The queue each job runs on: the worker refuses to start unless every one has its handler. */
export const JobQueue: Record<JobName, QueueName> = {
  [JobName.expireSubscriptions]: QueueName.billing,
  [JobName.reconcileOrders]: QueueName.billing,
  [JobName.retryRefunds]: QueueName.billing,
  [JobName.runStage]: QueueName.demandStages,
  [JobName.sweepStages]: QueueName.demandStages,
  [JobName.sendMail]: QueueName.mail,
  [JobName.accountMail]: QueueName.mail,
};

/** The Redis key (under the app's prefix) of the last stage sweep's report, written by the worker. */
export const STAGE_SWEEP_REPORT_KEY = 'stage-sweep:last';

/** The payload of an `account-mail` job. */
export interface AccountMailJob {
  kind: 'verification-code' | 'password-reset';
  email: string;
}
