/** Times and dates in the reader's language; apart from i18n.ts, which every first load carries and no first screen needs these. */
import { currentLanguage } from './i18n';

/** How long ago (or until) a moment is, in the reader's language: 5 分钟前 / 5 minutes ago. */
export function relativeTime(iso: string): string {
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(currentLanguage() === 'zh' ? 'zh-CN' : 'en', {
    numeric: 'auto',
  });
  for (const [unit, size] of [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ] as const)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(seconds, 'second');
}

/** A date in the reader's language (2026年12月22日 / Dec 22, 2026); an empty dash for none. */
export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(currentLanguage() === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'long',
  }).format(new Date(iso));
}
/** A moment in the reader's language, to the minute (2026年11月27日 19:49 / Nov 27, 2026, 7:49 PM); a dash for none. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(currentLanguage() === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
