import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Language, Role, SolutionTeaser, ViewTicket } from '@think-tank/contracts';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { poolOf } from '../../core/database/pool';
import { AppError } from '../../core/errors/app-error';
import { DocumentTickets, TICKET_SECONDS } from '../../core/redis/document-tickets';
import { PaywallService, TEASER_SCANNED, teaserOf } from '../paywall';
import { Solution } from './entities/solution.entity';

/** A solution's document as readers get it: behind the paywall, through a frame's ticket, or as a teaser. */
@Injectable()
export class SolutionDocumentsService {
  /** The pg pool under TypeORM, for the one read hot enough to skip the QueryRunner. */
  private readonly pool: Pool;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly paywall: PaywallService,
    private readonly tickets: DocumentTickets,
  ) {
    this.pool = poolOf(db);
  }

  /**
   * The document of a solution, for a reader the paywall lets through (contract §4). A refusal reads no more of
   * it than its teaser needs (contract §11): the first query reads the reader and the document's head, which is the
   * whole document for most; a longer one is read once the reader is let through.
   */
  async view(id: string, userId: string, lang: Language): Promise<Buffer> {
    // The reader and the head in one round trip, straight on the pool: this is the hottest paid path, and a
    // TypeORM QueryRunner per call costs it a measurable share of its throughput.
    const {
      rows: [row],
    } = await this.pool.query<{
      head: string | null;
      whole: boolean;
      projectName: string | null;
      role: Role;
      isPaid: boolean;
      disabled: boolean;
    }>({
      // Named, so each pooled connection parses and plans it once.
      name: 'solution-view',
      text: `SELECT left(so.html, $3) AS head, octet_length(so.html) = octet_length(left(so.html, $3)) AS whole,
                    so."projectName", u.role, u."isPaid", u.disabled
               FROM users u LEFT JOIN solutions so ON so.id = $1 WHERE u.id = $2`,
      values: [id, userId, TEASER_SCANNED],
    });
    if (!row || row.disabled) throw new AppError('UNAUTHORIZED');
    if (row.head === null) throw new AppError('NOT_FOUND');
    await this.paywall.authorizeView(
      { id: userId, ...row },
      { id, projectName: row.projectName!, head: row.head },
      lang,
    );
    return Buffer.from(row.whole ? row.head : await this.documentOf(id), 'utf8');
  }

  /**
   * A ticket for the frame to load the document by its URL, after every paywall rule (the view is counted now,
   * as a view by token would be): 402/403 with the paywall otherwise.
   */
  async ticket(id: string, userId: string, lang: Language): Promise<ViewTicket> {
    await this.tickets.allow(userId);
    await this.view(id, userId, lang);
    const ticket = await this.tickets.issue(userId, `solution:${id}`);
    return {
      url: `/api/solutions/${encodeURIComponent(id)}/view?ticket=${ticket}`,
      expiresInSeconds: TICKET_SECONDS,
    };
  }

  /** The document for a frame's ticket, spent by this first use; 401 for one unknown, spent or expired. */
  async viewByTicket(id: string, ticket: string): Promise<Buffer> {
    await this.tickets.spend(ticket, `solution:${id}`);
    return Buffer.from(await this.documentOf(id), 'utf8');
  }

  private async documentOf(id: string): Promise<string> {
    const solution = await this.db.getRepository(Solution).findOne({ where: { id }, select: { html: true } });
    if (!solution) throw new AppError('NOT_FOUND');
    return solution.html;
  }

  /**
   * What anyone may see of a solution before signing in: its name and its first lines as plain text. Only the
   * document's head is read: a public call must not make the database hand over a 20 MiB document.
   */
  async teaser(id: string): Promise<SolutionTeaser> {
    const {
      rows: [row],
    } = await this.pool.query<{ projectName: string; head: string }>(
      `SELECT "projectName", left(html, $2) AS head FROM solutions WHERE id = $1`,
      [id, TEASER_SCANNED],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return { solutionId: id, solutionName: row.projectName, teaser: teaserOf(row.head) };
  }
}
