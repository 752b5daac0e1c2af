import { Controller, Get, Header, Module, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  LEGAL_DOCUMENTS,
  type Language,
  type LegalDocument,
  type LegalText,
  type LegalVersions,
  type SiteInfo,
} from '@think-tank/contracts';
import { AppConfig } from '../config/app-config';
import { AppError } from '../errors/app-error';
import { Lang } from '../http/language.decorator';
import { Public } from '../http/public.decorator';
import { LegalTexts } from './legal-texts.service';

/**
 * The company's contact details, filing notice and results list, and the terms and privacy policy, from
 * configuration, for the home page, /contact, /terms and /privacy.
 */
@ApiTags('site')
@Controller('site')
export class SiteController {
  constructor(
    private readonly config: AppConfig,
    private readonly legal: LegalTexts,
  ) {}

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

  @Public()
  @Get('legal')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'The versions in force of the terms and the privacy policy: {terms, privacy}' })
  legalVersions(): LegalVersions {
    return this.legal.versions();
  }

  @Public()
  @Get('legal/:document')
  @Header('Cache-Control', 'public, max-age=300')
  @Header('Vary', 'Accept-Language')
  @ApiOperation({
    summary:
      'The terms (terms) or the privacy policy (privacy) in the reader’s language: {document, version, text}',
  })
  legalText(@Param('document') document: string, @Lang() lang: Language): LegalText {
    if (!(LEGAL_DOCUMENTS as readonly string[]).includes(document)) throw new AppError('NOT_FOUND');
    return this.legal.text(document as LegalDocument, lang);
  }
}

@Module({ controllers: [SiteController], providers: [LegalTexts], exports: [LegalTexts] })
export class SiteModule {}
