/**
 * The socket side of the fan-out bench, in a process of its own: connects one /notifications socket per token
 * (TOKENS_FILE), says `{"ready":n}`, then reports on stdout when every socket got the broadcast (latencies from
 * the send time the runner puts in the content) and when every socket got its own message.
 */
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';

interface Pushed {
  title: string;
  content: string;
}

const url = process.env.API_URL!;
const tokens = JSON.parse(readFileSync(process.env.TOKENS_FILE!, 'utf8')) as string[];
const say = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main() {
  const sockets: Socket[] = [];
  const latencies: number[] = [];
  let singles = 0;
  let lastSingleAt = 0;
  const connectOne = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(`${url}/notifications`, {
        auth: { token, lang: 'zh' },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
      socket.on('new_message', (m: Pushed) => {
        if (m.title === 'bench-broadcast') {
          latencies.push(Date.now() - Number(m.content));
          if (latencies.length === tokens.length) {
            latencies.sort((a, b) => a - b);
            say({
              broadcast: {
                received: latencies.length,
                p50: quantile(latencies, 0.5),
                p99: quantile(latencies, 0.99),
              },
            });
          }
        } else if (m.title === 'bench-single') {
          singles += 1;
          lastSingleAt = Date.now();
          if (singles === tokens.length) {
            say({ singles: { received: singles, lastAt: lastSingleAt } });
            sockets.forEach((s) => s.close());
            process.exit(0);
          }
        }
      });
    });
  // In batches, as real clients arrive over time rather than in one instant.
  for (let i = 0; i < tokens.length; i += 50) await Promise.all(tokens.slice(i, i + 50).map(connectOne));
  say({ ready: sockets.length });
}

main().catch((err: Error) => {
  say({ error: err.message });
  process.exit(1);
});
