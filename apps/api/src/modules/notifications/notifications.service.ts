import { Injectable } from '@nestjs/common';
import {
  NOTIFICATIONS_NAMESPACE,
  NotificationEvent,
  type BroadcastRequest,
  type Language,
  type MessageItem,
  type MessagesPage,
  type UnreadCount,
} from '@think-tank/contracts';
import { Transactions, type Tx } from '../../core/database/transactions.service';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { SocketPush, userRoom } from '../../core/realtime/socket-push.service';
import { Message } from './entities/message.entity';
import { MessagesRepository } from './messages.repository';
import { NotificationMailer } from './notification-mailer.service';
import type { MessageDraft } from './notifications.messages';

const LANGUAGES: Language[] = ['zh', 'en'];

function toItem(m: Message, lang: Language): MessageItem {
  return {
    _id: m.id,
    title: lang === 'zh' ? m.titleZh : m.titleEn,
    content: lang === 'zh' ? m.contentZh : m.contentEn,
    createdAt: m.createdAt.toISOString(),
    readStatus: m.readAt ? 'read' : 'unread',
    actionUrl: m.actionUrl,
  };
}

/** Messages to users (contract §7): stored per user, pushed live to their sockets in their language. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly messages: MessagesRepository,
    private readonly push: SocketPush,
    private readonly audit: AuditLog,
    private readonly mailer: NotificationMailer,
  ) {}

  async list(userId: string, page: number, limit: number, lang: Language): Promise<MessagesPage> {
    const [rows, total] = await this.messages.page(userId, page, limit);
    return { messages: rows.map((m) => toItem(m, lang)), pages: Math.ceil(total / limit), total };
  }

  async unreadCount(userId: string): Promise<UnreadCount> {
    return { count: await this.messages.unread(userId) };
  }

  /** Marks the user's own message read; anyone else's (or none) is 404. */
  async markRead(userId: string, id: string): Promise<{ _id: string; readStatus: 'read' }> {
    if (!isUuid(id) || !(await this.messages.markRead(userId, id))) throw new AppError('NOT_FOUND');
    await this.pushUnreadCount(userId);
    return { _id: id, readStatus: 'read' };
  }

  /** Marks all the user's messages read, and tells their other tabs and devices (the count is then 0). */
  async markAllRead(userId: string): Promise<UnreadCount> {
    if (await this.messages.markAllRead(userId)) await this.pushUnreadCount(userId);
    return { count: 0 };
  }

  /**
   * Writes a message to each user in the caller's transaction and returns the push (and its mails) to run once it
   * commits: a message nobody can read is never announced.
   */
  async write(tx: Tx, userIds: string[], draft: MessageDraft): Promise<() => Promise<void>> {
    if (userIds.length === 0) return async () => undefined;
    const rows = await this.messages.insert(tx, userIds, draft);
    return async () => {
      await this.announce(rows);
      await this.mailer.send(userIds, draft);
    };
  }

  /** Writes and pushes at once, outside any other transaction. */
  async send(userIds: string[], draft: MessageDraft): Promise<number> {
    const push = await this.transactions.run((tx) => this.write(tx, userIds, draft));
    await push();
    return userIds.length;
  }

  /**
   * An admin broadcast (contract §9): one message per active user (or per listed user), written in one
   * statement with its audit entry, then pushed. Answers how many users it reached.
   */
  async broadcast(request: BroadcastRequest, actorId: string): Promise<{ sent: number }> {
    const rows = await this.transactions.run(async (tx) => {
      const written = await this.messages.insertBroadcast(tx, request);
      await this.audit.record(tx, {
        actorId,
        action: 'message.broadcast',
        targetType: 'message',
        details: { title: request.title, recipients: written.length, userIds: request.userIds ?? 'all' },
      });
      return written;
    });
    await this.announce(rows);
    return { sent: rows.length };
  }

  /** Tells a socket that asked how many messages its user has not read. */
  async pushUnreadCount(userId: string): Promise<void> {
    const count = await this.unreadCount(userId);
    this.push.toRoom(NOTIFICATIONS_NAMESPACE, userRoom(userId), NotificationEvent.unreadCountUpdate, count);
  }

  /** Pushes each new message to its user's sockets, then every such user's unread count (one query for all). */
  private async announce(rows: Message[]): Promise<void> {
    for (const row of rows) {
      const message = { ...row, createdAt: new Date(row.createdAt) };
      // The same text in both languages (a broadcast) goes to all the user's sockets in one emit.
      const languages: (Language | undefined)[] =
        row.titleZh === row.titleEn && row.contentZh === row.contentEn ? [undefined] : LANGUAGES;
      for (const lang of languages)
        this.push.toRoom(
          NOTIFICATIONS_NAMESPACE,
          userRoom(row.userId, lang),
          NotificationEvent.newMessage,
          toItem(message, lang ?? 'zh'),
        );
    }
    const counts = await this.messages.unreadOf([...new Set(rows.map((r) => r.userId))]);
    for (const { userId, count } of counts)
      this.push.toRoom(NOTIFICATIONS_NAMESPACE, userRoom(userId), NotificationEvent.unreadCountUpdate, {
        count,
      });
  }
}
