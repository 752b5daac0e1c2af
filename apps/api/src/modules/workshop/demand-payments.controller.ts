import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Language } from '@think-tank/contracts';
import { PayerOf, type Payer } from '../../core/http/payer.decorator';
import { Lang } from '../../core/http/language.decorator';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { DemandFeesService } from './demand-fees.service';
import { InitiateDemandStartupDto, InitiateStagePaymentDto } from './dto/demand.dto';

/** The workshop's fees, under /api/payments beside the other purchases (contract §6). */
@ApiTags('payments')
@ApiBearerAuth()
@Controller('payments')
export class DemandPaymentsController {
  constructor(private readonly fees: DemandFeesService) {}

  @Post('initiate-demand-startup')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'The start-up fee’s order for a registered demand (409 NO_PAYMENT_DUE when none is due)',
  })
  startup(
    @Body() dto: InitiateDemandStartupDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
    @PayerOf() payer: Payer,
  ) {
    return this.fees.payStartup(user, dto.demandId, dto.paymentGateway, lang, payer);
  }

  @Post('initiate-stage-payment')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'The fee’s order for a stage waiting for payment after advance, at the server’s count of modules; a zero fee answers {status:"no_payment_required"} and starts the stage',
  })
  stage(
    @Body() dto: InitiateStagePaymentDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
    @PayerOf() payer: Payer,
  ) {
    return this.fees.payStage(user, dto.demandId, dto.stageToPayFor, dto.paymentGateway, lang, payer);
  }
}
