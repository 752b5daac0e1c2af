import { Injectable } from '@nestjs/common';
import type { AnsweredQuestion, Language } from '@think-tank/contracts';
import { Transactions } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import type { AnswersDto } from './dto/answers.dto';
import { DemandsRepository } from './demands.repository';
import { renderQuestions } from './generation/clarifying-questions';
import type { Requester } from './requester';

/** The answers to what registration asked (contract §12): never required, read by the next Startup run. */
@Injectable()
export class DemandQuestionsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly demands: DemandsRepository,
  ) {}

  /** Stores the answers given (an empty one takes it back); a question the demand was not asked is 400. */
  async answer(
    who: Requester,
    demandId: string,
    dto: AnswersDto,
    lang: Language,
  ): Promise<AnsweredQuestion[]> {
    if (!isUuid(demandId)) throw new AppError('NOT_FOUND');
    // Under the row's lock: two saves at once each keep the other's answers.
    const questions = await this.transactions.run(async (tx) => {
      const demand = await this.demands.ownedBy(demandId, who.id, tx, 'pessimistic_write');
      if (!demand) throw new AppError('NOT_FOUND');
      const asked = new Set(demand.questions.map((q) => q.id));
      const unknown = dto.answers.findIndex((a) => !asked.has(a.id));
      if (unknown >= 0) throw AppError.validation([{ field: `answers.${unknown}.id`, key: 'fieldInvalid' }]);
      const given = new Map(dto.answers.map((a) => [a.id, a.answer || null]));
      const answered = demand.questions.map((q) =>
        given.has(q.id) ? { id: q.id, answer: given.get(q.id)! } : q,
      );
      await this.demands.setQuestions(tx, demand.id, answered);
      return answered;
    });
    return renderQuestions(questions, lang);
  }
}
