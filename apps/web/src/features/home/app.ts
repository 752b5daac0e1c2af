import { solutionsData } from '../solutions/app';
import { searchOf } from './search-params';

/** What the app's router uses of home (its only face): its screens, each its own chunk, loaded on first visit. */
export const homePages = {
  home: () => import('./pages/HomePage'),
};

/** The data the home screen opens on: the results its address asks for (the footer's details can wait). */
export const homeData = {
  home: (search: URLSearchParams) => solutionsData.search(searchOf(search)),
};
