import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@think-tank/contracts';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { Roles, RolesGuard } from '../../core/auth/roles.guard';
import type { AuthUser } from '../../core/auth/auth-user';
import { BroadcastDto, NotificationsService } from '../notifications';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(RolesGuard)
@Roles(Role.Admin, Role.Support)
@Controller('admin/messages')
export class AdminMessagesController {
  constructor(private readonly notifications: NotificationsService) {}

  @Post('broadcast')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'A message to every active user, or to the listed ones; pushed live; audited' })
  broadcast(@Body() dto: BroadcastDto, @CurrentUser() user: AuthUser) {
    return this.notifications.broadcast(dto, user.id);
  }
}
