import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  AuthError,
  OAUTH_PROVIDERS,
  WebRoute,
  type Language,
  type OAuthProvider,
} from '@think-tank/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { ClientIp } from '../../core/http/client-ip.decorator';
import { UserAgent } from '../../core/http/user-agent.decorator';
import { Lang } from '../../core/http/language.decorator';
import { Public } from '../../core/http/public.decorator';
import { AuthService } from './auth.service';
import {
  AcceptTermsDto,
  EmailDto,
  ExchangeDto,
  LoginDto,
  RefreshDto,
  RegisterDto,
  ResetPasswordDto,
  SmsCodeDto,
  SmsLoginDto,
  VerifyEmailDto,
  WechatStartDto,
} from './dto/auth-request.dto';
import { MeBody, MessageBody, ProvidersBody, RedirectBody, SessionBody } from './dto/auth-response.dto';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { bindBrowser, browserBinding, unbindBrowser } from './oauth/oauth-binding';
import { OAuthStrategies } from './oauth/oauth-strategies.service';
import { OAuthService } from './oauth/oauth.service';
import { isWechatBrowser, WechatSignInService } from './oauth/wechat-sign-in.service';
import { PhoneAuthService } from './phone-auth.service';
import type { AuthUser } from '../../core/auth/auth-user';

