import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Language } from '@think-tank/contracts';
import { PayerOf, type Payer } from '../../core/http/payer.decorator';
import type { FastifyReply } from 'fastify';
import { IdPipe } from '../../core/http/id.pipe';
import { ClientIp } from '../../core/http/client-ip.decorator';
import { DOCUMENT_CSP } from '../../core/http/security-headers';
import { Lang } from '../../core/http/language.decorator';
import { Public, TicketOrToken } from '../../core/http/public.decorator';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { InitiateSolutionPaymentDto, PaymentInstructionBody } from '../billing';
import { SearchBody, SearchQueryDto } from './dto/solution.dto';
import { SolutionDocumentsService } from './solution-documents.service';
import { SolutionSearchService } from './solution-search.service';
import { SolutionsService } from './solutions.service';

@ApiTags('solutions')
@Controller('solutions')
export class SolutionsController {
  constructor(
    private readonly solutions: SolutionsService,
    private readonly library: SolutionSearchService,
    private readonly documents: SolutionDocumentsService,
  ) {}

  @Public()
  @Get('search')
  @ApiOperation({
    summary: 'Search the library: every term in name, requirements or details; Latin terms also as Chinese',
  })
  @ApiResponse({ status: 200, type: SearchBody })
  search(@Query() q: SearchQueryDto, @ClientIp() client: string) {
    return this.library.search(
      q.query,
      { page: q.page, pageSize: q.pageSize, industries: q.categories, sort: q.sort },
      client,
    );
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
    @PayerOf() payer: Payer,
  ) {
    return this.solutions.initiateViewPayment(dto, user, lang, payer);
  }

  @Public()
  @Get(':id/teaser')
  @ApiOperation({ summary: 'What anyone sees before signing in: {solutionId, solutionName, teaser}' })
  teaser(@Param('id', IdPipe) id: string) {
    return this.documents.teaser(id);
  }

  @ApiBearerAuth()
  @Post(':id/view-ticket')
  @ApiOperation({
    summary:
      'A single-use URL (60 s) for the frame to load the document by, after every paywall rule: {url, expiresInSeconds}; 402/403 with the paywall',
  })
  ticket(@Param('id', IdPipe) id: string, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.documents.ticket(id, user.id, lang);
  }

  @ApiBearerAuth()
  @TicketOrToken()
  @Get(':id/view')
  @ApiProduces('text/html')
  @ApiQuery({
    name: 'ticket',
    required: false,
    description: 'a view ticket instead of the token (single use)',
  })
  @ApiOperation({
    summary:
      'The solution document, sandboxed; 402 PAYMENT_REQUIRED_FOR_VIEW or 403 PAID_USER_DAILY_LIMIT_REACHED with the paywall; with ?ticket= 401 unless the ticket is unspent',
  })
  async view(
    @Param('id', IdPipe) id: string,
    @Query('ticket') ticket: string | undefined,
    @CurrentUser() user: AuthUser | undefined,
    @Lang() lang: Language,
    @Res() reply: FastifyReply,
  ) {
    const html = ticket
      ? await this.documents.viewByTicket(id, String(ticket))
      : await this.documents.view(id, user!.id, lang);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', DOCUMENT_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(html);
  }
}
