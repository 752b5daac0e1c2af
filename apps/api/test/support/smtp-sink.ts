import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server that keeps what it receives, for tests that read the mails the app sends. */
export class SmtpSink {
  readonly mails: ParsedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        this.mails.push(mail);
        callback();
      }, callback);
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  to(address: string): ParsedMail[] {
    return this.mails.filter(
      (m) => m.to && JSON.stringify(m.to).toLowerCase().includes(address.toLowerCase()),
    );
  }

  /**
   * The mails to an address once at least `count` have arrived. Mail leaves through the worker's queue after the
   * request has been answered, so a test waits for it: 15 s at most, since a worker started just before (the fault
   * tests' own) on a CI machine busy with the browser tests once took over 5 s to send its first.
   */
  async received(address: string, count = 1): Promise<ParsedMail[]> {
    for (const deadline = Date.now() + 15_000; this.to(address).length < count;) {
      if (Date.now() > deadline) throw new Error(`${count} mail(s) to ${address} did not arrive`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.to(address);
  }

  /** The newest of the first `count` mails to an address. */
  async last(address: string, count = 1): Promise<ParsedMail> {
    return (await this.received(address, count))[count - 1];
  }

  /** The 6-digit code of the `count`-th mail to an address (a verification mail). */
  async code(address: string, count = 1): Promise<string> {
    const match = /验证码是 (\d{6})/.exec((await this.last(address, count)).text ?? '');
    if (!match) throw new Error(`no code in the mail to ${address}`);
    return match[1];
  }
}
