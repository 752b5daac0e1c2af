import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
/** Marks a route as open to anyone; every other route needs a valid access token (fails closed). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/**
 * Marks a document route a frame loads by URL: a request with `?ticket=` passes the token check (the handler spends
 * the ticket, DocumentTickets); without one it needs an access token as any route. One metadata key with Public,
 * so the guard's per-request lookup stays one.
 */
export const TicketOrToken = () => SetMetadata(IS_PUBLIC, 'ticket');
