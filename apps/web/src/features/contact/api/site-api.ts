import type { LegalDocument, LegalText, SiteInfo } from '@think-tank/contracts';
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import { apiKey } from '../../../lib/api-key';

/** The company's contact details and filing notice (GET /api/site): configuration, read once a visit. */
export const useSite = () =>
  useSWR(apiKey('/api/site'), (path: string) => api<SiteInfo>(path, { anonymous: true }), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });

/** The terms or the privacy policy in the reader's language (GET /api/site/legal/:document). */
export const useLegalText = (document: LegalDocument, language: string) =>
  useSWR(
    apiKey(`/api/site/legal/${document}`, {}, language),
    (key: string) => api<LegalText>(key, { anonymous: true }),
    { revalidateOnFocus: false },
  );
