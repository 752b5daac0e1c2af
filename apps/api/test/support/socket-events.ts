import type { Socket } from 'socket.io-client';

/**
 * The next `event` on the socket (that `accept` takes, when given: e.g. not the welcome pushed late), or a rejection
 * after `ms`. The wait only bounds a failing test: it resolves as the event arrives, and a test that promises a time
 * measures it itself.
 */
export function nextEvent<T>(
  socket: Socket,
  event: string,
  ms = 30_000,
  accept: (value: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = (value: T) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(value);
    };
    socket.on(event, listener);
  });
}
