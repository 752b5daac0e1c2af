import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../core/errors/app-error';
import { AuthService } from '../auth';
import type { Requester } from './demand-store.service';

/** Reads a demand's generated files for the people allowed to: the owner, support and admin. */
@Injectable()
export class LabFilesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly auth: AuthService,
  ) {}

  async read(who: Requester, labName: string, path: string): Promise<string> {
    // The role as it is now: a demoted support account loses the view at once.
    const role = await this.auth.roleOf(who.id);
    const staff = role === 'admin' || role === 'support';
    const rows: { content: string }[] = await this.db.query(
      `SELECT f.content FROM demand_files f JOIN demands d ON d.id = f."demandId"
        WHERE d."labName" = $1 AND f.path = $2 AND (d."userId" = $3 OR $4::boolean)`,
      [labName, path, who.id, staff],
    );
    if (!rows.length) throw new AppError('NOT_FOUND');
    return rows[0].content;
  }
}
