/** Queue and job names: frozen, because jobs already in Redis carry them across deployments. */
export const QueueName = {
  billing: 'billing',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  /** Daily: expire ended subscription periods and mark the 3-days-before reminders. */
  expireSubscriptions: 'expire-subscriptions',
} as const;
