import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/**
 * ioredis prints every failed reconnect of a client that has no `error` listener; ours log one line a minute
 * instead, while the client keeps reconnecting on its own.
 */
export function logConnectionErrors<T extends Redis>(client: T, name: string): T {
  const logger = new Logger(name);
  let last = 0;
  client.on('error', (e: Error) => {
    if (Date.now() - last < 60_000) return;
    last = Date.now();
    logger.warn(`Redis unreachable, reconnecting: ${e.message}`);
  });
  return client;
}

/** Calls `back` each time the client is ready again after its connection was lost (not on its first connect). */
export function onReconnected(client: Redis, back: () => void): void {
  let lost = false;
  client.on('close', () => (lost = true));
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    back();
  });
}
