import { EventEmitter } from 'node:events';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepLive, RECONNECT_SPREAD_MS } from './live-socket';

/** socket.io's side of the contract, faked at its event boundary: what keepLive listens to and calls. */
class FakeSocket extends EventEmitter {
  connects = 0;
  closed = false;
  connect() {
    this.connects += 1;
  }
  close() {
    this.closed = true;
  }
}
const live = () => {
  const socket = new FakeSocket();
  return { socket, close: keepLive(socket as unknown as Socket) };
};

describe('keepLive', () => {
  afterEach(() => vi.useRealTimers());

  it('reopens a socket the server closed within 3 s, and one the network dropped not at all (socket.io does)', () => {
    vi.useFakeTimers();
    const { socket } = live();
    socket.emit('disconnect', 'io server disconnect');
    socket.emit('disconnect', 'transport close');
    vi.advanceTimersByTime(RECONNECT_SPREAD_MS);
    expect(socket.connects).toBe(1);
  });

  it('spreads the clients of a server that closed them all over the 3 s, rather than all at once', () => {
    vi.useFakeTimers();
    const sockets = Array.from({ length: 300 }, () => live().socket);
    for (const socket of sockets) socket.emit('disconnect', 'io server disconnect');
    const back = [] as number[];
    for (let second = 1; second <= 3; second++) {
      vi.advanceTimersByTime(1_000);
      back.push(sockets.filter((s) => s.connects).length - back.reduce((a, b) => a + b, 0));
    }
    expect(back.reduce((a, b) => a + b, 0)).toBe(300);
    // Each second takes about a third; none takes them all.
    for (const n of back) expect(n).toBeGreaterThan(50);
  });

  it('asks again 1.5–4.5 s after a handshake refused as UNAVAILABLE, never after UNAUTHORIZED', () => {
    vi.useFakeTimers();
    const { socket } = live();
    socket.emit('connect_error', new Error('UNAUTHORIZED'));
    socket.emit('connect_error', new Error('UNAVAILABLE'));
    vi.advanceTimersByTime(1_499);
    expect(socket.connects).toBe(0);
    vi.advanceTimersByTime(3_001);
    expect(socket.connects).toBe(1);
  });

  it('closes for good: a retry still pending does not reopen the socket', () => {
    vi.useFakeTimers();
    const { socket, close } = live();
    socket.emit('connect_error', new Error('UNAVAILABLE'));
    close();
    vi.advanceTimersByTime(10_000);
    expect(socket.closed).toBe(true);
    expect(socket.connects).toBe(0);
  });
});
