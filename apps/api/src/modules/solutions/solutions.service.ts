import { Injectable, Logger } from '@nestjs/common';
import {
  CatalogueItem,
  SEARCH_COUNT_CAP,
  type PaymentInstruction,
  type AdminSolution,
  type Language,
  type LibraryIndustry,
  type SearchResponse,
  type SearchSort,
  type SolutionInput,
} from '@think-tank/contracts';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { Transactions } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import { DESKTOP_PAYER, type Payer } from '../../core/http/payer.decorator';
import type { Solution } from './entities/solution.entity';
import { hasLatin, queryTerms } from './search-text';
import {
  indexedConditions,
  inIndustries,
  relevanceRank,
  textConditions,
  type TermAlternatives,
} from './solution-search.query';
import { SolutionsRepository } from './solutions.repository';
import { TranslationService } from './translation.service';
import { type InitiateSolutionPaymentDto, PaymentsService } from '../billing';
import type { AuthUser } from '../../core/auth/auth-user';

/** What search asks for besides the query (SearchQueryDto): its page, industries and order. */
export interface SearchOptions {
  page: number;
  pageSize: number;
  industries?: LibraryIndustry[];
  sort?: SearchSort;
}

/** How long a query known to have more than 1,000 matches skips counting them again, and how many are kept. */
const CAPPED_QUERY_TTL_MS = 10 * 60_000;
const CAPPED_QUERIES_KEPT = 2000;

