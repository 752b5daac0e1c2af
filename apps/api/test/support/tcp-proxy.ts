import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy of the test's own in front of a shared server (PostgreSQL), so that a test can cut it off for the
 * process behind the proxy alone, and bring it back, without stopping the server others use.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts forwarding (on the same port when it ran before). */
  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((ok) => this.server!.listen(this.port, '127.0.0.1', ok));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** An outage: every open connection is cut and new ones are refused until `up()`. */
  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((ok) => (this.server ? this.server.close(ok) : ok(undefined)));
  }
}
