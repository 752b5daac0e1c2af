import { ApiProperty } from '@nestjs/swagger';
import type {
  Allowances,
  MeResponse,
  MessageResponse,
  ProvidersResponse,
  RedirectResponse,
  Role,
  SessionResponse,
  SessionUser,
} from '@think-tank/contracts';
import type { User } from '../entities/user.entity';
import { maskedPhone } from '../phone-number';

// Classes for the OpenAPI document; the shapes themselves live in libs/contracts.
export class MessageBody implements MessageResponse {
  @ApiProperty() message!: string;
}
export class SessionUserBody implements SessionUser {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'null for a phone or WeChat account without one',
  })
  email!: string | null;
  @ApiProperty({ enum: ['Free', 'vip', 'support', 'admin'] }) role!: Role;
}
export class SessionBody implements SessionResponse {
  @ApiProperty() access_token!: string;
  @ApiProperty() refresh_token!: string;
  @ApiProperty({ type: SessionUserBody }) user!: SessionUser;
  @ApiProperty() message!: string;
}
export class AllowancesBody implements Allowances {
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'a paid reader’s daily limit; null: unlimited or n/a',
  })
  dailyViewLimit!: number | null;
  @ApiProperty({ nullable: true, type: Number }) dailyViewsLeft!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'VIP start-ups left; null when not VIP' })
  vipStartupsLeft!: number | null;
}
export class MeBody extends SessionUserBody implements MeResponse {
  @ApiProperty() isPaid!: boolean;
  @ApiProperty({ description: 'the vip role, or a live period of a VIP plan' }) isVip!: boolean;
  @ApiProperty({ type: AllowancesBody }) allowances!: Allowances;
  @ApiProperty({ description: 'false for a phone or provider sign-up without a password' })
  hasPassword!: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'the bound number, masked: +86 138****8000' })
  phone!: string | null;
  @ApiProperty({ type: [String], description: 'the providers it signs in through: wechat, github, google' })
  identities!: string[];
  @ApiProperty({ description: 'the terms or privacy policy in force is not the version accepted: ask again' })
  termsToAccept!: boolean;
}
export class ProvidersBody implements ProvidersResponse {
  @ApiProperty() google!: boolean;
  @ApiProperty() github!: boolean;
  @ApiProperty({ description: 'sign-in by a code texted to a mainland mobile number' }) sms!: boolean;
  @ApiProperty() wechat!: boolean;
}
export class RedirectBody implements RedirectResponse {
  @ApiProperty() redirectUrl!: string;
}

export function toSessionUser(user: User): SessionUser {
  return { id: user.id, username: user.username, email: user.email, role: user.role };
}

/** `isPaid` as SubscriptionsService.access decides it. */
export function toMe(
  user: User,
  isPaid: boolean,
  isVip: boolean,
  termsToAccept: boolean,
  allowances: Allowances,
  identities: string[],
): MeResponse {
  return {
    ...toSessionUser(user),
    isPaid,
    isVip,
    allowances,
    hasPassword: user.passwordHash !== null,
    termsToAccept,
    phone: user.phone ? maskedPhone(user.phone) : null,
    identities,
  };
}
