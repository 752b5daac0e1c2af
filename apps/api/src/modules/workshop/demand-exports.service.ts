import { Injectable } from '@nestjs/common';
import { isStaff, STAGE_NAMES, STAGES, type Stage } from '@think-tank/contracts';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { RateLimiter } from '../../core/redis/rate-limiter.service';
import { AuthService } from '../auth';
import type { Requester } from './requester';
import { DemandsRepository } from './demands.repository';
import type { DemandStage } from './entities/demand-stage.entity';
import { wordExport } from './generation/word-export';

/** Word exports per user a minute (contract §11): each costs a share of a replica's CPU. */
const EXPORT_LIMIT = { max: 10, windowSeconds: 60 };
/** Characters a file name may not carry on common systems, and control characters. */
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|\p{Cc}]/gu;

/**
 * A demand's deliverables to take to a meeting: a Word document of one stage or of every finished stage. For the
 * people who may read its lab files: the owner, support and admin.
 */
@Injectable()
export class DemandExportsService {
  constructor(
    private readonly demands: DemandsRepository,
    private readonly auth: AuthService,
    private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {}

  async word(who: Requester, demandId: string, stage?: Stage): Promise<{ file: Buffer; fileName: string }> {
    const staff = isStaff(await this.auth.roleOf(who.id));
    const demand = isUuid(demandId)
      ? await (staff ? this.demands.byId(demandId) : this.demands.ownedBy(demandId, who.id))
      : null;
    if (!demand) throw new AppError('NOT_FOUND');
    await this.limiter.take({ key: `export:${who.id}`, ...EXPORT_LIMIT });
    const rows = await this.demands.stagesOf(demandId);
    const finished = STAGES.filter((s) => !stage || s === stage)
      .map((s) => rows.find((r) => r.stage === s))
      .filter((r): r is DemandStage & { output: NonNullable<DemandStage['output']> } =>
        Boolean(r?.status === 'Completed' && r.output),
      );
    if (!finished.length) throw new AppError('STAGE_NOT_COMPLETED');
    const file = await wordExport(
      demand,
      finished.map((r) => ({ stage: r.stage, output: r.output, selectedModules: r.selectedModules })),
      this.config.publicUrl,
    );
    const part = stage ? `-${STAGE_NAMES[stage][demand.outputLanguage]}` : '';
    return { file, fileName: `${demand.name.replace(UNSAFE_IN_FILE_NAMES, '_').slice(0, 100)}${part}.docx` };
  }
}
