import { Injectable } from '@nestjs/common';
import { MAIL_KINDS, type MailKind } from '@think-tank/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../../core/config/app-config';
import { isUuid } from '../../core/http/id.pipe';

/**
 * The token of a mail's unsubscribe link: the user and the kind of mail, signed with a key derived from JWT_SECRET.
 * It can only turn that one kind off, so it does not expire: a link in an old mail still works.
 */
@Injectable()
export class UnsubscribeTokens {
  private readonly key: string;

  constructor(config: AppConfig) {
    this.key = `unsubscribe:${config.jwtSecret}`;
  }

  sign(userId: string, kind: MailKind): string {
    const body = `${userId}.${kind}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The user and kind a token names, or null for one not signed here. */
  verify(token: string): { userId: string; kind: MailKind } | null {
    const [userId, kind, mac, ...rest] = token.split('.');
    if (rest.length || !isUuid(userId ?? '') || !(MAIL_KINDS as readonly string[]).includes(kind))
      return null;
    const expected = Buffer.from(this.mac(`${userId}.${kind}`));
    const given = Buffer.from(mac ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? { userId, kind: kind as MailKind }
      : null;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
