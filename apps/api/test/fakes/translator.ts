import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local translation service speaking MyMemory's protocol: GET ?q=word&langpair=en|zh-CN answers
 * {responseData: {translatedText}}. Words it does not know echo back untranslated; "slowword" answers after 3 s
 * and "brokenword" with a 500, for the timeout and failure paths.
 */
export class FakeTranslator {
  readonly requests: string[] = [];
  private server?: Server;
  url = '';

  constructor(private readonly dictionary: Record<string, string>) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const params = new URL(req.url ?? '/', 'http://fake').searchParams;
      const q = params.get('q') ?? '';
      this.requests.push(`${q}|${params.get('langpair')}`);
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ responseData: { translatedText: this.dictionary[q] ?? q }, responseStatus: 200 }),
        );
      };
      if (q === 'brokenword') return res.writeHead(500).end();
      if (q === 'slowword') return void setTimeout(answer, 3000).unref();
      answer();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/get`;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
