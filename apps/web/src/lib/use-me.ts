import type { MeResponse } from '@think-tank/contracts';
import useSWR from 'swr';
import { api } from './api-client';
import { prefetch } from './prefetch';

/** The signed-in user's account as the server has it (`GET /api/auth/me`), which every feature may read. */
export const ME_KEY = '/api/auth/me';
export const fetchMe = () => api<MeResponse>(ME_KEY);

export function useMe(enabled = true) {
  return useSWR(enabled ? ME_KEY : null, fetchMe, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/** Asked for alongside a screen's code on a first visit (fetchFirstScreen in app/screen.tsx). */
export const preloadMe = () => prefetch(ME_KEY, fetchMe);
