import type { Role } from '@think-tank/contracts';
import * as jwt from 'jsonwebtoken';
import { createSecretKey, type KeyObject } from 'node:crypto';

export interface AccessClaims {
  sub: string;
  role: Role;
  typ: 'access';
  /** The user's token version when it was issued (TokenVersions). */
  ver: number;
  /** The session (refresh family) the token was issued in: signing that device out ends it (TokenVersions). */
  sid?: string;
  iat: number;
  exp: number;
}

/** The HS256 key as a KeyObject: jsonwebtoken verifies ~40x faster with it than with a string (performance notes). */
export const accessKeyOf = (secret: string): KeyObject => createSecretKey(Buffer.from(secret, 'utf8'));

/** The claims of a valid, unexpired access token; throws for anything else (a refresh token included). */
export function verifyAccessToken(token: string, key: KeyObject): AccessClaims {
  const claims = jwt.verify(token, key, { algorithms: ['HS256'] }) as AccessClaims;
  if (claims.typ !== 'access' || typeof claims.sub !== 'string') throw new Error('not an access token');
  return claims;
}
