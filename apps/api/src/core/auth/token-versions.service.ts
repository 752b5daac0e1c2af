import { Global, Injectable, Module } from '@nestjs/common';
import type { Role } from '@think-tank/contracts';
import { TokenVersionsRepository } from './token-versions.repository';

/** How long a process believes a user's token version without asking the database again. */
export const TOKEN_VERSION_TTL_MS = 2_000;
/** Users remembered per process; past this many the oldest are forgotten (and read again if they return). */
const KEPT = 10_000;
/** The version of a disabled or unknown user: no token carries it. */
const NONE = -1;

/**
 * Whether an access token is still current. Every access token carries its user's token version (`ver`); disabling
 * the user, changing their role, resetting their password or logging out everywhere raises the version, so the
 * tokens issued before stop working on every route and socket. Each process remembers a user's version for at
 * most 2 s, so every replica sees a change within that time at the cost of one small query per user per 2 s.
 * The same query brings the user's sessions ended lately (a device signed out, a logout): their access tokens
 * (the `sid` claim) stop too.
 */
@Injectable()
export class TokenVersions {
  private readonly known = new Map<string, { version: number; ended: string[]; until: number }>();

  constructor(private readonly users: TokenVersionsRepository) {}

  /**
   * Synchronous while the user's version is remembered (the hot path), else after one query. `fresh` always asks
   * the database: a socket's handshake, so that a socket closed by a revocation cannot reconnect at once.
   */
  isCurrent(userId: string, version: unknown, fresh = false, session?: string): boolean | Promise<boolean> {
    if (typeof version !== 'number') return false;
    const known = fresh ? undefined : this.known.get(userId);
    const current = (now: { version: number; ended: string[] }) =>
      version === now.version && !(session && now.ended.includes(session));
    // A token newer than what we remember means the version changed here in the meantime: read it again.
    if (known && known.until > Date.now() && version <= known.version) return current(known);
    return this.load(userId).then(current);
  }

  /** The user's role as it is in the database now, when the token's version is current; else undefined. */
  async currentRole(userId: string, version: unknown): Promise<Role | undefined> {
    const current = await this.load(userId);
    return version === current.version ? current.role : undefined;
  }

  /** This process changed the user's version: forget the old one at once. */
  forget(userId: string): void {
    this.known.delete(userId);
  }

  private async load(userId: string): Promise<{ version: number; ended: string[]; role?: Role }> {
    const row = await this.users.current(userId);
    const version = row && !row.disabled ? row.tokenVersion : NONE;
    const ended = row?.endedSessions ?? [];
    if (this.known.size >= KEPT) this.known.delete(this.known.keys().next().value!);
    this.known.delete(userId);
    this.known.set(userId, { version, ended, until: Date.now() + TOKEN_VERSION_TTL_MS });
    return { version, ended, role: row?.role };
  }
}

@Global()
@Module({ providers: [TokenVersions, TokenVersionsRepository], exports: [TokenVersions] })
export class TokenVersionsModule {}
