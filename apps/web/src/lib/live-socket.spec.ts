import { EventEmitter } from 'node:events';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepLive } from './live-socket';

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

  it('reopens a socket the server closed at once, and one the network dropped not at all (socket.io does)', () => {
    const { socket } = live();
    socket.emit('disconnect', 'io server disconnect');
    socket.emit('disconnect', 'transport close');
    expect(socket.connects).toBe(1);
  });

  it('asks again 3 s after a handshake refused as UNAVAILABLE, never after UNAUTHORIZED', () => {
    vi.useFakeTimers();
    const { socket } = live();
    socket.emit('connect_error', new Error('UNAUTHORIZED'));
    socket.emit('connect_error', new Error('UNAVAILABLE'));
    vi.advanceTimersByTime(2_999);
    expect(socket.connects).toBe(0);
    vi.advanceTimersByTime(1);
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
