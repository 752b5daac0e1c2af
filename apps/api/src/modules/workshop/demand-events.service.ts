import { Injectable } from '@nestjs/common';
import {
  DEMAND_EVENTS_NAMESPACE,
  progressMessage,
  type DemandEventName,
  type DemandEventPayload,
  type MessageType,
  type ProgressParams,
  type Stage,
  type StageProgressKey,
} from '@think-tank/contracts';
import type { Tx } from '../../core/database/transactions.service';
import { SocketPush } from '../../core/realtime/socket-push.service';
import { DemandEventsRepository } from './demand-events.repository';
import type { DemandEvent } from './entities/demand-event.entity';

/** The room of a demand's subscribers (joined after an ownership check). */
export const demandRoom = (demandId: string) => `demand:${demandId}`;

const HISTORY_LIMIT = 1000;

/** What a stage job reports: the line as a key of STAGE_PROGRESS and its parameters, and free-form details. */
export interface ProgressLine {
  key: StageProgressKey;
  params?: ProgressParams;
  details?: string | null;
}

type EventFields = [
  demandId: string,
  stage: Stage,
  event: DemandEventName,
  messageType: MessageType,
  line: ProgressLine,
];

const toPayload = (e: DemandEvent): DemandEventPayload => ({
  id: Number(e.id),
  demandId: e.demandId,
  event: e.event,
  messageType: e.messageType,
  message: e.message,
  messageKey: e.messageKey,
  params: e.params,
  stage: e.stage,
  details: e.details,
  timestamp: e.createdAt.toISOString(),
});

/** Progress of stage jobs: stored for replay, then pushed to the demand's room through Redis. */
@Injectable()
export class DemandEventsService {
  constructor(
    private readonly events: DemandEventsRepository,
    private readonly push: SocketPush,
  ) {}

  /** Stores and pushes an event at once. */
  async publish(...event: EventFields): Promise<void> {
    (await this.record(undefined, ...event))();
  }

  /**
   * Stores an event in the caller's transaction when given (with the state change it reports, so that whoever sees the change also
   * finds the event) and answers its push, to call once the transaction committed.
   */
  async record(tx: Tx | undefined, ...[demandId, stage, event, messageType, line]: EventFields) {
    const params = line.params ?? null;
    const saved = await this.events.insert(
      {
        demandId,
        stage,
        event,
        messageType,
        message: progressMessage(line.key, params ?? {}, 'zh'),
        messageKey: line.key,
        params,
        details: line.details?.slice(0, 4000) ?? null,
      },
      tx,
    );
    return () => this.push.toRoom(DEMAND_EVENTS_NAMESPACE, demandRoom(demandId), event, toPayload(saved));
  }

  async history(demandId: string, after = 0): Promise<DemandEventPayload[]> {
    const rows = await this.events.after(demandId, after, HISTORY_LIMIT);
    return rows.map(toPayload);
  }
}
