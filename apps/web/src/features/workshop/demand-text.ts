import { keyValuePointsTooShort } from '@think-tank/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/** What is wrong with a demand's text before it is sent (demand-workshop §5), per field; register and revise alike. */
export function demandTextProblems(text: { content: string; keyValuePoints: string }, t: TFunction) {
  return {
    content: text.content.trim() ? undefined : t('requirements.contentRequired'),
    keyValuePoints: keyValuePointsTooShort(text.keyValuePoints) ? t('requirements.tooShort') : undefined,
  };
}

/** The refusal of a demand's text for illegal keywords, naming them; null for any other error. */
export function illegalContentText(err: unknown, t: TFunction): string | null {
  if (!(err instanceof ApiError) || err.code !== 'ILLEGAL_CONTENT') return null;
  return t('requirements.illegal', { keywords: ((err.body?.keywords as string[]) ?? []).join('、') });
}
