import { Injectable } from '@nestjs/common';
import { SHARE_DAYS, STAGES, WebRoute, type DemandShare, type SharedDemand } from '@think-tank/contracts';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { RateLimiter } from '../../core/redis/rate-limiter.service';
import { DemandSharesRepository } from './demand-shares.repository';
import { DemandsRepository } from './demands.repository';
import type { DemandShare as ShareRow } from './entities/demand-share.entity';
import type { Requester } from './requester';
import { WorkshopService } from './workshop.service';

/** Links per demand alive at once, and new links per user an hour. */
const LIVE_PER_DEMAND = 20;
const NEW_SHARES = { max: 30, windowSeconds: 3600 };
/** Opened pages and files per client address a minute: enough to read, not to harvest tokens. */
const OPENS_PER_ADDRESS = { max: 120, windowSeconds: 60 };

/**
 * Share links (contract §12 "Shared deliverables"): the owner makes, lists and revokes them; anyone holding one reads
 * the demand's name, its generated outputs and its lab pages, and nothing else of the owner, until it expires.
 */
@Injectable()
export class DemandSharesService {
  constructor(
    private readonly shares: DemandSharesRepository,
    private readonly demands: DemandsRepository,
    private readonly workshop: WorkshopService,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  async create(who: Requester, demandId: string, days: number = SHARE_DAYS.default): Promise<DemandShare> {
    await this.workshop.own(who.id, demandId);
    await this.limiter.take({ key: `shares:${who.id}`, ...NEW_SHARES });
    if ((await this.shares.live(demandId)).length >= LIVE_PER_DEMAND) throw AppError.tooManyRequests(3600);
    const row = await this.shares.add({
      token: randomBytes(32).toString('base64url'),
      demandId,
      expiresAt: new Date(Date.now() + days * 86_400_000),
    });
    return this.toShare(row);
  }

  async list(who: Requester, demandId: string): Promise<DemandShare[]> {
    await this.workshop.own(who.id, demandId);
    return (await this.shares.live(demandId)).map((row) => this.toShare(row));
  }

  async revoke(who: Requester, demandId: string, token: string): Promise<void> {
    await this.workshop.own(who.id, demandId);
    if (!(await this.shares.remove(demandId, token))) throw new AppError('NOT_FOUND');
  }

  /** What the link shows: the finished stages' outputs and the lab's pages. */
  async open(token: string, address: string): Promise<SharedDemand> {
    const share = await this.live(token, address);
    const demand = share.demand!;
    const stages = await this.demands.stagesOf(demand.id);
    return {
      name: demand.name,
      outputLanguage: demand.outputLanguage,
      expiresAt: share.expiresAt.toISOString(),
      stages: STAGES.map((stage) => stages.find((s) => s.stage === stage))
        .filter((s) => s?.status === 'Completed' && s.output)
        .map((s) => ({ stage: s!.stage, output: s!.output!, selectedModules: s!.selectedModules })),
      files: await this.shares.pages(demand.id),
    };
  }

  /** One of the demand's lab files, for whoever holds the link. */
  async file(token: string, path: string, address: string): Promise<string> {
    const share = await this.live(token, address);
    const content = await this.shares.file(share.demandId, path);
    if (content === null) throw new AppError('NOT_FOUND');
    return content;
  }

  private async live(token: string, address: string): Promise<ShareRow> {
    await this.limiter.take({ key: `shared:${address}`, ...OPENS_PER_ADDRESS });
    const share = /^[\w-]{43}$/.test(token) ? await this.shares.opened(token) : null;
    if (!share) throw new AppError('NOT_FOUND');
    return share;
  }

  private toShare(row: ShareRow): DemandShare {
    return {
      token: row.token,
      url: `${this.config.publicUrl}${WebRoute.shared(row.token)}`,
      expiresAt: row.expiresAt.toISOString(),
    };
  }
}
