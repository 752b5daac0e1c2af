import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  CancelSubscriptionResponse,
  Currency,
  OrderStatusResponse,
  PaymentDevice,
  PaymentGateway,
  PaymentOptionsResponse,
  PlanQuoteResponse,
  PlanResponse,
  SubscriptionResponse,
} from '@think-tank/contracts';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { invalid, required } from '../../../core/errors/validation-pipe';

/** 'one_time' is accepted as the spec's other spelling of 'one-time'. */
const oneTime = ({ value }: { value: unknown }) => (value === 'one_time' ? 'one-time' : value);

export class CreateOrderDto {
  @ApiProperty({ enum: ['subscription', 'one-time'] })
  @Transform(oneTime)
  @IsIn(['subscription', 'one-time'], invalid)
  paymentType!: 'subscription' | 'one-time';

  @ApiPropertyOptional({ description: 'the plan id, for a subscription' })
  @ValidateIf((o: CreateOrderDto) => o.paymentType === 'subscription')
  @IsNotEmpty(required)
  @IsUUID('all', invalid)
  priceId?: string;

  @ApiPropertyOptional({ description: 'a catalogue item id or a one-time plan id, for a one-time payment' })
  @ValidateIf((o: CreateOrderDto) => o.paymentType === 'one-time')
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(64, invalid)
  itemId?: string;

  @ApiPropertyOptional({ description: 'the solution a single_solution_view unlocks' })
  @IsOptional()
  @IsUUID('all', invalid)
  solutionId?: string;

  @ApiPropertyOptional({
    enum: ['mobile', 'desktop'],
    description: 'where the buyer pays; a phone gets Alipay WAP pay (default: from the User-Agent)',
  })
  @IsOptional()
  @IsIn(['mobile', 'desktop'], invalid)
  device?: PaymentDevice;
}

/** A payment method collected by Stripe Elements (a card, or Apple Pay through Stripe). */
class CardMethodDto {
  @ApiProperty()
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(255, invalid)
  paymentMethodId!: string;

  @ApiProperty({
    enum: ['stripe_card', 'applepay', 'googlepay'],
    description: 'a card, or Apple Pay / Google Pay through Stripe (settled as a card payment)',
  })
  @IsIn(['stripe_card', 'applepay', 'googlepay'], invalid)
  paymentMethodType!: 'stripe_card' | 'applepay' | 'googlepay';
}

export class CardPaymentDto extends CardMethodDto {
  @ApiProperty({ description: 'a catalogue item id or a one-time plan id' })
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(64, invalid)
  itemId!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsUUID('all', invalid)
  solutionId?: string;
}

export class CardSubscribeDto extends CardMethodDto {
  @ApiProperty({ description: 'the plan id' })
  @IsNotEmpty(required)
  @IsUUID('all', invalid)
  priceId!: string;
}

export class InitiateSolutionPaymentDto {
  @ApiProperty()
  @IsNotEmpty(required)
  @IsUUID('all', invalid)
  solutionId!: string;

  @ApiPropertyOptional({
    enum: ['alipay', 'stripe', 'wechatpay'],
    description: 'default: alipay for Chinese browsers; wechatpay: Native QR on a desktop, H5 on a phone',
  })
  @IsOptional()
  @IsIn(['alipay', 'stripe', 'wechatpay'], invalid)
  paymentGateway?: 'alipay' | 'stripe' | 'wechatpay';

  @ApiPropertyOptional({ default: 'single_solution_view' })
  @IsOptional()
  @IsIn(['single_solution_view'], invalid)
  itemId?: string;

  @ApiPropertyOptional({ enum: ['solution_view'] })
  @IsOptional()
  @IsIn(['solution_view'], invalid)
  itemType?: string;

  @ApiPropertyOptional({ description: 'ignored: the price is the server’s' })
  @IsOptional()
  @IsInt(invalid)
  amount?: number;

  @ApiPropertyOptional({ description: 'ignored: the price is the server’s' })
  @IsOptional()
  @IsIn(['CNY', 'USD'], invalid)
  currency?: Currency;
}

class PriceInfoBody {
  @ApiProperty() amount!: number;
  @ApiProperty({ enum: ['CNY', 'USD'] }) currency!: Currency;
}