function providerOf(name: string): OAuthProvider {
  if (!(OAUTH_PROVIDERS as readonly string[]).includes(name)) throw new AppError('NOT_FOUND');
  return name as OAuthProvider;
}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly oauth: OAuthService,
    private readonly strategies: OAuthStrategies,
    private readonly config: AppConfig,
    private readonly phones: PhoneAuthService,
    private readonly wechat: WechatSignInService,
  ) {}

  @Public()
  @Post('register')
  @ApiOperation({ summary: 'Create an account and mail a 6-digit code' })
  @ApiResponse({ status: 201, type: MessageBody })
  @ApiResponse({ status: 409, description: 'USERNAME_TAKEN or EMAIL_TAKEN' })
  register(@Body() dto: RegisterDto, @Lang() lang: Language, @ClientIp() ip: string) {
    return this.auth.register(dto, lang, ip);
  }

  @Public()
  @Post('verify-email')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Verify the e-mail code (10 min, 5 tries) and log in' })
  @ApiResponse({ status: 200, type: SessionBody })
  verifyEmail(@Body() dto: VerifyEmailDto, @Lang() lang: Language, @UserAgent() device: string | null) {
    return this.auth.verifyEmail(dto, lang, device);
  }

  @Public()
  @Post('resend-verification-email')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Mail a new code (the previous one dies); once per 60 s per address' })
  @ApiResponse({ status: 200, type: MessageBody })
  resend(@Body() dto: EmailDto, @Lang() lang: Language, @ClientIp() ip: string) {
    return this.auth.resendVerification(dto, lang, ip);
  }

  @Public()
  @Post('sms-code')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Text a 6-digit code (5 min) to a mainland mobile, for login or bind: {cooldownSeconds: 60}, the same answer whether or not an account has the number; 429 with Retry-After (nothing sent) past 1 a minute or 10 a day per number, 20 an hour per address, or the site’s SMS_DAILY_LIMIT; 503 SMS_UNAVAILABLE when the provider does not send (the cooldown not spent)',
  })
  smsCode(@Body() dto: SmsCodeDto, @ClientIp() ip: string) {
    return this.phones.sendCode(dto.phone, dto.purpose, ip);
  }

  @Public()
  @Post('login/sms')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Sign in by the code texted for login: the body of a password login. An unknown number opens an account only with acceptedTerms: true, else 400 TERMS_NOT_ACCEPTED (the code stays usable); a wrong or expired code 400 INVALID_CODE (5 tries)',
  })
  @ApiResponse({ status: 200, type: SessionBody })
  loginBySms(
    @Body() dto: SmsLoginDto,
    @Lang() lang: Language,
    @ClientIp() ip: string,
    @UserAgent() device: string | null,
  ) {
    return this.phones.login(dto, lang, ip, device);
  }

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Log in by username or e-mail' })
  @ApiResponse({ status: 200, type: SessionBody })
  login(
    @Body() dto: LoginDto,
    @Lang() lang: Language,
    @ClientIp() ip: string,
    @UserAgent() device: string | null,
  ) {
    return this.auth.login(dto, lang, ip, device);
  }

  @Public()
  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Trade a refresh token for a new pair (the old one is spent)' })
  @ApiResponse({ status: 200, type: SessionBody })
  refresh(@Body() dto: RefreshDto, @Lang() lang: Language) {
    return this.auth.refresh(dto.refresh_token, lang);
  }

  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Revoke the refresh family of a token' })
  logout(@Body() dto: RefreshDto) {
    return this.auth.logout(dto.refresh_token);
  }

  @ApiBearerAuth()
  @Post('logout-all')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary:
      'Log out everywhere: every session ends, access tokens stop working within seconds, sockets close',
  })
  logoutEverywhere(@CurrentUser() user: AuthUser) {
    return this.auth.logoutEverywhere(user.id);
  }

  @ApiBearerAuth()
  @Get('me')
  @ApiResponse({ status: 200, type: MeBody })
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user.id);
  }

  @ApiBearerAuth()
  @Post('accept-terms')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary:
      'Accept the terms and the privacy policy, naming the versions read (GET /api/site/legal): 409 CONFLICT when either is no longer in force',
  })
  acceptTerms(@Body() dto: AcceptTermsDto, @CurrentUser() user: AuthUser, @ClientIp() ip: string) {
    return this.auth.acceptTerms(user.id, dto, ip);
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Mail a reset link (same answer for unknown addresses)' })
  @ApiResponse({ status: 200, type: MessageBody })
  forgotPassword(@Body() dto: EmailDto, @Lang() lang: Language, @ClientIp() ip: string) {
    return this.auth.forgotPassword(dto, lang, ip);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Set a new password with a mailed token (30 min, single use); ends every session',
  })
  @ApiResponse({ status: 200, type: MessageBody })
  resetPassword(@Body() dto: ResetPasswordDto, @Lang() lang: Language) {
    return this.auth.resetPassword(dto, lang);
  }

  @Public()
  @Get('providers')
  @ApiResponse({ status: 200, type: ProvidersBody })
  providers() {
    return this.oauth.providers();
  }

  @Public()
  @Post('exchange')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Trade the one-time code of a third-party callback for a token pair' })
  @ApiResponse({ status: 200, type: SessionBody })
  async exchange(
    @Body() dto: ExchangeDto,
    @Lang() lang: Language,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @UserAgent() device: string | null,
  ) {
    const session = await this.oauth.exchange(dto.code, browserBinding(req), lang, device);
    unbindBrowser(reply);
    return session;
  }

  @Public()
  @Post('google')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Google's authorisation address; 404 PROVIDER_DISABLED when Google sign-in is off",
  })
  @ApiResponse({ status: 200, type: RedirectBody })
  startGoogle(
    @Res({ passthrough: true }) reply: FastifyReply,
    @ClientIp() ip: string,
  ): Promise<RedirectBody> {
    return this.start('google', reply, ip);
  }

  @Public()
  @Post('github')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "GitHub's authorisation address; 404 PROVIDER_DISABLED when GitHub sign-in is off",
  })
  @ApiResponse({ status: 200, type: RedirectBody })
  startGithub(
    @Res({ passthrough: true }) reply: FastifyReply,
    @ClientIp() ip: string,
  ): Promise<RedirectBody> {
    return this.start('github', reply, ip);
  }

  /** The provider's authorisation address, with the state bound to this browser (contract §4). */
  private async start(name: OAuthProvider, reply: FastifyReply, ip: string): Promise<RedirectBody> {
    if (!this.oauth.endpoints(name)) throw new AppError('PROVIDER_DISABLED');
    await this.oauth.takeStart(ip);
    return {
      redirectUrl: await this.oauth.authorizationUrl(name, bindBrowser(reply, this.config.publicUrl)),
    };
  }

  @Public()
  @Post('wechat')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'WeChat’s authorisation address: the website QR (snsapi_login) in a desktop browser, the official account’s OAuth (snsapi_userinfo) inside WeChat; 404 PROVIDER_DISABLED without that app',
  })
  @ApiResponse({ status: 200, type: RedirectBody })
  async startWechat(
    @Body() dto: WechatStartDto,
    @UserAgent() agent: string | null,
    @Res({ passthrough: true }) reply: FastifyReply,
    @ClientIp() ip: string,
  ): Promise<RedirectBody> {
    const inWechat = dto.inWechat ?? isWechatBrowser(agent);
    return { redirectUrl: await this.wechat.start(reply, ip, inWechat) };
  }

  @Public()
  @Get('wechat/openid')
  @ApiOperation({
    summary:
      'Where WECHAT_AUTH_REQUIRED’s redirectUrl leads (the page adds returnTo, its own path): a silent snsapi_base authorisation that learns the payer’s openid and comes back there; a used or unknown ticket goes to the buyer’s orders',
  })
  async startWechatOpenid(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @ClientIp() ip: string) {
    await this.oauth.takeStart(ip);
    const query = req.query as Record<string, unknown>;
    const binding = bindBrowser(reply, this.config.publicUrl);
    const target = await this.wechat.startOpenid(query.ticket, query.returnTo, binding);
    return reply.redirect(target ?? `${this.config.publicUrl}${WebRoute.myOrders}`, 302);
  }

  @Public()
  @Get('wechat/callback')
  @ApiOperation({
    summary:
      'WeChat’s callback: 302 to the web app with a one-time code or authError (sign-in), to /profile with linked or linkError (link), or back to the checkout (openid)',
  })
  async wechatCallback(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const target = await this.wechat.callback(req.query as Record<string, unknown>, browserBinding(req));
    return reply.redirect(target, 302);
  }

  @Public()
  @Get(':provider/callback')
  @ApiOperation({ summary: 'Provider callback: 302 to the web app with a one-time code, or with authError' })
  async callback(@Param('provider') name: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const provider = providerOf(name);
    const target = new URL(`${this.config.publicUrl}/auth/${provider}/callback`);
    const user = this.oauth.endpoints(provider)
      ? await this.strategies.authenticate(provider, req, reply)
      : null;
    if (!user) target.searchParams.set('authError', AuthError[provider]);
    else if (user.disabled) target.searchParams.set('authError', AuthError.authenticationFailed);
    // The state check has already matched the cookie, so the binding is there.
    else target.searchParams.set('code', await this.oauth.issueExchangeCode(user.id, browserBinding(req)!));
    return reply.redirect(target.toString(), 302);
  }
}
