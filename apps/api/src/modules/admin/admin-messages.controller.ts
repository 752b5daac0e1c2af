import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { StaffConsole } from '../../core/auth/roles.guard';
import type { AuthUser } from '../../core/auth/auth-user';
import { BroadcastDto, NotificationsService } from '../notifications';

@StaffConsole()
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
