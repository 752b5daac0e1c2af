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

  last(address: string): ParsedMail {
    const mails = this.to(address);
    if (!mails.length) throw new Error(`no mail to ${address}`);
    return mails[mails.length - 1];
  }

  /** The 6-digit code of the newest verification mail to an address. */
  code(address: string): string {
    const match = /验证码是 (\d{6})/.exec(this.last(address).text ?? '');
    if (!match) throw new Error(`no code in the mail to ${address}`);
    return match[1];
  }
}
