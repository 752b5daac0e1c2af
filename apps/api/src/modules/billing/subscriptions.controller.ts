import { Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Language } from '@think-tank/contracts';
import { Lang } from '../../core/http/language.decorator';
import { Public } from '../../core/http/public.decorator';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { BillingService } from './billing.service';
import { CancelSubscriptionBody, PlanBody, SubscriptionBody } from './dto/payments.dto';
import { toPlanResponse } from './plan-response';
import { SubscriptionsService } from './subscriptions.service';

@ApiTags('subscriptions')
@Controller()
export class SubscriptionsController {
  constructor(
    private readonly billing: BillingService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  @Public()
  @Get('users/subscriptions/plans')
  @ApiOperation({ summary: 'Every plan, in the reader’s language and currency (zh: CNY, else USD)' })
  @ApiResponse({ status: 200, type: [PlanBody] })
  async plans(@Lang() lang: Language) {
    return (await this.billing.listPlans()).map((p) => toPlanResponse(p, lang));
  }

  @ApiBearerAuth()
  @Get('subscriptions/me')
  @ApiOperation({
    summary: 'The current subscription: active, canceled (access to the period end), expired or none',
  })
  @ApiResponse({ status: 200, type: SubscriptionBody })
  me(@CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.subscriptions.current(user.id, lang);
  }

  @ApiBearerAuth()
  @Post('subscriptions/cancel')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Cancel at the period end; 409 NO_ACTIVE_SUBSCRIPTION when nothing renews' })
  @ApiResponse({ status: 200, type: CancelSubscriptionBody })
  cancel(@CurrentUser() user: AuthUser) {
    return this.subscriptions.cancel(user.id);
  }
}
