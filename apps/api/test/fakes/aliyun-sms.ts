import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Aliyun's percent-encoding of the V3 canonical request: RFC 3986, `~` kept, space as %20. */
const encode = (s: string) =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, '~');
const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

export interface SentSms {
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
}

/**
 * Aliyun SMS (dysmsapi 2017-05-25) as its `SendSms` answers the official SDK: requests signed with ACS3-HMAC-SHA256
 * (canonical request, string to sign, HMAC with the AccessKey secret) are checked as Aliyun checks them; a wrong
 * signature, a stale date or a reused nonce is refused with Aliyun's own error body.
 */
export class FakeAliyunSms {
  readonly accessKeyId = 'LTAI5tFakeAccessKey01';
  readonly accessKeySecret = 'fake-access-key-secret-for-tests-only';
  readonly signName = '智库';
  readonly templateCode = 'SMS_465000001';
  readonly sent: SentSms[] = [];
  /** Requests refused for their signature (a tampered request must not be sent). */
  readonly refused: string[] = [];
  /** When set, SendSms answers this business code instead of OK (isv.BUSINESS_LIMIT_CONTROL, …). */
  answerCode: string | null = null;
  private readonly nonces = new Set<string>();
  private server?: Server;
  url = '';

  env(): Record<string, string> {
    return {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: this.accessKeyId,
      ALIYUN_ACCESS_KEY_SECRET: this.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: this.signName,
      ALIYUN_SMS_TEMPLATE_CODE: this.templateCode,
      ALIYUN_SMS_ENDPOINT: this.url,
    };
  }

  /** The code in the newest text to the number. */
  codeFor(phone: string): string | undefined {
    return [...this.sent].reverse().find((s) => s.phoneNumbers === phone)?.templateParam.code;
  }

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const body = await read(req);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const refusal = this.verify(req, body);
      if (refusal) {
        this.refused.push(refusal);
        return json(400, {
          Code: refusal,
          Message: `Specified signature does not match our calculation.`,
          RequestId: 'fake',
        });
      }
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25')
        return json(404, { Code: 'InvalidAction.NotFound', Message: 'no such action', RequestId: 'fake' });
      if (query.get('SignName') !== this.signName || query.get('TemplateCode') !== this.templateCode)
        return json(200, {
          Code: 'isv.SMS_SIGNATURE_ILLEGAL',
          Message: 'signature or template',
          RequestId: 'fake',
        });
      if (this.answerCode) return json(200, { Code: this.answerCode, Message: 'refused', RequestId: 'fake' });
      this.sent.push({
        phoneNumbers: query.get('PhoneNumbers') ?? '',
        signName: query.get('SignName') ?? '',
        templateCode: query.get('TemplateCode') ?? '',
        templateParam: JSON.parse(query.get('TemplateParam') ?? '{}'),
      });
      json(200, {
        Code: 'OK',
        Message: 'OK',
        BizId: `${this.sent.length}^0`,
        RequestId: `R${this.sent.length}`,
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Aliyun's V3 signature check; the reason it fails, or null. */
  private verify(req: IncomingMessage, body: Buffer): string | null {
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
    if (!auth || auth[1] !== this.accessKeyId) return 'InvalidAccessKeyId.NotFound';
    const header = (name: string) => String(req.headers[name] ?? '');
    if (header('x-acs-content-sha256') !== sha256(body)) return 'IncompleteSignature';
    if (Math.abs(Date.parse(header('x-acs-date')) - Date.now()) > 15 * 60 * 1000)
      return 'InvalidTimeStamp.Expired';
    const nonce = header('x-acs-signature-nonce');
    if (!nonce || this.nonces.has(nonce)) return 'SignatureNonceUsed';
    const signed = auth[2].split(';');
    if (!['host', 'x-acs-action', 'x-acs-date', 'x-acs-signature-nonce'].every((h) => signed.includes(h)))
      return 'IncompleteSignature';
    const url = new URL(req.url ?? '/', 'http://x');
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => [encode(k), encode(v)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonical = [
      req.method,
      url.pathname,
      query,
      signed.map((h) => `${h}:${header(h).trim()}\n`).join(''),
      signed.join(';'),
      header('x-acs-content-sha256'),
    ].join('\n');
    const expected = createHmac('sha256', this.accessKeySecret)
      .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
      .digest('hex');
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(auth[3]))) return 'SignatureDoesNotMatch';
    this.nonces.add(nonce);
    return null;
  }
}

async function read(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
