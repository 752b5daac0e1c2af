import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Language } from '@think-tank/contracts';
import { Lang } from '../../core/http/language.decorator';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { DemandExportsService } from './demand-exports.service';
import { DemandFeesService } from './demand-fees.service';
import { DemandQuestionsService } from './demand-questions.service';
import { AnswersDto } from './dto/answers.dto';
import { WorkshopService } from './workshop.service';
import {
  AdvanceDto,
  DemandContentDto,
  DemandListQuery,
  DemandRequestDto,
  EventsQuery,
  ExportQuery,
  StageDataDto,
  StageQuery,
} from './dto/demand.dto';

@ApiTags('demand-store')
@ApiBearerAuth()
@Controller('demand-store')
export class WorkshopController {
  constructor(
    private readonly demands: WorkshopService,
    private readonly fees: DemandFeesService,
    private readonly exports: DemandExportsService,
    private readonly questions: DemandQuestionsService,
  ) {}

  @Post('register-demand')
  @ApiOperation({
    summary:
      'Register a demand; it waits in PendingInput until the start-up fee is paid (422 ILLEGAL_CONTENT)',
  })
  register(@Body() dto: DemandRequestDto, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.demands.register(user, dto, lang);
  }

  @Put(':id/answers')
  @ApiOperation({
    summary:
      'Answer the questions registration asked (each ≤ 500 characters, empty takes one back; a question not asked is 400); Startup reads them',
  })
  answer(
    @Param('id') id: string,
    @Body() dto: AnswersDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
  ) {
    return this.questions.answer(user, id, dto, lang);
  }

  @Post('use-vip-startup-quota')
  @ApiOperation({
    summary:
      'Start with a VIP start-up; without quota the demand is registered and the start-up order answered',
  })
  useVipQuota(@Body() dto: DemandRequestDto, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.fees.startWithVipQuota(user, dto, lang);
  }

  @Get()
  @ApiOperation({
    summary:
      'Own demands, newest update first, a page at a time (pageSize ≤ 50), the total in X-Total-Count; archived ones only with status=Archived; content and keyValuePoints cut to 500 characters',
  })
  @ApiResponse({ status: 200, headers: { 'X-Total-Count': { description: 'demands matching, all pages' } } })
  async list(
    @Query() query: DemandListQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { items, total } = await this.demands.list(user, query);
    reply.header('X-Total-Count', String(total));
    return items;
  }

  @Get(':id')
  @ApiOperation({ summary: 'A demand with all five stages (404 for another user’s)' })
  @ApiResponse({ status: 404, description: 'Unknown, or another user’s' })
  detail(@Param('id') id: string, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.demands.detail(user, id, lang);
  }

  @Get(':id/export/docx')
  @ApiProduces('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  @ApiOperation({
    summary:
      'The deliverables as a Word document: one stage (?stage=) or every finished stage; the owner, support and admin (as the lab files); 409 STAGE_NOT_COMPLETED when there is nothing finished',
  })
  async exportWord(
    @Param('id') id: string,
    @Query() query: ExportQuery,
    @CurrentUser() user: AuthUser,
    @Res() reply: FastifyReply,
  ) {
    const { file, fileName } = await this.exports.word(user, id, query.stage);
    const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    return reply
      .type('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file);
  }

  @Get(':id/events')
  @ApiOperation({
    summary: 'The stored progress events with an id above `after`, oldest first',
    description:
      "Each: {id, demandId, event, messageType, message (Chinese), messageKey and params (the line in STAGE_PROGRESS, for the reader's language; null on older events), stage, details, timestamp}.",
  })
  events(@Param('id') id: string, @Query() query: EventsQuery, @CurrentUser() user: AuthUser) {
    return this.demands.history(user, id, query.after);
  }

  @Put(':id/advance')
  @ApiOperation({
    summary:
      'Enter the next stage with its input: queued, or PendingInput with `fee` when one is due (409 STAGE_NOT_COMPLETED, NO_NEXT_STAGE, STAGE_NOT_OPEN)',
  })
  advance(
    @Param('id') id: string,
    @Body() dto: AdvanceDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
  ) {
    return this.demands.advance(user, id, { ...(dto.stageInput ?? {}) }, lang);
  }

  @Put(':id/retry-stage')
  @ApiOperation({
    summary:
      'Queue a failed stage again (409 STAGE_NOT_FAILED otherwise; 402 PAYMENT_REQUIRED when its fee was refunded)',
  })
  retry(
    @Param('id') id: string,
    @Query() q: StageQuery,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
  ) {
    return this.demands.retry(user, id, q.stage, lang);
  }

  @Put(':id/revise')
  @ApiOperation({
    summary: 'New content for the demand (stage=Startup): Startup runs again, later outputs go stale',
  })
  revise(
    @Param('id') id: string,
    @Query() q: StageQuery,
    @Body() dto: DemandContentDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
  ) {
    return this.demands.revise(user, id, q.stage, dto, lang);
  }

  @Put(':id/stage-data')
  @ApiOperation({
    summary:
      'Save an edited output and the selected modules of a completed stage; keeps the previous version',
  })
  saveStageData(
    @Param('id') id: string,
    @Query() q: StageQuery,
    @Body() dto: StageDataDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
  ) {
    return this.demands.saveStageData(user, id, q.stage, dto, lang);
  }

  @Put(':id/archive')
  @ApiOperation({ summary: 'Archive a demand' })
  archive(@Param('id') id: string, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.demands.archive(user, id, lang);
  }

  @Put(':id/unarchive')
  @ApiOperation({ summary: 'Take a demand out of the archive, with its current stage’s status' })
  unarchive(@Param('id') id: string, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.demands.unarchive(user, id, lang);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a demand with its stages, events and files; its orders are kept' })
  async remove(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    await this.demands.remove(user, id);
  }
}
