/** How much of a document a refused reader sees: its first characters, as plain text. */
export const TEASER_LENGTH = 300;
/** Only the start of a document is read for its teaser, however large it is. */
export const TEASER_SCANNED = 200_000;
/** Elements whose content is never text a reader sees. */
const SKIPPED = ['script', 'style', 'head', 'template', 'noscript', 'svg'];

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  middot: '·',
  times: '×',
  copy: '©',
  reg: '®',
  yen: '¥',
};

/** One character reference (`&amp;`, `&#20013;`, `&#x4E2D;`); unknown ones stay as written. */
function decodeEntity(entity: string): string {
  const body = entity.slice(1, -1);
  if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? entity;
  const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
}

/**
 * The first TEASER_LENGTH characters of an HTML document as plain text (issue 20: shown above the paywall): tags and
 * comments removed, scripts, styles and the head skipped, character references decoded, whitespace collapsed. A
 * linear scan rather than regular expressions over untrusted markup.
 */
export function teaserOf(html: string, length = TEASER_LENGTH): string {
  const src = html.length > TEASER_SCANNED ? html.slice(0, TEASER_SCANNED) : html;
  let text = '';
  let i = 0;
  const lower = src.toLowerCase();
  // Enough raw text for `length` characters and one more (to know it was cut), whitespace and surrogates included.
  while (i < src.length && text.length <= 4 * length + 64) {
    const c = src[i];
    if (c === '<') {
      if (src.startsWith('<!--', i)) {
        const end = src.indexOf('-->', i + 4);
        i = end < 0 ? src.length : end + 3;
        continue;
      }
      const close = src.indexOf('>', i + 1);
      if (close < 0) break;
      const name = /^<\s*([a-z0-9]+)/i.exec(src.slice(i, Math.min(close, i + 20)))?.[1]?.toLowerCase();
      i = close + 1;
      if (name && SKIPPED.includes(name)) {
        const end = lower.indexOf(`</${name}`, i);
        i = end < 0 ? src.length : Math.max(i, lower.indexOf('>', end) + 1 || src.length);
      }
      text += ' ';
    } else if (c === '&') {
      const semi = src.indexOf(';', i);
      if (semi > i && semi - i <= 10) {
        text += decodeEntity(src.slice(i, semi + 1));
        i = semi + 1;
      } else {
        text += c;
        i += 1;
      }
    } else {
      text += c;
      i += 1;
    }
  }
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : chars.join('');
}
