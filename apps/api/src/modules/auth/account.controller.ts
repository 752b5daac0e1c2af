import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Language, MessageResponse } from '@think-tank/contracts';
import type { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { ClientIp } from '../../core/http/client-ip.decorator';
import { Lang } from '../../core/http/language.decorator';
import { UserAgent } from '../../core/http/user-agent.decorator';
import { AccountService } from './account.service';
import { PhoneAuthService } from './phone-auth.service';
import {
  ChangePasswordDto,
  BindPhoneDto,
  ConfirmationCodeDto,
  DeleteAccountDto,
  EmailChangeDto,
  EmailChangeVerifyDto,
  WechatStartDto,
} from './dto/auth-request.dto';
import { MessageBody, RedirectBody, SessionBody } from './dto/auth-response.dto';
import { isWechatBrowser, WechatSignInService } from './oauth/wechat-sign-in.service';

/** The signed-in user's own account (contract §11 "Accounts and library"): /api/auth/password, /api/users/me/…. */
@ApiTags('auth')
@ApiBearerAuth()
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly phones: PhoneAuthService,
    private readonly wechat: WechatSignInService,
  ) {}

  @Put('auth/password')
  @ApiOperation({
    summary:
      'Change the password with the current one (400 WRONG_PASSWORD, 5 tries per 15 minutes), or give an account without one its first password with a set-password confirmation code (400 INVALID_CODE): every other session ends; answers this device’s new session',
  })
  @ApiResponse({ status: 200, type: SessionBody })
  changePassword(
    @Body() dto: ChangePasswordDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
    @UserAgent() device: string | null,
  ) {
    return this.account.changePassword(user.id, dto, lang, device);
  }

  @Post('auth/email-change')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Ask to move the account to a new address, with the password: a code goes to the new address (400 WRONG_PASSWORD, 409 EMAIL_TAKEN; 5 per 15 minutes)',
  })
  @ApiResponse({ status: 200, type: MessageBody })
  requestEmailChange(@Body() dto: EmailChangeDto, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.account.requestEmailChange(user.id, dto, lang);
  }

  @Post('auth/email-change/verify')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Move the account to the pending address with the code mailed there (400 INVALID_CODE, 5 tries); the old address is told',
  })
  @ApiResponse({ status: 200, type: MessageBody })
  confirmEmailChange(
    @Body() dto: EmailChangeVerifyDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
  ) {
    return this.account.confirmEmailChange(user.id, dto, lang);
  }

  @Get('users/me/sessions')
  @ApiOperation({
    summary:
      'The signed-in devices: [{id, userAgent, signedInAt, lastUsedAt, current}], the last used first (live sessions)',
  })
  devices(@CurrentUser() user: AuthUser) {
    return this.account.devices(user);
  }

  @Delete('users/me/sessions/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary:
      'Sign one device out: its session ends and its access token within seconds; 404 for another user’s or an ended one; 20 a minute',
  })
  signOutDevice(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<void> {
    return this.account.signOutDevice(user.id, id);
  }

  @Post('users/me/phone')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Bind a mainland mobile to the account, or change it, with the code texted for `bind`: {phone}; 409 PHONE_TAKEN when another account holds it, 400 INVALID_CODE',
  })
  bindPhone(@Body() dto: BindPhoneDto, @CurrentUser() user: AuthUser) {
    return this.phones.bind(user.id, dto);
  }

  @Post('users/me/identities/wechat')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Link WeChat to the account: WeChat’s authorisation address (as POST /api/auth/wechat); the callback comes back to /profile with linked=wechat, or linkError=IDENTITY_TAKEN when that WeChat user has another account',
  })
  @ApiResponse({ status: 200, type: RedirectBody })
  async linkWechat(
    @Body() dto: WechatStartDto,
    @CurrentUser() user: AuthUser,
    @UserAgent() agent: string | null,
    @ClientIp() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RedirectBody> {
    const inWechat = dto.inWechat ?? isWechatBrowser(agent);
    return { redirectUrl: await this.wechat.start(reply, ip, inWechat, user.id) };
  }

  @Delete('users/me/identities/wechat')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary:
      'Unlink WeChat: 404 when it is not linked, 409 LAST_SIGN_IN_METHOD when nothing else signs in (a password, a number, a verified address, another provider)',
  })
  unlinkWechat(@CurrentUser() user: AuthUser): Promise<void> {
    return this.wechat.unlink(user.id);
  }

  @Post('users/me/confirmation-code')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'For an account without a password: a code (10 min) to its phone, else its address, that confirms deleting it (delete-account) or its first password (set-password); 3 an hour; 409 for an account with a password',
  })
  sendConfirmationCode(
    @Body() dto: ConfirmationCodeDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
    @ClientIp() ip: string,
  ): Promise<MessageResponse> {
    return this.account.sendConfirmationCode(user.id, dto.purpose, lang, ip);
  }

  @Delete('users/me')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary:
      'Delete the account with its password (a delete-account confirmation code for one without): sessions end, personal data is erased, orders and invoices stay anonymised; 400 WRONG_PASSWORD or INVALID_CODE, 409 ACCOUNT_HAS_OPEN_PAYMENTS while an order is pending or a subscription renews, 403 for staff',
  })
  deleteAccount(@Body() dto: DeleteAccountDto, @CurrentUser() user: AuthUser): Promise<void> {
    return this.account.deleteAccount(user.id, dto);
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
