import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import { DemandFile } from './entities/demand-file.entity';
import { DemandShare } from './entities/demand-share.entity';

/** Share links and what they open: a demand's live links, and the demand behind a live token. */
@Injectable()
export class DemandSharesRepository {
  constructor(@InjectRepository(DemandShare) private readonly shares: Repository<DemandShare>) {}

  add(share: Pick<DemandShare, 'token' | 'demandId' | 'expiresAt'>): Promise<DemandShare> {
    return this.shares.save(this.shares.create(share));
  }

  /** The demand's links that have not expired, newest first. */
  live(demandId: string): Promise<DemandShare[]> {
    return this.shares.find({
      where: { demandId, expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC' },
    });
  }

  /** Deletes the demand's link; false when it has none by that token. */
  async remove(demandId: string, token: string): Promise<boolean> {
    return ((await this.shares.delete({ demandId, token })).affected ?? 0) > 0;
  }

  /** The live link of a token, with its demand; null for a revoked, expired or unknown one. */
  opened(token: string): Promise<DemandShare | null> {
    return this.shares.findOne({
      where: { token, expiresAt: MoreThan(new Date()) },
      relations: { demand: true },
    });
  }

  /** The paths of a demand's generated pages (its HTML files), for a shared page to list. */
  async pages(demandId: string): Promise<string[]> {
    const rows = await this.shares.manager.find(DemandFile, {
      where: { demandId },
      select: { path: true },
      order: { path: 'ASC' },
    });
    return rows.map((r) => r.path).filter((p) => /\.html$/.test(p));
  }

  async file(demandId: string, path: string): Promise<string | null> {
    const row = await this.shares.manager.findOne(DemandFile, {
      where: { demandId, path },
      select: { content: true },
    });
    return row?.content ?? null;
  }
}
