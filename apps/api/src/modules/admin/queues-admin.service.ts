import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import {
  JobName,
  QueueName,
  STAGE_SWEEP_REPORT_KEY,
  type AdminPage,
  type FailedJob,
  type QueueCounts,
  type StageSweepReport,
} from '@think-tank/contracts';
import type { Job, Queue } from 'bull';
import type Redis from 'ioredis';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { Transactions } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import { REDIS } from '../../core/redis/redis.provider';

/** What support sees of a job: a mail's recipient and subject, never its text (it may hold a code or a link). */
function visibleData(job: Job): Record<string, unknown> {
  if (job.name !== JobName.sendMail) return job.data as Record<string, unknown>;
  const { to, subject } = job.data as { to: string; subject: string };
  return { to, subject };
}

/**
 * The Bull queues for support: counts by state (with the last stage sweep's report), the failed jobs with their
 * errors, and a retry.
 */
@Injectable()
export class QueuesAdminService {
  private readonly queues: Map<string, Queue>;

  constructor(
    @InjectQueue(QueueName.demandStages) demandStages: Queue,
    @InjectQueue(QueueName.billing) billing: Queue,
    @InjectQueue(QueueName.mail) mail: Queue,
    private readonly transactions: Transactions,
    private readonly audit: AuditLog,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.queues = new Map([
      [QueueName.demandStages, demandStages],
      [QueueName.billing, billing],
      [QueueName.mail, mail],
    ]);
  }

  async counts(): Promise<QueueCounts[]> {
    const sweep = await this.redis.get(STAGE_SWEEP_REPORT_KEY);
    const lastSweep = sweep ? (JSON.parse(sweep) as StageSweepReport) : null;
    return Promise.all(
      [...this.queues].map(async ([name, queue]) => {
        const c = await queue.getJobCounts();
        return {
          name,
          counts: {
            waiting: c.waiting,
            active: c.active,
            completed: c.completed,
            failed: c.failed,
            delayed: c.delayed,
            paused: (c as { paused?: number }).paused ?? 0,
          },
          ...(name === QueueName.demandStages && { lastSweep }),
        };
      }),
    );
  }

  /**
   * When each queue's oldest waiting job became ready to run (null when none waits): added, or its delay or retry
   * backoff over. Bull lists a queue's waiting jobs newest first, so the oldest is one range read.
   */
  async oldestWaiting(): Promise<{ name: string; since: number | null }[]> {
    return Promise.all(
      [...this.queues].map(async ([name, queue]) => {
        const [job] = await queue.getWaiting(0, 0);
        const since = job && Math.max(job.timestamp + (job.opts.delay ?? 0), job.finishedOn ?? 0);
        return { name, since: since || null };
      }),
    );
  }

  async failed(name: string, page: number, pageSize: number): Promise<AdminPage<FailedJob>> {
    const queue = this.queue(name);
    const start = (page - 1) * pageSize;
    const [jobs, total] = await Promise.all([
      queue.getFailed(start, start + pageSize - 1),
      queue.getFailedCount(),
    ]);
    return {
      items: jobs.map((j) => ({
        id: String(j.id),
        name: j.name,
        data: visibleData(j),
        failedReason: j.failedReason ?? null,
        attemptsMade: j.attemptsMade,
        finishedOn: j.finishedOn ? new Date(j.finishedOn).toISOString() : null,
      })),
      total,
      page,
      pageSize,
    };
  }

  /** Puts a failed job back in the queue; a job that is not failed (or gone) is 409 or 404. */
  async retry(actorId: string, name: string, jobId: string): Promise<void> {
    const job = await this.queue(name).getJob(jobId);
    if (!job) throw new AppError('NOT_FOUND');
    if (!(await job.isFailed())) throw new AppError('CONFLICT');
    await job.retry();
    await this.transactions.run((tx) =>
      this.audit.record(tx, {
        actorId,
        action: 'queue.retry',
        targetType: 'job',
        targetId: `${name}:${jobId}`.slice(0, 64),
      }),
    );
  }

  private queue(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new AppError('NOT_FOUND');
    return queue;
  }
}
