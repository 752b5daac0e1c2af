import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { AppError } from '../errors/app-error';
import { Public } from '../http/public.decorator';
import { DevOutbox, type OutboxEntry } from './dev-outbox.service';

/** The machine itself: the outbox holds codes and reset links, for its developer's eyes only. */
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

@ApiTags('development')
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(
    private readonly outbox: DevOutbox,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  @ApiOperation({
    summary:
      'Mails and texts kept instead of sent (DEV_OUTBOX=true, with SMTP_URL or the SMS keys unset; never in production), to loopback clients only',
  })
  @ApiQuery({ name: 'to', required: false })
  list(@Req() req: FastifyRequest, @Query('to') to?: string): Promise<OutboxEntry[]> {
    // The peer's own address, whatever a proxy header says: only this machine reads the outbox.
    if (!(this.config.devOutbox || this.config.smsOutbox) || !LOOPBACK.test(req.socket.remoteAddress ?? ''))
      throw new AppError('NOT_FOUND');
    return this.outbox.list(typeof to === 'string' ? to : undefined);
  }
}
