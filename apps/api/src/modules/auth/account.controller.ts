import { Body, Controller, Get, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Language } from '@think-tank/contracts';
import type { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { Lang } from '../../core/http/language.decorator';
import { AccountService } from './account.service';
import { ChangePasswordDto } from './dto/auth-request.dto';
import { SessionBody } from './dto/auth-response.dto';

/** The signed-in user's own account (contract §11 "Accounts and library"): /api/auth/password, /api/users/me/…. */
@ApiTags('auth')
@ApiBearerAuth()
@Controller()
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Put('auth/password')
  @ApiOperation({
    summary:
      'Change the password with the current one (400 WRONG_PASSWORD, 5 tries per 15 minutes): every other session ends; answers this device’s new session',
  })
  @ApiResponse({ status: 200, type: SessionBody })
  changePassword(@Body() dto: ChangePasswordDto, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.account.changePassword(user.id, dto, lang);
  }

  @Get('users/me/export')
  @ApiOperation({
    summary:
      'Everything held about the user as a JSON file (account, sessions, orders, subscriptions, unlocked solutions, invoices, VIP applications, messages, demands, actions); 3 an hour',
  })
  async exportData(@CurrentUser() user: AuthUser, @Res() reply: FastifyReply) {
    const { fileName, body } = await this.account.exportData(user.id);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  }
}
