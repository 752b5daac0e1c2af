import { Injectable } from '@nestjs/common';
import { Transactions } from '../../core/database/transactions.service';

/**
 * Everything the product holds about one user, read in one snapshot for their data export (PIPL's right to a copy;
 * contract §11). It reads the other modules' tables on purpose: one consistent snapshot, and one list to keep
 * current when a table gains personal data. Secrets (password, token and code hashes) and files' bytes stay out.
 */
@Injectable()
export class AccountExportRepository {
  constructor(private readonly transactions: Transactions) {}

  of(userId: string): Promise<Record<string, unknown>> {
    return this.transactions.run('REPEATABLE READ', async (tx) => {
      const rows = (sql: string) => tx.query(sql, [userId]) as Promise<Record<string, unknown>[]>;
      return {
        account: (
          await rows(
            `SELECT id, username, email, phone, role, "isPaid", "vipStartupQuota", "emailVerifiedAt", language, "termsVersion",
                  "privacyVersion", "termsAcceptedAt", "createdAt"
               FROM users WHERE id = $1`,
          )
        )[0],
        signInProviders: await rows(
          `SELECT provider, "providerUserId", "createdAt" FROM identities WHERE "userId" = $1 ORDER BY "createdAt"`,
        ),
        wechatOpenids: await rows(
          `SELECT "appId", openid, "createdAt" FROM wechat_openids WHERE "userId" = $1 ORDER BY "createdAt"`,
        ),
        consents: await rows(
          `SELECT "termsVersion", "privacyVersion", "acceptedAt", address FROM consents
            WHERE "userId" = $1 ORDER BY "acceptedAt"`,
        ),
        sessions: await rows(
          `SELECT id, "signedInAt", "lastUsedAt", "userAgent", "revokedAt" AS "endedAt"
             FROM sessions WHERE "userId" = $1 ORDER BY "signedInAt"`,
        ),
        orders: await rows(
          `SELECT id, "paymentType", "itemType", "itemId", subject, amount, currency, status, gateway, method,
                  "paidAt", "createdAt"
             FROM orders WHERE "userId" = $1 ORDER BY "createdAt"`,
        ),
        refunds: await rows(
          `SELECT r."orderId", r.status, r."gatewayRefundId", r."createdAt", r."updatedAt"
             FROM refunds r JOIN orders o ON o.id = r."orderId" WHERE o."userId" = $1 ORDER BY r."createdAt"`,
        ),
        subscriptions: await rows(
          `SELECT s.id, p.code AS plan, s.status, s."currentPeriodStart", s."currentPeriodEnd", s."canceledAt",
                  s."createdAt"
             FROM subscriptions s LEFT JOIN plans p ON p.id = s."planId"
            WHERE s."userId" = $1 ORDER BY s."createdAt"`,
        ),
        unlockedSolutions: await rows(
          `SELECT g."solutionId", s."projectName", g."expiresAt", g."createdAt"
             FROM solution_access_grants g LEFT JOIN solutions s ON s.id = g."solutionId"
            WHERE g."userId" = $1 ORDER BY g."createdAt"`,
        ),
        mailPreferences: await rows(
          `SELECT stage, payment, subscription, "updatedAt" FROM mail_preferences WHERE "userId" = $1`,
        ),
        favourites: await rows(
          `SELECT f."solutionId", s."projectName", f."createdAt"
             FROM favourites f JOIN solutions s ON s.id = f."solutionId"
            WHERE f."userId" = $1 ORDER BY f."createdAt"`,
        ),
        readingHistory: await rows(
          `SELECT h."solutionId", s."projectName", h."viewedAt"
             FROM reading_history h JOIN solutions s ON s.id = h."solutionId"
            WHERE h."userId" = $1 ORDER BY h."viewedAt"`,
        ),
        invoices: await rows(
          `SELECT id, "orderId", "titleType", type, title, "taxNumber", email, address, phone, bank, account, status,
                  "invoiceNumber", "rejectReason", "createdAt"
             FROM invoice_requests WHERE "userId" = $1 ORDER BY "createdAt"`,
        ),
        vipApplications: await rows(
          `SELECT company, "contactName", phone, email, industry, purpose, status, "decisionNote", "decidedAt",
                  "createdAt"
             FROM vip_applications WHERE "userId" = $1 ORDER BY "createdAt"`,
        ),
        messages: await rows(
          `SELECT "titleZh", "titleEn", "contentZh", "contentEn", "actionUrl", "readAt", "createdAt"
             FROM messages WHERE "userId" = $1 ORDER BY "createdAt"`,
        ),
        demands: await rows(
          `SELECT d.id, d.name, d.content, d."keyValuePoints", d."currentStage", d."overallStatus",
                  d."demandType", d."outputLanguage", d."createdAt", d."updatedAt",
                  (SELECT json_agg(json_build_object('stage', s.stage, 'status', s.status, 'input', s.input,
                                   'output', s.output, 'selectedModules', s."selectedModules",
                                   'history', s.history, 'updatedAt', s."updatedAt") ORDER BY s."updatedAt")
                     FROM demand_stages s WHERE s."demandId" = d.id) AS stages
             FROM demands d WHERE d."userId" = $1 ORDER BY d."createdAt"`,
        ),
        demandEvents: await rows(
          `SELECT e."demandId", e.stage, e.event, e."messageType", e.message, e."createdAt"
             FROM demand_events e JOIN demands d ON d.id = e."demandId"
            WHERE d."userId" = $1 ORDER BY e."createdAt"`,
        ),
        // What staff did to the account and to what it owns: the action and when, not who did it.
        staffActions: await rows(
          `SELECT action, "targetType", "targetId", details, "createdAt" FROM audit_entries
            WHERE "actorId" <> $1
              AND ("targetId" = $1::text
                   OR "targetId" IN (SELECT id::text FROM orders WHERE "userId" = $1)
                   OR "targetId" IN (SELECT id::text FROM demands WHERE "userId" = $1)
                   OR "targetId" IN (SELECT id::text FROM invoice_requests WHERE "userId" = $1))
            ORDER BY "createdAt"`,
        ),
        actions: await rows(
          `SELECT action, "targetType", "targetId", "createdAt" FROM audit_entries
            WHERE "actorId" = $1 ORDER BY "createdAt"`,
        ),
      };
    });
  }
}
