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

/**
 * Makes every reply of the client handled, for callers that fire commands and never look at the answer (the
 * socket.io adapters' (un)subscriptions): one still queued when the client is closed while Redis is away or hung
 * fails, and an unhandled failure would reach the process's last resort. A caller that awaits still sees it.
 */
export function handleEveryReply(client: Redis): Redis {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    command.promise.catch(() => undefined);
    return send(command, stream);
  };
  return client;
}
