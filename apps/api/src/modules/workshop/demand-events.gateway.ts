import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayInit,
} from '@nestjs/websockets';
import { DEMAND_EVENTS_NAMESPACE, DemandSocketEvent } from '@think-tank/contracts';
import type { Namespace, Socket } from 'socket.io';
import { accessKeyOf } from '../../core/auth/access-token';
import { TokenVersions } from '../../core/auth/token-versions.service';
import { AppConfig } from '../../core/config/app-config';
import { isOutage } from '../../core/errors/outage';
import { MetricsService } from '../../core/metrics/metrics.service';
import { authenticateSockets, socketUser } from '../../core/realtime/socket-auth';
import { demandRoom } from './demand-events.service';
import { WorkshopService } from './workshop.service';

const NOT_YOURS = { zh: '无法订阅该需求的实时消息', en: 'You cannot follow this demand.' };

/** /demand-events: a signed-in socket follows its own demands' progress (contract §8). */
@WebSocketGateway({ namespace: DEMAND_EVENTS_NAMESPACE })
export class DemandEventsGateway implements OnGatewayInit<Namespace> {
  constructor(
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly versions: TokenVersions,
    private readonly demands: WorkshopService,
  ) {}

  afterInit(namespace: Namespace): void {
    authenticateSockets(namespace, accessKeyOf(this.config.jwtSecret), this.versions);
    this.metrics.trackSockets(namespace);
  }

  @SubscribeMessage(DemandSocketEvent.subscribe)
  async subscribe(
    @ConnectedSocket() socket: Socket,
    @MessageBody() body: { demandId?: unknown },
  ): Promise<void> {
    const { userId, lang } = socketUser(socket);
    const demandId = typeof body?.demandId === 'string' ? body.demandId : '';
    try {
      await this.demands.own(userId, demandId);
    } catch (e) {
      // Unknown while the database is away: closed, so that the client reconnects and subscribes again.
      if (isOutage(e)) return void socket.disconnect();
      socket.emit(DemandSocketEvent.subscriptionError, { demandId, message: NOT_YOURS[lang] });
      return;
    }
    await socket.join(demandRoom(demandId));
    socket.emit(DemandSocketEvent.subscribed, { demandId });
  }
}
