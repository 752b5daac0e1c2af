import type { AdminPage, FavouriteSolution, HistoryEntry } from '@think-tank/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client';
import { apiKey } from '../../../lib/api-key';

/** A reader's favourites and history (contract §11 "Accounts and library"), listed on the profile. */
const FAVOURITES = '/api/users/me/favourites';
const HISTORY = '/api/users/me/history';
const FAVOURITE_IDS = `${FAVOURITES}/ids`;
export const LIBRARY_PAGE_SIZE = 10;

const fetchPage = <T>(path: string) => api<AdminPage<T>>(path);

export const useFavourites = (page: number) =>
  useSWR(apiKey(FAVOURITES, { page, pageSize: LIBRARY_PAGE_SIZE }), fetchPage<FavouriteSolution>);

export const useHistory = (page: number) =>
  useSWR(apiKey(HISTORY, { page, pageSize: LIBRARY_PAGE_SIZE }), fetchPage<HistoryEntry>);

/** Every starred solution's id, for the stars beside results: one small read shared by them all. */
export const useFavouriteIds = () =>
  useSWR(FAVOURITE_IDS, (path: string) => api<string[]>(path), { revalidateOnFocus: false });

/** Every cached page of a list, whichever page: a star or a clear moves rows across them. */
const revalidatePages = (base: string) =>
  mutate((key) => typeof key === 'string' && key.startsWith(`${base}?`));

/**
 * Stars or unstars a solution: the stars show it at once, and go back if the server refuses (the 500th, a
 * network error); the favourites list follows. The request outlives the page: a reader who stars and leaves at
 * once keeps the star.
 */
export async function setFavourite(solutionId: string, on: boolean): Promise<void> {
  await mutate<string[]>(
    FAVOURITE_IDS,
    async () => {
      await api<void>(`/api/solutions/${encodeURIComponent(solutionId)}/favourite`, {
        method: on ? 'PUT' : 'DELETE',
        keepalive: true,
      });
      return undefined;
    },
    {
      optimisticData: (ids = []) => (on ? [solutionId, ...ids] : ids.filter((id) => id !== solutionId)),
      rollbackOnError: true,
      populateCache: false,
      revalidate: true,
    },
  );
  await revalidatePages(FAVOURITES);
}

export async function clearHistory(): Promise<void> {
  await api<void>(HISTORY, { method: 'DELETE' });
  await revalidatePages(HISTORY);
}
