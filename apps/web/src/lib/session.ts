import type { Role, SessionResponse } from '@think-tank/contracts';

/** Browser storage keys of the spec (customer-area §3). */
const KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  username: 'username',
  role: 'userRole',
} as const;

export interface StoredSession {
  token: string | null;
  refreshToken: string | null;
  username: string | null;
  role: Role | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** Why the last session ended: a logout sends guarded pages home, anything else to the login page. */
export type EndReason = 'logout' | 'expired';
let endReason: EndReason | null = null;
const notify = () => listeners.forEach((l) => l());

// Another tab logging in or out changes storage: follow it (customer-area §4).
if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === null || (Object.values(KEYS) as string[]).includes(e.key)) notify();
  });

export const session = {
  read(): StoredSession {
    return {
      token: localStorage.getItem(KEYS.token),
      refreshToken: localStorage.getItem(KEYS.refreshToken),
      username: localStorage.getItem(KEYS.username),
      role: localStorage.getItem(KEYS.role) as Role | null,
    };
  },

  save(
    s: Pick<SessionResponse, 'access_token' | 'refresh_token'> & { user?: { username: string; role: Role } },
  ) {
    localStorage.setItem(KEYS.token, s.access_token);
    localStorage.setItem(KEYS.refreshToken, s.refresh_token);
    if (s.user) {
      localStorage.setItem(KEYS.username, s.user.username);
      localStorage.setItem(KEYS.role, s.user.role);
    }
    notify();
  },

  clear(reason: EndReason = 'expired') {
    endReason = reason;
    Object.values(KEYS).forEach((k) => localStorage.removeItem(k));
    notify();
  },

  endedBy(): EndReason | null {
    return endReason;
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Seconds until a JWT expires (negative when it has); null when it is not a readable JWT. */
export function secondsLeft(token: string | null): number | null {
  if (!token) return null;
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    return typeof payload.exp === 'number' ? payload.exp - Date.now() / 1000 : null;
  } catch {
    return null;
  }
}

/** Whether the API will still take this access token for a few seconds (else it must be refreshed first). */
export const isLive = (token: string | null): boolean => (secondsLeft(token) ?? -1) > 5;
