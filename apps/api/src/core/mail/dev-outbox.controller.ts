import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
import { AppError } from '../errors/app-error';
import { Public } from '../http/public.decorator';
import { MailService, type OutboxEntry } from './mail.service';

@ApiTags('development')
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  @ApiOperation({
    summary: 'Mails kept instead of sent (SMTP_URL unset and DEV_OUTBOX=true; never in production)',
  })
  @ApiQuery({ name: 'to', required: false })
  list(@Query('to') to?: string): Promise<OutboxEntry[]> {
    if (!this.config.devOutbox) throw new AppError('NOT_FOUND');
    return this.mail.outbox(typeof to === 'string' ? to : undefined);
  }
}
