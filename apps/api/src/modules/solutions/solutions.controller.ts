import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Language } from '@think-tank/contracts';
import type { FastifyReply } from 'fastify';
import { IdPipe } from '../../core/http/id.pipe';
import { DOCUMENT_CSP } from '../../core/http/security-headers';
import { Lang } from '../../core/http/language.decorator';
import { Public } from '../../core/http/public.decorator';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { InitiateSolutionPaymentDto, PaymentInstructionBody } from '../billing';
import { SearchBody, SearchQueryDto } from './dto/solution.dto';
import { SolutionsService } from './solutions.service';

@ApiTags('solutions')
@Controller('solutions')
export class SolutionsController {
  constructor(private readonly solutions: SolutionsService) {}

  @Public()
  @Get('search')
  @ApiOperation({
    summary: 'Search the library: every term in name, requirements or details; Latin terms also as Chinese',
  })
  @ApiResponse({ status: 200, type: SearchBody })
  search(@Query() q: SearchQueryDto) {
    return this.solutions.search(q.query, q.page, q.pageSize);
  }

  @ApiBearerAuth()
  @Post('initiate-solution-payment')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Pay once to read a solution for 30 days (single_solution_view at the server’s price)',
  })
  @ApiResponse({ status: 200, type: PaymentInstructionBody })
  initiatePayment(
    @Body() dto: InitiateSolutionPaymentDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
  ) {
    return this.solutions.initiateViewPayment(dto, user, lang);
  }

  @ApiBearerAuth()
  @Get(':id/view')
  @ApiProduces('text/html')
  @ApiOperation({
    summary:
      'The solution document, sandboxed; 402 PAYMENT_REQUIRED_FOR_VIEW or 403 PAID_USER_DAILY_LIMIT_REACHED with the paywall',
  })
  async view(
    @Param('id', IdPipe) id: string,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
    @Res() reply: FastifyReply,
  ) {
    const html = await this.solutions.viewDocument(id, user.id, lang);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', DOCUMENT_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(html);
  }
}