export function toAdminSolution(s: Solution): AdminSolution {
  return {
    _id: s.id,
    projectName: s.projectName,
    projectRequirements: s.projectRequirements,
    projectRequirementsDetails: s.projectRequirementsDetails,
    html: s.html,
    industry: s.industry ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

@Injectable()
export class SolutionsService {
  private readonly logger = new Logger(SolutionsService.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly solutions: SolutionsRepository,
    private readonly translation: TranslationService,
    private readonly audit: AuditLog,
    private readonly payments: PaymentsService,
  ) {}

  /**
   * Queries recently found to have more than 1,000 matches (per process): their count is "1000+" anyway, so they
   * go straight to the recency walk instead of building a bitmap of most of the library again.
   */
  private readonly cappedQueries = new Map<string, number>();

  /** Starts a pay-per-view purchase of an existing solution; the price is the server's (contract §4). */
  async initiateViewPayment(
    dto: InitiateSolutionPaymentDto,
    user: AuthUser,
    lang: Language,
    payer: Payer = DESKTOP_PAYER,
  ): Promise<PaymentInstruction> {
    const solution = await this.solutions.nameOf(dto.solutionId);
    if (!solution) throw new AppError('NOT_FOUND');
    const item = CatalogueItem.singleSolutionView;
    if (
      dto.amount !== undefined &&
      (dto.amount !== item.price.amount || dto.currency !== item.price.currency)
    )
      this.logger.warn(
        `solution payment: the client offered ${dto.amount} ${dto.currency}, the price is ${item.price.amount} ${item.price.currency}`,
      );
    return this.payments.checkout(
      user,
      // The order names the solution it unlocks (its subject, in the buyer's orders and messages).
      { itemId: item.id, solutionId: dto.solutionId, solutionName: solution.projectName },
      dto.paymentGateway,
      lang,
      payer,
    );
  }

  /**
   * Every term must occur in name, requirements or details (contract §4). One statement through the gram index
   * counts up to 1,001 matches and pages them: at most 1,000 give the exact count and the page; more mean a
   * common query, counted as "1000+" and paged by walking the recency index, which finds matches at once. So
   * `relevance` orders the counted matches; past the count, and for a blank query, the order is the newest.
   */
  async search(
    query: string | undefined,
    { page, pageSize, industries = [], sort = 'newest' }: SearchOptions,
    client: string,
  ): Promise<SearchResponse> {
    const offset = (page - 1) * pageSize;
    const terms = await Promise.all(
      queryTerms(query).map(async (t) => {
        const zh = hasLatin(t) ? await this.translation.toChinese(t, client) : null;
        return zh && zh !== t ? [t, zh] : [t];
      }),
    );
    const queryKey = JSON.stringify([terms, industries]);
    if ((this.cappedQueries.get(queryKey) ?? 0) > Date.now())
      return this.recencyPage(terms, industries, page, pageSize);
    const where = inIndustries(indexedConditions(terms), industries, terms.length ? 'grams' : 'column');
    const ranked = sort === 'relevance' && terms.length > 0;
    const rows = await this.solutions.matchesPage(
      where,
      ranked ? relevanceRank(terms, where.params.length + 1) : { sql: '0', params: [] },
      SEARCH_COUNT_CAP,
      pageSize,
      offset,
    );
    const total = rows[0]?.total ?? 0;
    if (total <= SEARCH_COUNT_CAP) {
      const list = rows.filter((r) => r._id !== null).map(({ total: _, ...item }) => item);
      return { list, totalCount: total, page, pageSize, sort: ranked ? 'relevance' : 'newest' };
    }
    this.cappedQueries.delete(queryKey);
    this.cappedQueries.set(queryKey, Date.now() + CAPPED_QUERY_TTL_MS);
    if (this.cappedQueries.size > CAPPED_QUERIES_KEPT)
      this.cappedQueries.delete(this.cappedQueries.keys().next().value!);
    return this.recencyPage(terms, industries, page, pageSize);
  }

  /** A page of a query with more than 1,000 matches: walking the recency index finds them at once. */
  private async recencyPage(
    terms: TermAlternatives[],
    industries: LibraryIndustry[],
    page: number,
    pageSize: number,
  ): Promise<SearchResponse> {
    const list = await this.solutions.recencyPage(
      inIndustries(textConditions(terms), industries, 'column'),
      pageSize,
      (page - 1) * pageSize,
    );
    return { list, totalCount: SEARCH_COUNT_CAP, totalCountCapped: true, page, pageSize, sort: 'newest' };
  }

  /** One solution as the console's editor opens it (its document and industry with it); 404 for none. */
  async get(id: string): Promise<AdminSolution> {
    const solution = await this.solutions.byId(id);
    if (!solution) throw new AppError('NOT_FOUND');
    return toAdminSolution(solution);
  }

  async create(input: SolutionInput, actorId: string): Promise<AdminSolution> {
    return this.transactions.run(async (tx) => {
      const solution = await this.solutions.insert(tx, input);
      await this.audit.record(tx, {
        actorId,
        action: 'solution.create',
        targetType: 'solution',
        targetId: solution.id,
      });
      return toAdminSolution(solution);
    });
  }

  async update(id: string, input: SolutionInput, actorId: string): Promise<AdminSolution> {
    return this.transactions.run(async (tx) => {
      const existing = await this.solutions.locked(tx, id);
      if (!existing) throw new AppError('NOT_FOUND');
      const solution = await this.solutions.replace(tx, existing, input);
      await this.audit.record(tx, {
        actorId,
        action: 'solution.update',
        targetType: 'solution',
        targetId: id,
      });
      return toAdminSolution(solution);
    });
  }

  async remove(id: string, actorId: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      if (!(await this.solutions.remove(tx, id))) throw new AppError('NOT_FOUND');
      await this.audit.record(tx, {
        actorId,
        action: 'solution.delete',
        targetType: 'solution',
        targetId: id,
      });
    });
  }

  /** A library import: all or nothing. */
  async import(inputs: SolutionInput[], actorId: string): Promise<{ imported: number }> {
    return this.transactions.run(async (tx) => {
      for (const input of inputs) await this.solutions.insert(tx, input);
      await this.audit.record(tx, {
        actorId,
        action: 'solution.import',
        targetType: 'solution',
        details: { count: inputs.length },
      });
      return { imported: inputs.length };
    });
  }
}
