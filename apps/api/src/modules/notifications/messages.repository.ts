import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BroadcastRequest } from '@think-tank/contracts';
import { DataSource, IsNull } from 'typeorm';
import type { Tx } from '../../core/database/transactions.service';
import { updateReturning } from '../../core/database/update-returning';
import { Message } from './entities/message.entity';
import type { MessageDraft } from './notifications.messages';

/** The messages table: every query NotificationsService needs, set-based where it writes for many users. */
@Injectable()
export class MessagesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  page(userId: string, page: number, limit: number): Promise<[Message[], number]> {
    return this.db.getRepository(Message).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
  }

  unread(userId: string): Promise<number> {
    return this.db.getRepository(Message).countBy({ userId, readAt: IsNull() });
  }

  /** Unread counts of several users in one query (users with none are left out). */
  unreadOf(userIds: string[]): Promise<{ userId: string; count: number }[]> {
    return this.db.query(
      `SELECT "userId", count(*)::int AS count FROM messages
        WHERE "userId" = ANY($1::uuid[]) AND "readAt" IS NULL GROUP BY "userId"`,
      [userIds],
    );
  }

  /** Marks the user's own message read; false when there is no such message of theirs. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const [changed] = await updateReturning<{ id: string }>(
      this.db,
      `UPDATE messages SET "readAt" = COALESCE("readAt", now()) WHERE id = $1 AND "userId" = $2 RETURNING id`,
      [id, userId],
    );
    return Boolean(changed);
  }

  /** Marks every unread message of the user read; how many it marked. */
  async markAllRead(userId: string): Promise<number> {
    const [{ marked }] = await this.db.query(
      `WITH marked AS (UPDATE messages SET "readAt" = now() WHERE "userId" = $1 AND "readAt" IS NULL RETURNING 1)
       SELECT count(*)::int AS marked FROM marked`,
      [userId],
    );
    return marked as number;
  }

  /** One message per listed user, in one statement of the caller's transaction. */
  insert(tx: Tx, userIds: string[], draft: MessageDraft): Promise<Message[]> {
    return tx.query(
      `INSERT INTO messages ("userId", "titleZh", "titleEn", "contentZh", "contentEn", "actionUrl")
       SELECT u, $2, $3, $4, $5, $6 FROM unnest($1::uuid[]) AS u RETURNING *`,
      [userIds, draft.title.zh, draft.title.en, draft.content.zh, draft.content.en, draft.actionUrl ?? null],
    );
  }

  /**
   * A broadcast's messages: one per active user, or per listed active user, in one statement. (It reads auth's
   * `users` table for who is active: one statement instead of every user id through the process.)
   */
  insertBroadcast(tx: Tx, request: BroadcastRequest): Promise<Message[]> {
    return tx.query(
      `INSERT INTO messages ("userId", "titleZh", "titleEn", "contentZh", "contentEn", "actionUrl")
       SELECT u.id, $1, $1, $2, $2, $3 FROM users u
        WHERE NOT u.disabled AND ($4::uuid[] IS NULL OR u.id = ANY($4::uuid[]))
       RETURNING *`,
      [request.title, request.content, request.actionUrl ?? null, request.userIds ?? null],
    );
  }
}
