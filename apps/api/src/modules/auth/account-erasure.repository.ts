import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Tx } from '../../core/database/transactions.service';

/**
 * Deleting an account (PIPL's right to erasure; contract §11). Like the export, it reaches into the other modules'
 * tables on purpose: one list of where personal data lives, kept beside the export's.
 */
@Injectable()
export class AccountErasureRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Money still on its way (contract §12): an order awaiting payment (a QR code still scannable, a card's 3-D Secure
   * under way), or a subscription that will charge again (Stripe's, live and not cancelled). Deleting would leave a
   * payment nobody can see or stop; the caller holds the answer to the end of its transaction.
   */
  async openPayments(tx: Tx, userId: string): Promise<boolean> {
    // Locked: a payment settling one of them now waits for the deletion to commit or roll back.
    const pending: unknown[] = await tx.query(
      `SELECT 1 FROM orders WHERE "userId" = $1 AND status = 'pending' FOR UPDATE`,
      [userId],
    );
    const renewing: unknown[] = await tx.query(
      `SELECT 1 FROM subscriptions
        WHERE "userId" = $1 AND status = 'active' AND "stripeSubscriptionId" IS NOT NULL
          AND "canceledAt" IS NULL AND "currentPeriodEnd" > now()
        LIMIT 1`,
      [userId],
    );
    return pending.length + renewing.length > 0;
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
      'wechat_openids',
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
    await tx.query(`UPDATE consents SET address = NULL WHERE "userId" = $1`, [userId]);
    // What kept records still say of the person: an order subject naming their demand (its default name held their
    // username), and support's snapshots of the account before audit entries kept ids only.
    await tx.query(
      `UPDATE orders SET subject = CASE WHEN "subjectKind" = 'demand' THEN regexp_replace(subject, '(：|: ).*$', '')
                                        ELSE replace(replace(subject, u.username, '-'), u.email, '-') END
         FROM users u WHERE u.id = $1 AND orders."userId" = u.id`,
      [userId],
    );
    await tx.query(
      `UPDATE audit_entries SET details = details #- '{before,username}' #- '{before,email}'
                                                  #- '{after,username}' #- '{after,email}'
        WHERE "targetType" = 'user' AND "targetId" = $1::text`,
      [userId],
    );
    await tx.query(`DELETE FROM sms_codes WHERE phone = (SELECT phone FROM users WHERE id = $1)`, [userId]);
    await tx.query(
      `UPDATE users SET username = 'deleted-' || replace(id::text, '-', ''), phone = NULL,
              email = replace(id::text, '-', '') || '@deleted.invalid',
              "passwordHash" = NULL, "emailVerifiedAt" = NULL, disabled = true, "deletedAt" = now()
        WHERE id = $1`,
      [userId],
    );
  }
}
