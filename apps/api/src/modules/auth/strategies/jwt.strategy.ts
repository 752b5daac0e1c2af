import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthUser } from '../../../core/auth/auth-user';
import { TokenService, type AccessClaims } from '../token.service';

/** The request as passport's typings name it (Nest hands it Fastify's request, whose headers are the same). */
type PassportRequest = Parameters<Strategy['authenticate']>[0];
const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();
/** Verified tokens kept in memory; past this many the oldest are forgotten (and verified again if they return). */
const VERIFIED_KEPT = 10_000;

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  /**
   * Access tokens already verified, keyed by the whole token (signature included), with whom they name and when
   * they expire. A client sends the same token with every request for 15 minutes, and verifying it each time was
   * the largest single cost of the solution view (about an eighth of its CPU under `npm run bench`).
   */
  private readonly verified = new Map<string, { user: AuthUser; expiresAt: number }>();

  constructor(tokens: TokenService) {
    super({
      jwtFromRequest: bearerToken,
      // A KeyObject, which jsonwebtoken verifies ~40x faster than a string key; the typings only admit strings.
      secretOrKey: tokens.accessKey as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  override authenticate(req: PassportRequest, options?: object): void {
    const token = bearerToken(req);
    const known = token ? this.verified.get(token) : undefined;
    if (known && Date.now() < known.expiresAt) return this.success(known.user);
    if (known) this.verified.delete(token!);
    super.authenticate(req, options);
  }

  validate(req: PassportRequest, claims: AccessClaims): AuthUser | false {
    if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.ver !== 'number')
      return false;
    const user: AuthUser = Object.freeze({
      id: claims.sub,
      role: claims.role,
      tokenVersion: claims.ver,
      sessionId: claims.sid,
    });
    if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
    // jsonwebtoken refuses a token from the second of its exp on.
    this.verified.set(bearerToken(req)!, { user, expiresAt: claims.exp * 1000 });
    return user;
  }
}
