import {
  applyDecorators,
  CanActivate,
  Injectable,
  SetMetadata,
  UseGuards,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Role } from '@think-tank/contracts';
import { AppError } from '../errors/app-error';
import type { AuthUser } from './auth-user';
import { TokenVersions } from './token-versions.service';

const ROLES = 'roles';
/** Only these roles may call the route (403 FORBIDDEN otherwise). Use with @UseGuards(RolesGuard). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/**
 * Checks the role as it is now in the database, not as it was when the token was issued: a demoted or disabled
 * account loses its rights at once. Needs only the global TokenVersions, so any module's controller may use it.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly versions: TokenVersions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const roles =
      this.reflector.getAllAndOverride<Role[]>(ROLES, [context.getHandler(), context.getClass()]) ?? [];
    const request = context.switchToHttp().getRequest<{ user?: AuthUser }>();
    const caller = request.user;
    const role = caller && (await this.versions.currentRole(caller.id, caller.tokenVersion));
    if (!caller || !role) throw new AppError('UNAUTHORIZED');
    if (!roles.includes(role)) throw new AppError('FORBIDDEN');
    request.user = { ...caller, role };
    return true;
  }
}

/** A support-console controller: staff only (admin or support, as the database has them now), tagged admin. */
export const StaffConsole = () =>
  applyDecorators(ApiTags('admin'), ApiBearerAuth(), UseGuards(RolesGuard), Roles(Role.Admin, Role.Support));
