import { CanActivate, HttpStatus, Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@think-tank/contracts';
import { AppError } from '../../../core/errors/app-error';
import { AuthService } from '../auth.service';
import type { AuthUser } from '../strategies/jwt.strategy';

const ROLES = 'roles';
/** Only these roles may call the route (403 FORBIDDEN otherwise). Use with @UseGuards(RolesGuard). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/**
 * Checks the role as it is now in the database, not as it was when the token was issued:
 * a demoted or disabled account loses its rights at once.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const roles =
      this.reflector.getAllAndOverride<Role[]>(ROLES, [context.getHandler(), context.getClass()]) ?? [];
    const request = context.switchToHttp().getRequest<{ user?: AuthUser }>();
    const user = request.user && (await this.auth.findUser(request.user.id));
    if (!user || user.disabled) throw new AppError('UNAUTHORIZED', HttpStatus.UNAUTHORIZED);
    if (!roles.includes(user.role)) throw new AppError('FORBIDDEN', HttpStatus.FORBIDDEN);
    request.user = { id: user.id, role: user.role };
    return true;
  }
}
