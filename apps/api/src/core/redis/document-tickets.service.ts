import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { AppError } from '../errors/app-error';
import { RateLimiter } from './rate-limiter.service';
import { REDIS } from './redis.provider';

/** How long a ticket may wait for its frame to load. */
export const TICKET_SECONDS = 60;
const FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** Tickets a reader may ask for a minute, of either kind (contract §11): each costs an access decision. */
const TICKET_LIMIT = { max: 60, windowSeconds: 60 };

/**
 * Single-use tickets for documents a frame loads by URL (a solution, a lab file): a frame cannot send the reader's
 * token, so an authenticated call that applies every access rule issues a ticket bound to the reader and the
 * document, and the document's URL carries it. It lives 60 s and is spent by its first use (GETDEL), so a copied
 * or logged URL opens nothing. The document is then served under its own sandbox CSP, not the app's.
 */
@Injectable()
export class DocumentTickets {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly limiter: RateLimiter,
  ) {}

  /** Counts a request for a ticket before its access decision is made: 429 past the reader's minute budget. */
  allow(userId: string): Promise<void> {
    return this.limiter.take({ key: `tickets:${userId}`, ...TICKET_LIMIT });
  }

  async issue(userId: string, document: string): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.redis.set(`ticket:${ticket}`, `${userId}\n${document}`, 'EX', TICKET_SECONDS);
    return ticket;
  }

  /** The reader the ticket was issued to; 401 for an unknown, spent, expired or another document's ticket. */
  async spend(ticket: string, document: string): Promise<string> {
    const stored = FORMAT.test(ticket) ? await this.redis.getdel(`ticket:${ticket}`) : null;
    const [userId, issuedFor] = stored?.split('\n') ?? [];
    if (!userId || issuedFor !== document) throw new AppError('UNAUTHORIZED');
    return userId;
  }
}
