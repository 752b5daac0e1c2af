/**
 * The browsers of `npm run bench:sockets`, in a process of their own: one /notifications socket per entry of
 * CLIENTS_FILE (a token and the API replica it connects to), each behaving as the web app's bell does: on every
 * connection it asks for its unread count; a socket the server closed comes back as `keepLive` (apps/web) brings
 * it back, or at once when SPREAD=0 (the client before the spread). Reports JSON lines on stdout:
 * `{"ready":n}`, then `{"broadcast":[latencies]}` once every socket has a broadcast (send time in its content), and
 * `{"back":[ms],"errors":n}` as sockets the server closed have reconnected and received their count again (for each,
 * the time from its connection to its count: the catch-up's wait on the API and PostgreSQL).
 */
import { NOTIFICATIONS_NAMESPACE, NotificationEvent, type MessageItem } from '@think-tank/contracts';
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { keepLive, LIVE_SOCKET_OPTIONS } from '../apps/web/src/lib/live-socket';

interface Client {
  token: string;
  url: string;
}

const clients = JSON.parse(readFileSync(process.env.CLIENTS_FILE!, 'utf8')) as Client[];
const spread = process.env.SPREAD !== '0';
const say = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);

let latencies: number[] = [];
/** Sockets the server closed, not yet back with their count: when each connected again (0 until it did). */
const away = new Map<Socket, number>();
const back: number[] = [];
let errors = 0;
let reportQueued = false;
const reportBack = () => {
  if (reportQueued) return;
  reportQueued = true;
  setTimeout(() => {
    reportQueued = false;
    say({ back, errors });
  }, 100);
};

function open({ token, url }: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = io(`${url}${NOTIFICATIONS_NAMESPACE}`, {
      ...LIVE_SOCKET_OPTIONS,
      auth: { token, lang: 'zh' },
      forceNew: true,
    });
    if (spread) keepLive(socket);
    socket.on('disconnect', (reason) => {
      if (reason !== 'io server disconnect') return;
      away.set(socket, 0);
      if (!spread) socket.connect();
    });
    socket.on('connect', () => {
      if (away.has(socket)) away.set(socket, Date.now());
      socket.emit(NotificationEvent.requestUnreadCount);
    });
    socket.on('connect_error', () => (errors += 1));
    socket.on(NotificationEvent.unreadCountUpdate, () => {
      const connectedAt = away.get(socket);
      if (!connectedAt) return;
      away.delete(socket);
      back.push(Date.now() - connectedAt);
      reportBack();
    });
    socket.on(NotificationEvent.newMessage, (m: MessageItem) => {
      if (m.title !== 'bench-broadcast') return;
      latencies.push(Date.now() - Number(m.content));
      if (latencies.length === clients.length) {
        say({ broadcast: latencies });
        latencies = [];
      }
    });
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

async function main() {
  // In batches, as real clients arrive over time rather than in one instant.
  for (let i = 0; i < clients.length; i += 50) await Promise.all(clients.slice(i, i + 50).map(open));
  errors = 0;
  say({ ready: clients.length });
}

main().catch((err: Error) => {
  say({ error: err.message });
  process.exit(1);
});
