import { BillingModule } from '../billing';
import { PaywallModule } from '../paywall';
import { NotificationsModule } from '../notifications';
import { SiteModule } from '../../core/site/site.controller';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountErasureRepository } from './account-erasure.repository';
import { AccountExportRepository } from './account-export.repository';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AdminBootstrap } from './admin-bootstrap.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailChange } from './entities/email-change.entity';
import { EmailCode } from './entities/email-code.entity';
import { Identity } from './entities/identity.entity';
import { PasswordReset } from './entities/password-reset.entity';
import { RefreshToken } from './entities/refresh-token.entity';
import { Session } from './entities/session.entity';
import { Consent } from './entities/consent.entity';
import { SmsCode } from './entities/sms-code.entity';
import { PhoneAuthService } from './phone-auth.service';
import { SmsCodesRepository } from './sms-codes.repository';
import { User } from './entities/user.entity';
import { JwtAuthGuard } from './guards/jwt-auth.guard';
import { OAuthStrategies } from './oauth/oauth-strategies.service';
import { OAuthService } from './oauth/oauth.service';
import { WechatSignInService } from './oauth/wechat-sign-in.service';
import { PasswordService } from './password.service';
import { JwtStrategy } from './strategies/jwt.strategy';
import { TokenService } from './token.service';
import { UsersAdminService } from './users-admin.service';
import { VipApplication } from './entities/vip-application.entity';
import { VipApplicationsController } from './vip-applications.controller';
import { VipApplicationsService } from './vip-applications.service';
import { AccountCodesRepository } from './account-codes.repository';
import { SessionsRepository } from './sessions.repository';
import { UsersRepository } from './users.repository';
import { VipApplicationsRepository } from './vip-applications.repository';

@Module({
  imports: [
    SiteModule,
    BillingModule,
    PaywallModule,
    NotificationsModule,
    PassportModule,
    TypeOrmModule.forFeature([
      User,
      EmailCode,
      EmailChange,
      RefreshToken,
      Session,
      Consent,
      SmsCode,
      PasswordReset,
      Identity,
      VipApplication,
    ]),
  ],
  controllers: [AuthController, AccountController, VipApplicationsController],
  providers: [
    AccountService,
    AccountExportRepository,
    AccountErasureRepository,
    AuthService,
    AdminBootstrap,
    PasswordService,
    TokenService,
    JwtStrategy,
    OAuthService,
    OAuthStrategies,
    WechatSignInService,
    UsersAdminService,
    VipApplicationsService,
    UsersRepository,
    AccountCodesRepository,
    SessionsRepository,
    SmsCodesRepository,
    PhoneAuthService,
    VipApplicationsRepository,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
  ],
  exports: [AuthService, TokenService, UsersAdminService, VipApplicationsService],
})
export class AuthModule {}
