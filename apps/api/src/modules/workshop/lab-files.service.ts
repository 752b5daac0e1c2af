import { Injectable } from '@nestjs/common';
import { isStaff } from '@think-tank/contracts';
import { AppError } from '../../core/errors/app-error';
import { AuthService } from '../auth';
import { DemandDeliverablesRepository } from './demand-deliverables.repository';
import type { Requester } from './requester';

/** Reads a demand's generated files for the people allowed to: the owner, support and admin. */
@Injectable()
export class LabFilesService {
  constructor(
    private readonly deliverables: DemandDeliverablesRepository,
    private readonly auth: AuthService,
  ) {}

  async read(who: Requester, labName: string, path: string): Promise<string> {
    // The role as it is now: a demoted support account loses the view at once.
    const staff = isStaff(await this.auth.roleOf(who.id));
    const content = await this.deliverables.labFile(labName, path, who.id, staff);
    if (content === null) throw new AppError('NOT_FOUND');
    return content;
  }
}
