import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy of the test's own in front of a shared server (PostgreSQL), so that a test can cut it off for the
 * process behind the proxy alone, and bring it back, without stopping the server others use; or slow it down.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;
  /** Added to every chunk on its way to the server while set: a slow network (each round trip takes this longer). */
  latencyMs = 0;
  /** Bytes the server has sent through the proxy: what the process behind it read. */
  bytesFromServer = 0;

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
      this.delayed(client, upstream);
      upstream.on('data', (chunk: Buffer) => (this.bytesFromServer += chunk.length));
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((ok) => this.server!.listen(this.port, '127.0.0.1', ok));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Forwards `from` to `to`, each chunk held for the latency in force when it arrived, in order. */
  private delayed(from: Socket, to: Socket): void {
    const queue: { chunk: Buffer; due: number }[] = [];
    let timer: NodeJS.Timeout | undefined;
    const pump = () => {
      timer = undefined;
      while (queue.length && queue[0].due <= Date.now()) to.write(queue.shift()!.chunk);
      if (queue.length) timer = setTimeout(pump, queue[0].due - Date.now());
    };
    from.on('data', (chunk: Buffer) => {
      queue.push({ chunk, due: Date.now() + this.latencyMs });
      if (!timer) pump();
    });
    from.on('close', () => clearTimeout(timer));
  }

  /** An outage: every open connection is cut and new ones are refused until `up()`. */
  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((ok) => (this.server ? this.server.close(ok) : ok(undefined)));
  }
}
