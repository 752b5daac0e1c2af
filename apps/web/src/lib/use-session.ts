import { useSyncExternalStore } from 'react';
import { session, type StoredSession } from './session';

/** The signed-in user as stored in the browser; re-renders on login, logout and other tabs' changes. */
export function useSession(): StoredSession {
  const snapshot = useSyncExternalStore(session.subscribe, () => JSON.stringify(session.read()));
  return JSON.parse(snapshot) as StoredSession;
}
