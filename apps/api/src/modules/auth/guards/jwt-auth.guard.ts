import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { TokenVersions } from '../../../core/auth/token-versions.service';
import { AppError } from '../../../core/errors/app-error';
import { IS_PUBLIC } from '../../../core/http/public.decorator';
import type { AuthUser } from '../../../core/auth/auth-user';

const unauthorized = () => new AppError('UNAUTHORIZED');
const admitted = <T>(current: boolean, user: T): T => {
  if (!current) throw unauthorized();
  return user;
};

/**
 * Global guard: every route needs a valid access token unless it is marked @Public(), and the token must still
 * be current (its user's token version: revocation within seconds). The version is checked here rather than in
 * the passport strategy, which passport keeps once per process whatever the number of apps in it.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly versions: TokenVersions,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean | 'ticket'>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic === true) return true;
    if (
      isPublic === 'ticket' &&
      context.switchToHttp().getRequest<{ query?: { ticket?: unknown } }>().query?.ticket
    )
      return true;
    return super.canActivate(context);
  }

  /**
   * Passport's verdict, then the token version. Synchronous while the user's version is remembered: this runs on
   * every request, and an extra promise here cost the solution view about 5 % of its throughput. On a miss the
   * answer is a promise, which AuthGuard adopts.
   */
  override handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw unauthorized();
    const { id, tokenVersion, sessionId } = user as unknown as AuthUser;
    const current = this.versions.isCurrent(id, tokenVersion, false, sessionId);
    if (typeof current === 'boolean') return admitted(current, user);
    return current.then((ok) => admitted(ok, user)) as unknown as T;
  }
}
