import { Injectable } from '@nestjs/common';
import type { Language, SolutionTeaser, ViewTicket } from '@think-tank/contracts';
import { AppError } from '../../core/errors/app-error';
import { DocumentTickets, TICKET_SECONDS } from '../../core/redis/document-tickets.service';
import { PaywallService, TEASER_SCANNED, teaserOf } from '../paywall';
import { ReadingHistoryRecorder } from './reading-history.recorder';
import { SolutionsRepository } from './solutions.repository';

/** A solution's document as readers get it: behind the paywall, through a frame's ticket, or as a teaser. */
@Injectable()
export class SolutionDocumentsService {
  constructor(
    private readonly solutions: SolutionsRepository,
    private readonly paywall: PaywallService,
    private readonly tickets: DocumentTickets,
    private readonly history: ReadingHistoryRecorder,
  ) {}

  /**
   * The document of a solution, for a reader the paywall lets through (contract §4). A refusal reads no more of
   * it than its teaser needs (contract §11): the first query reads the reader and the document's head, which is the
   * whole document for most; a longer one is read once the reader is let through. A view let through goes into the
   * reader's history.
   */
  async view(id: string, userId: string, lang: Language): Promise<Buffer> {
    // The reader and the head in one round trip: this is the hottest paid path.
    const row = await this.solutions.viewRead(id, userId, TEASER_SCANNED);
    if (!row || row.disabled) throw new AppError('UNAUTHORIZED');
    if (row.head === null) throw new AppError('NOT_FOUND');
    await this.paywall.authorizeView(
      { id: userId, ...row },
      { id, projectName: row.projectName!, head: row.head },
      lang,
    );
    this.history.record(userId, id);
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
    const html = await this.solutions.documentOf(id);
    if (html === null) throw new AppError('NOT_FOUND');
    return html;
  }

  /**
   * What anyone may see of a solution before signing in: its name and its first lines as plain text. Only the
   * document's head is read: a public call must not make the database hand over a 20 MiB document.
   */
  async teaser(id: string): Promise<SolutionTeaser> {
    const row = await this.solutions.head(id, TEASER_SCANNED);
    if (!row) throw new AppError('NOT_FOUND');
    return { solutionId: id, solutionName: row.projectName, teaser: teaserOf(row.head) };
  }
}
