import { Controller, Get, Header, Module } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SiteInfo } from '@think-tank/contracts';
import { AppConfig } from '../config/app-config';
import { Public } from '../http/public.decorator';

/** The company's contact details, filing notice and results list, from configuration, for the home page and /contact. */
@ApiTags('site')
@Controller('site')
export class SiteController {
  constructor(private readonly config: AppConfig) {}

  @Public()
  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({
    summary:
      'Contact e-mail, phone, QR image, ICP filing number and results list URL; each null when not configured',
  })
  info(): SiteInfo {
    return this.config.site;
  }
}

@Module({ controllers: [SiteController] })
export class SiteModule {}
