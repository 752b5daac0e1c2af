import { Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Language } from '@think-tank/contracts';
import { Lang } from '../../core/http/language.decorator';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { MessagesPageBody, MessagesQueryDto, UnreadCountBody } from './dto/messages.dto';
import { NotificationsService } from './notifications.service';

@ApiTags('messages')
@ApiBearerAuth()
@Controller('messages')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: 'The user’s messages, newest first, 7 a page' })
  @ApiResponse({ status: 200, type: MessagesPageBody })
  list(@Query() q: MessagesQueryDto, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.notifications.list(user.id, q.page, q.limit, lang);
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'How many of the user’s messages are unread' })
  @ApiResponse({ status: 200, type: UnreadCountBody })
  unreadCount(@CurrentUser() user: AuthUser) {
    return this.notifications.unreadCount(user.id);
  }

  @Patch('read-all')
  @ApiOperation({ summary: 'Mark all the user’s messages read; answers the unread count, 0' })
  @ApiResponse({ status: 200, type: UnreadCountBody })
  markAllRead(@CurrentUser() user: AuthUser) {
    return this.notifications.markAllRead(user.id);
  }

  @Patch(':id/read')
  @ApiOperation({ summary: 'Mark an own message read; another user’s is 404' })
  markRead(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.notifications.markRead(user.id, id);
  }
}
