import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeUser {
  id: string;
  login: string;
  emails: { email: string; verified: boolean; primary?: boolean }[];
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

/**
 * A local OAuth2 provider speaking what Google and GitHub speak to a server: the authorization-code
 * grant at /token (form-encoded, client credentials checked) and the profile calls with a bearer token —
 * Google's OpenID /userinfo, GitHub's /user and /user/emails.
 */
export class FakeOAuthProvider {
  readonly clientId = 'fake-client';
  readonly clientSecret = 'fake-secret';
  private readonly codes = new Map<string, FakeUser>();
  private readonly tokens = new Map<string, FakeUser>();
  readonly tokenRequests: Record<string, string>[] = [];
  private server?: Server;
  url = '';
  /** Who "consents" when a browser arrives at /authorize (browser tests). */
  consentingUser?: FakeUser;

  /** What the provider would append to the callback once the user agreed: an authorization code. */
  authorize(user: FakeUser): string {
    const code = randomBytes(8).toString('hex');
    this.codes.set(code, user);
    return code;
  }

  async start(): Promise<void> {
    this.server = createServer(async (req, res) => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/authorize') {
        // The consent screen, agreed to at once: back to the client's callback with a code and its state.
        const params = new URL(req.url ?? '/', 'http://fake').searchParams;
        const back = new URL(params.get('redirect_uri') ?? '');
        if (params.get('client_id') !== this.clientId || !this.consentingUser) {
          back.searchParams.set('error', 'access_denied');
        } else {
          back.searchParams.set('code', this.authorize(this.consentingUser));
          back.searchParams.set('state', params.get('state') ?? '');
        }
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && path === '/token') {
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        this.tokenRequests.push(form);
        const user = this.codes.get(form.code);
        if (
          form.grant_type !== 'authorization_code' ||
          form.client_id !== this.clientId ||
          form.client_secret !== this.clientSecret ||
          !user
        )
          return json(400, { error: 'invalid_grant' });
        this.codes.delete(form.code);
        const token = randomBytes(8).toString('hex');
        this.tokens.set(token, user);
        return json(200, { access_token: token, token_type: 'bearer', scope: 'email' });
      }
      // A bearer header, or (as Google also accepts, and passport-google-oauth20 sends) an access_token parameter.
      const query = new URL(req.url ?? '/', 'http://fake').searchParams;
      const user = this.tokens.get(
        query.get('access_token') ?? (req.headers.authorization ?? '').replace(/^(Bearer|token) /i, ''),
      );
      if (!user) return json(401, { error: 'invalid_token' });
      const primary = user.emails.find((e) => e.primary) ?? user.emails[0];
      if (path === '/userinfo')
        return json(200, {
          sub: user.id,
          name: user.login,
          email: primary?.email,
          email_verified: primary?.verified ?? false,
        });
      if (path === '/user')
        return json(200, {
          id: Number(user.id),
          login: user.login,
          name: user.login,
          email: primary?.email ?? null,
        });
      if (path === '/user/emails') return json(200, user.emails);
      return json(404, { error: 'not_found' });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  env(provider: 'GOOGLE' | 'GITHUB'): Record<string, string> {
    return {
      [`${provider}_CLIENT_ID`]: this.clientId,
      [`${provider}_CLIENT_SECRET`]: this.clientSecret,
      [`${provider}_AUTH_URL`]: `${this.url}/authorize`,
      [`${provider}_TOKEN_URL`]: `${this.url}/token`,
      [`${provider}_PROFILE_URL`]: provider === 'GOOGLE' ? `${this.url}/userinfo` : `${this.url}/user`,
    };
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
