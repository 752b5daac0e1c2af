import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { LegalTexts } from './legal-texts.service';

/** A copy of the samples, changed by `change`, as LEGAL_DIR. */
function legalDir(change: (dir: string) => void = () => undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'tt-legal-'));
  cpSync(resolve(__dirname, '../../../legal'), dir, { recursive: true });
  change(dir);
  return dir;
}
const load = (legalDir: string) => new LegalTexts({ legalDir } as AppConfig);

describe('LegalTexts', () => {
  it('reads the samples: versions, and each text in both languages', () => {
    const texts = load(legalDir());
    expect(texts.versions()).toEqual({ terms: '2026-11-27', privacy: '2026-11-27' });
    expect(texts.text('privacy', 'en').text).toMatch(/^# 智库 Privacy Policy/);
    expect(texts.accepted({ termsVersion: '2026-11-27', privacyVersion: '2026-11-27' })).toBe(true);
    expect(texts.accepted({ termsVersion: '2026-11-27', privacyVersion: null })).toBe(false);
  });

  it('stops the start with the file at fault: missing, empty, or a bad version', () => {
    expect(() => load(legalDir((d) => rmSync(join(d, 'terms.en.md'))))).toThrow(/terms\.en\.md/);
    expect(() => load(legalDir((d) => writeFileSync(join(d, 'privacy.zh.md'), '  \n')))).toThrow(
      /privacy\.zh\.md/,
    );
    expect(() =>
      load(legalDir((d) => writeFileSync(join(d, 'versions.json'), '{"terms": "v 1", "privacy": "2"}'))),
    ).toThrow(/"terms"/);
  });
});
