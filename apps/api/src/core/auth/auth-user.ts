import type { Role } from '@think-tank/contracts';

/** Who made the request, from a verified access token: what every module knows of its caller. */
export interface AuthUser {
  id: string;
  role: Role;
  /** The token version the access token carries (checked by JwtAuthGuard against TokenVersions). */
  tokenVersion?: number;
  /** The session (refresh family) the access token belongs to. */
  sessionId?: string;
  /** The request's id, added by @CurrentUser(). */
  requestId?: string;
}
