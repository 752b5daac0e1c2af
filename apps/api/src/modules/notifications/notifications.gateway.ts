import { Logger } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway, type OnGatewayInit } from '@nestjs/websockets';
import { NOTIFICATIONS_NAMESPACE, NotificationEvent, type UnreadCount } from '@think-tank/contracts';
import type { Namespace, Socket } from 'socket.io';
import { accessKeyOf } from '../../core/auth/access-token';
import { TokenVersions } from '../../core/auth/token-versions.service';
import { AppConfig } from '../../core/config/app-config';
import { MetricsService } from '../../core/metrics/metrics.service';
import { authenticateSockets, socketUser } from '../../core/realtime/socket-auth';
import { NotificationsService } from './notifications.service';

/** The /notifications namespace: signed-in sockets in their user's rooms; pushes come from NotificationsService. */
@WebSocketGateway({ namespace: NOTIFICATIONS_NAMESPACE })
export class NotificationsGateway implements OnGatewayInit<Namespace> {
  private readonly logger = new Logger(NotificationsGateway.name);

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly versions: TokenVersions,
    private readonly notifications: NotificationsService,
  ) {}

  afterInit(namespace: Namespace): void {
    authenticateSockets(namespace, accessKeyOf(this.config.jwtSecret), this.versions);
    this.metrics.trackSockets(namespace);
  }

  @SubscribeMessage(NotificationEvent.requestUnreadCount)
  async unreadCount(@ConnectedSocket() socket: Socket): Promise<void> {
    try {
      const count: UnreadCount = await this.notifications.unreadCount(socketUser(socket).userId);
      socket.emit(NotificationEvent.unreadCountUpdate, count);
    } catch (e) {
      this.logger.warn(`unread count for a socket failed: ${(e as Error).message}`);
    }
  }
}
