import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Tx } from '../../core/database/transactions';

/**
 * Deleting an account (PIPL's right to erasure; contract §11). Like the export, it reaches into the other modules'
 * tables on purpose: one list of where personal data lives, kept beside the export's.
 */
@Injectable()
export class AccountErasureRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A subscription that will charge again (Stripe's, live and not cancelled): deleting would not stop it. */
  async renewingSubscription(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM subscriptions
        WHERE "userId" = $1 AND status = 'active' AND "stripeSubscriptionId" IS NOT NULL
          AND "canceledAt" IS NULL AND "currentPeriodEnd" > now()
        LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  /**
   * Erases what the person wrote, chose or proved (sign-in links, codes, favourites, history, messages, VIP
   * applications, demands with their stages and files), and anonymises the account row, which stays, disabled,
   * because orders, subscriptions, refunds and the audit trail point at it: accounting keeps them (the tax law's
   * record-keeping), with no name or address of the person. An invoice request keeps what the issued invoice
   * itself carries (the buyer's company title, tax number, address and bank), not the e-mail it was sent to.
   */
  async erase(tx: Tx, userId: string): Promise<void> {
    for (const table of [
      'identities',
      'email_codes',
      'email_changes',
      'password_resets',
      'favourites',
      'reading_history',
      'messages',
      'mail_preferences',
      'vip_applications',
      'demands',
    ])
      await tx.query(`DELETE FROM ${table} WHERE "userId" = $1`, [userId]);
    await tx.query(`UPDATE invoice_requests SET email = '' WHERE "userId" = $1`, [userId]);
    await tx.query(
      `UPDATE users SET username = 'deleted-' || replace(id::text, '-', ''),
              email = replace(id::text, '-', '') || '@deleted.invalid',
              "passwordHash" = NULL, "emailVerifiedAt" = NULL, disabled = true, "deletedAt" = now()
        WHERE id = $1`,
      [userId],
    );
  }
}
