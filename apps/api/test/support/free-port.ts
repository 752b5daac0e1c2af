import { createServer } from 'node:net';

/** A TCP port free on this machine now, for a spawned server. */
export const freePort = () =>
  new Promise<number>((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
