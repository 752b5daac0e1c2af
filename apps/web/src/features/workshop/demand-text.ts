import { keyValuePointsTooShort } from '@think-tank/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/** What is wrong with a demand's text before it is sent (demand-workshop §5): a message key per field (useForm). */
export function demandTextRules(text: { content: string; keyValuePoints: string }) {
  return {
    content: text.content.trim() ? undefined : ('workshop:requirements.contentRequired' as const),
    keyValuePoints: keyValuePointsTooShort(text.keyValuePoints)
      ? ('workshop:requirements.tooShort' as const)
      : undefined,
  };
}

/** The refusal of a demand's text for illegal keywords, naming them; null for any other error. */
export function illegalContentText(err: unknown, t: TFunction): string | null {
  if (!(err instanceof ApiError) || err.code !== 'ILLEGAL_CONTENT') return null;
  return t('requirements.illegal', { keywords: ((err.body?.keywords as string[]) ?? []).join('、') });
}
