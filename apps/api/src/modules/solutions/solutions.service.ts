import { Injectable, Logger } from '@nestjs/common';
import {
  CatalogueItem,
  type PaymentInstruction,
  type AdminSolution,
  type Language,
  type SolutionInput,
} from '@think-tank/contracts';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { Transactions } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import { DESKTOP_PAYER, type Payer } from '../../core/http/payer.decorator';
import type { Solution } from './entities/solution.entity';
import { SolutionsRepository } from './solutions.repository';
import { type InitiateSolutionPaymentDto, PaymentsService } from '../billing';
import type { AuthUser } from '../../core/auth/auth-user';

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
    private readonly audit: AuditLog,
    private readonly payments: PaymentsService,
  ) {}

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
