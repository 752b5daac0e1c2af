import { Body, Controller, Get, HttpCode, HttpStatus, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { NotificationPreferences, UnsubscribeInfo } from '@think-tank/contracts';
import type { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { AppError } from '../../core/errors/app-error';
import { Public } from '../../core/http/public.decorator';
import { NotificationPreferencesDto } from './dto/notification-preferences.dto';
import { MailPreferencesRepository } from './mail-preferences.repository';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

/** Which events also come by e-mail, and the one-click unsubscribe of each mail (contract §11, RFC 8058). */
@ApiTags('notifications')
@Controller()
export class MailPreferencesController {
  constructor(
    private readonly preferences: MailPreferencesRepository,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  @ApiBearerAuth()
  @Get('users/me/notification-preferences')
  @ApiOperation({ summary: 'Which kinds come by e-mail: {stage, payment, subscription}' })
  get(@CurrentUser() user: AuthUser): Promise<NotificationPreferences> {
    return this.preferences.of(user.id);
  }

  @ApiBearerAuth()
  @Put('users/me/notification-preferences')
  @ApiOperation({ summary: 'Turn kinds on or off (any of them); answers all three' })
  put(
    @Body() dto: NotificationPreferencesDto,
    @CurrentUser() user: AuthUser,
  ): Promise<NotificationPreferences> {
    return this.preferences.change(user.id, dto);
  }

  @Public()
  @Get('notifications/unsubscribe')
  @ApiOperation({
    summary:
      'What a mail’s unsubscribe link is for, before anyone confirms: {kind, subscribed}; 404 for a bad token',
  })
  async about(@Query('token') token: string | undefined): Promise<UnsubscribeInfo> {
    const { userId, kind } = this.verified(token);
    return { kind, subscribed: (await this.preferences.of(userId))[kind] };
  }

  @Public()
  @Post('notifications/unsubscribe')
  @HttpCode(HttpStatus.OK)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOperation({
    summary:
      'One-click unsubscribe (RFC 8058: a mail client POSTs List-Unsubscribe=One-Click): that kind of mail is off; {kind, subscribed: false}',
  })
  async unsubscribe(@Query('token') token: string | undefined): Promise<UnsubscribeInfo> {
    const { userId, kind } = this.verified(token);
    await this.preferences.change(userId, { [kind]: false });
    return { kind, subscribed: false };
  }

  private verified(token: string | undefined) {
    const named = typeof token === 'string' && token.length <= 200 ? this.tokens.verify(token) : null;
    if (!named) throw new AppError('NOT_FOUND');
    return named;
  }
}
