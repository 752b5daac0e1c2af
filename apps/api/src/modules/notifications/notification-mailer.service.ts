import { Injectable, Logger } from '@nestjs/common';
import { WebRoute, type MailKind } from '@think-tank/contracts';
import { AppConfig } from '../../core/config/app-config';
import { MailService } from '../../core/mail/mail.service';
import { MailPreferencesRepository } from './mail-preferences.repository';
import { notificationMail } from './notification-mails';
import type { MessageDraft } from './notifications.messages';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

/**
 * Sends a message's mail too (a stage finished or failed, a payment, a subscription ending: contract §11), to
 * each recipient who has that kind on, in their language, through the mail queue.
 */
@Injectable()
export class NotificationMailer {
  private readonly logger = new Logger(NotificationMailer.name);

  constructor(
    private readonly preferences: MailPreferencesRepository,
    private readonly mail: MailService,
    private readonly tokens: UnsubscribeTokens,
    private readonly config: AppConfig,
  ) {}

  /**
   * Queues the draft's mails, after its messages were committed. Never throws: the messages are written and
   * pushed whatever happens to their mails, and a queue that cannot be reached loses mails, not the caller's work.
   */
  async send(userIds: string[], draft: MessageDraft): Promise<void> {
    const kind = draft.mail;
    if (!kind || !userIds.length) return;
    try {
      for (const to of await this.preferences.recipients(userIds, kind))
        await this.mail.send(notificationMail(to, kind, draft, this.links(to.userId, kind, draft)));
    } catch (e) {
      this.logger.warn(`${kind} mail to ${userIds.length} user(s) not queued: ${(e as Error).message}`);
    }
  }

  private links(userId: string, kind: MailKind, draft: MessageDraft) {
    const base = this.config.publicUrl;
    const token = encodeURIComponent(this.tokens.sign(userId, kind));
    return {
      action: draft.actionUrl ? `${base}${draft.actionUrl}` : null,
      oneClick: `${base}/api/notifications/unsubscribe?token=${token}`,
      unsubscribePage: `${base}${WebRoute.unsubscribe}?token=${token}`,
      preferences: `${base}${WebRoute.profile}#mail-preferences`,
    };
  }
}
