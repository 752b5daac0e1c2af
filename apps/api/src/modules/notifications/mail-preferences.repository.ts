import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  MAIL_KINDS,
  type Language,
  type MailKind,
  type NotificationPreferences,
} from '@think-tank/contracts';
import { DataSource } from 'typeorm';

/** Who gets a kind of mail: the address and language of a live, verified account that did not turn it off. */
export interface MailRecipient {
  userId: string;
  email: string;
  language: Language;
}

/** The kinds a user gets by e-mail (mail_preferences; defaults without a row), and who gets a kind now. */
@Injectable()
export class MailPreferencesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async of(userId: string): Promise<NotificationPreferences> {
    const [row]: NotificationPreferences[] = await this.db.query(
      `SELECT stage, payment, subscription FROM mail_preferences WHERE "userId" = $1`,
      [userId],
    );
    return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
  }

  /** Changes the kinds given, the others as they were (or their defaults): the preferences now. */
  async change(userId: string, changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
    const next = await this.of(userId);
    // Each kind given as a boolean; a DTO's absent fields may be present as undefined (class fields, as tsc emits them).
    for (const kind of MAIL_KINDS) if (typeof changes[kind] === 'boolean') next[kind] = changes[kind];
    await this.db.query(
      `INSERT INTO mail_preferences ("userId", stage, payment, subscription) VALUES ($1, $2, $3, $4)
       ON CONFLICT ("userId") DO UPDATE
         SET stage = EXCLUDED.stage, payment = EXCLUDED.payment, subscription = EXCLUDED.subscription,
             "updatedAt" = now()`,
      [userId, next.stage, next.payment, next.subscription],
    );
    return next;
  }

  /**
   * Of these users, those who get `kind` by e-mail: verified, not disabled or deleted, and not turned off. Reads
   * the accounts' table (address, language) on purpose: one query for a whole broadcast of mails.
   */
  recipients(userIds: string[], kind: MailKind): Promise<MailRecipient[]> {
    return this.db.query(
      `SELECT u.id AS "userId", u.email, u.language
         FROM users u LEFT JOIN mail_preferences p ON p."userId" = u.id
        WHERE u.id = ANY($1::uuid[]) AND u."emailVerifiedAt" IS NOT NULL AND NOT u.disabled
          AND u."deletedAt" IS NULL AND COALESCE(p."${kind}", $2)`,
      [userIds, DEFAULT_NOTIFICATION_PREFERENCES[kind]],
    );
  }
}
