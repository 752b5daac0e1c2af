import { HttpStatus, Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { TokenVersions } from '../../../core/auth/token-versions';
import { AppError } from '../../../core/errors/app-error';
import { IS_PUBLIC } from '../../../core/http/public.decorator';
import type { AuthUser } from '../strategies/jwt.strategy';

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

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    await super.canActivate(context);
    const { user } = context.switchToHttp().getRequest<{ user: AuthUser }>();
    if (!(await this.versions.isCurrent(user.id, user.tokenVersion)))
      throw new AppError('UNAUTHORIZED', HttpStatus.UNAUTHORIZED);
    return true;
  }

  override handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw new AppError('UNAUTHORIZED', HttpStatus.UNAUTHORIZED);
    return user;
  }
}
