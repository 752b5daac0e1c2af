import { Injectable } from '@nestjs/common';
import {
  LEGAL_DOCUMENTS,
  type Language,
  type LegalDocument,
  type LegalText,
  type LegalVersions,
} from '@think-tank/contracts';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppConfig } from '../config/app-config';

/** The largest text read: a policy is pages, not megabytes. */
const MAX_TEXT_BYTES = 256 * 1024;
const LANGUAGES: Language[] = ['zh', 'en'];

type Texts = Record<LegalDocument, { version: string } & Record<Language, string>>;

/**
 * The terms of service and the privacy policy, from LEGAL_DIR (`versions.json` and `<document>.<zh|en>.md`; the
 * repository's `apps/api/legal` holds a sample of each): read once at start, so that a missing or broken file
 * stops the process with its name rather than failing a reader later.
 */
@Injectable()
export class LegalTexts {
  private readonly texts: Texts;

  constructor(config: AppConfig) {
    this.texts = readTexts(resolve(config.legalDir));
  }

  versions(): LegalVersions {
    return { terms: this.texts.terms.version, privacy: this.texts.privacy.version };
  }

  text(document: LegalDocument, lang: Language): LegalText {
    return { document, version: this.texts[document].version, text: this.texts[document][lang] };
  }

  /** Whether the versions a user accepted (null: none) are the ones in force. */
  accepted(user: { termsVersion: string | null; privacyVersion: string | null }): boolean {
    const now = this.versions();
    return user.termsVersion === now.terms && user.privacyVersion === now.privacy;
  }
}

function readTexts(dir: string): Texts {
  const read = (file: string) => {
    const text = readFileSync(join(dir, file), 'utf8');
    if (Buffer.byteLength(text) > MAX_TEXT_BYTES || !text.trim())
      throw new Error(`LEGAL_DIR: ${file} must hold a text of at most 256 KiB`);
    return text;
  };
  const versions = JSON.parse(read('versions.json')) as Record<string, unknown>;
  return Object.fromEntries(
    LEGAL_DOCUMENTS.map((document) => {
      const version = versions[document];
      if (typeof version !== 'string' || !/^[\w.-]{1,32}$/.test(version))
        throw new Error(
          `LEGAL_DIR: versions.json needs "${document}": a version of 1-32 letters, digits, . _ -`,
        );
      return [
        document,
        { version, ...Object.fromEntries(LANGUAGES.map((l) => [l, read(`${document}.${l}.md`)])) },
      ];
    }),
  ) as Texts;
}
