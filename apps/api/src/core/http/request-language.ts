import type { Language } from '@think-tank/contracts';

/**
 * Chinese unless Accept-Language prefers another language (contract §1); English is the other one shipped.
 */
export function languageFromAcceptLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'zh';
  let best: { tag: string; q: number } | undefined;
  for (const part of value.split(',')) {
    const [tagPart, ...params] = part.trim().split(';');
    const tag = tagPart.trim().toLowerCase();
    if (!tag) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  if (!best || best.tag === '*' || best.tag.startsWith('zh')) return 'zh';
  return 'en';
}