export class PlanBody implements PlanResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() planName!: string;
  @ApiProperty({ example: '¥39.00/月' }) displayPrice!: string;
  @ApiProperty({ type: PriceInfoBody }) priceInfo!: PriceInfoBody;
  @ApiProperty({
    type: PriceInfoBody,
    description:
      'what a wallet (Alipay, WeChat Pay, the sandbox standing in for them) charges: always CNY, in either language',
  })
  walletPriceInfo!: PriceInfoBody;
  @ApiProperty({ type: [String] }) features!: string[];
  @ApiProperty({ type: [String] }) benefits!: string[];
  @ApiProperty() isValid!: boolean;
  @ApiProperty({ enum: ['one_time', 'daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'custom'] })
  periodType!: PlanResponse['periodType'];
  @ApiProperty({ nullable: true, type: String }) stripePriceId!: string | null;
  @ApiProperty({ nullable: true, type: String }) alipayProductCode!: string | null;
  @ApiProperty() popular!: boolean;
}

export class PaymentInstructionBody {
  @ApiProperty({ enum: ['form', 'redirect'] }) type!: 'form' | 'redirect';
  @ApiPropertyOptional({ description: 'an HTML form that posts to Alipay; submit it as is' })
  paymentForm?: string;
  @ApiPropertyOptional({ description: 'where the browser goes next' }) paymentUrl?: string;
  @ApiProperty() orderId!: string;
}

export class CardPaymentBody extends PaymentInstructionBody {
  @ApiProperty() success!: boolean;
  @ApiProperty({ description: 'Stripe’s status, or requires_redirect for the sandbox' }) status!: string;
  @ApiPropertyOptional() requiresAction?: boolean;
  @ApiPropertyOptional({ nullable: true, type: String }) clientSecret?: string | null;
  @ApiPropertyOptional() paymentIntentId?: string;
  @ApiPropertyOptional() subscriptionId?: string;
}

export class OrderStatusBody implements OrderStatusResponse {
  @ApiProperty({ enum: ['pending', 'paid', 'failed', 'canceled', 'refunded', 'agreement_active'] })
  status!: OrderStatusResponse['status'];
  @ApiProperty({ enum: ['subscription', 'one-time'] }) paymentType!: OrderStatusResponse['paymentType'];
  @ApiProperty() itemId!: string;
  @ApiProperty() itemType!: OrderStatusResponse['itemType'];
  @ApiProperty() amount!: number;
  @ApiProperty({ enum: ['CNY', 'USD'] }) currency!: Currency;
  @ApiProperty({ description: 'minor units taken off a plan’s price for the period it replaced' })
  creditApplied!: number;
  @ApiProperty({ nullable: true, type: String }) redirectUrl!: string | null;
  @ApiProperty({ nullable: true, type: String }) demandId!: string | null;
  @ApiProperty({ nullable: true, type: String }) solutionId!: string | null;
  @ApiProperty() message!: string;
}

export class PlanQuoteQuery {
  @ApiPropertyOptional({
    enum: ['alipay', 'wechatpay', 'stripe', 'sandbox'],
    description:
      'the method the buyer picks: the wallets charge CNY (default: alipay for Chinese, else stripe)',
  })
  @IsOptional()
  @IsIn(['alipay', 'wechatpay', 'stripe', 'sandbox'], invalid)
  paymentGateway?: PaymentGateway;
}

export class PlanQuoteBody implements PlanQuoteResponse {
  @ApiProperty() planId!: string;
  @ApiProperty({ description: 'it lifts a limit of the live plan: starts now, the unused days credited' })
  upgrade!: boolean;
  @ApiProperty({ description: 'minor units taken off the price' }) creditApplied!: number;
  @ApiProperty({ description: 'what the order charges (minor units)' }) amount!: number;
  @ApiProperty({ enum: ['CNY', 'USD'] }) currency!: Currency;
  @ApiProperty({ description: 'when the period starts (ISO-8601)' }) startsAt!: string;
}

export class PaymentOptionsBody implements PaymentOptionsResponse {
  @ApiProperty({ description: 'Alipay keys are configured' }) alipay!: boolean;
  @ApiProperty({ description: 'WeChat Pay keys are configured' }) wechatpay!: boolean;
  @ApiProperty({ description: 'the sandbox gateway is enabled' }) sandbox!: boolean;
  @ApiProperty({ nullable: true, type: String }) stripePublishableKey!: string | null;
}

export class SubscriptionBody implements SubscriptionResponse {
  @ApiProperty({ nullable: true, type: String }) planName!: string | null;
  @ApiProperty({ enum: ['active', 'canceled', 'expired', 'none'] }) status!: SubscriptionResponse['status'];
  @ApiProperty({ nullable: true, type: String }) nextPaymentDate!: string | null;
  @ApiProperty({ nullable: true, type: String }) currentPeriodEnd!: string | null;
}

export class CancelSubscriptionBody implements CancelSubscriptionResponse {
  @ApiProperty({ enum: ['canceled'] }) status!: 'canceled';
  @ApiProperty() currentPeriodEnd!: string;
}
