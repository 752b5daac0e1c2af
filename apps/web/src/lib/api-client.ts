import type { ErrorBody, SessionResponse } from '@think-tank/contracts';
import { currentLanguage } from './i18n';
import { session } from './session';

export const API_TIMEOUT_MS = 10_000;
const API_BASE = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/(?<!\/)\/+$/, '') ?? '';

/** A failed call: `status` 0 means no response (network, timeout); `body` is the contract's error body when there is one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body?: ErrorBody,
    readonly kind: 'response' | 'network' | 'timeout' | 'format' = 'response',
  ) {
    super(body?.message ?? (status ? `HTTP ${status}` : kind));
  }
  get code() {
    return this.body?.code;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Calls that must not trigger the refresh / session-expired flow (login, refresh itself). */
  anonymous?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A write that must reach the server even when the reader leaves the page at once: its effect is shown before the
   * answer (a star), and the browser would otherwise cancel it with the page. Small bodies only (64 KiB).
   */
  keepalive?: boolean;
}

let onSessionExpired: () => void = () => undefined;
/** What to do when a refresh failed: the app shell sends the user to /login?session_expired=true. */
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage() === 'zh' ? 'zh-CN' : 'en',
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token && !options.anonymous) headers.Authorization = `Bearer ${token}`;
  Object.assign(headers, options.headers);
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: controller.signal,
      keepalive: options.keepalive,
    });
  } catch {
    throw new ApiError(0, undefined, controller.signal.aborted ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }
}

let refreshing: Promise<boolean> | null = null;

/** Trades the refresh token for a new pair, once at a time for all callers. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const { refreshToken } = session.read();
    if (!refreshToken) return false;
    try {
      const res = await send(
        '/api/auth/refresh',
        { method: 'POST', body: { refresh_token: refreshToken }, anonymous: true },
        null,
      );
      if (!res.ok) return false;
      session.save((await res.json()) as SessionResponse);
      return true;
    } catch {
      return false;
    }
  })().finally(() => (refreshing = null));
  return refreshing;
}

/** Sends a call with the stored token; an expired access token is refreshed once, silently. */
async function request(path: string, options: RequestOptions): Promise<Response> {
  const stored = session.read();
  let res = await send(path, options, stored.token);
  if (res.status === 401 && !options.anonymous && (stored.token || stored.refreshToken)) {
    // Only a failed refresh ends the session.
    if (await refreshSession()) res = await send(path, options, session.read().token);
    if (res.status === 401) {
      session.clear();
      onSessionExpired();
    }
  }
  return res;
}

async function failure(res: Response): Promise<ApiError> {
  const body = await res.json().catch(() => undefined);
  return new ApiError(res.status, body as ErrorBody | undefined);
}

/** The one way the web app calls the API (JSON). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await request(path, options);
  if (!res.ok) throw await failure(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A page of a list that answers an array and its total in `X-Total-Count` (the owner's demands). */
export async function apiPage<T>(path: string): Promise<{ items: T[]; total: number }> {
  const res = await request(path, {});
  if (!res.ok) throw await failure(res);
  const items = (await res.json()) as T[];
  return { items, total: Number(res.headers.get('x-total-count') ?? items.length) };
}

/** A text resource of any type (the lab viewer decides how to show it by its content type). */
export async function apiText(
  path: string,
  options: Pick<RequestOptions, 'anonymous'> = {},
): Promise<{ body: string; contentType: string; status: number }> {
  const res = await request(path, { ...options, headers: { Accept: '*/*' } });
  if (!res.ok) throw await failure(res);
  return { body: await res.text(), contentType: res.headers.get('content-type') ?? '', status: res.status };
}

/**
 * Saves a file the API serves only with the user's token (an invoice PDF): a link cannot send the token, so the
 * file is fetched and handed to the browser's download under its own name.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const res = await request(path, { headers: { Accept: '*/*' } });
  if (!res.ok) throw await failure(res);
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: fileNameOf(res) ?? fallbackName,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name a download's Content-Disposition gives, its UTF-8 form (filename*) first. */
function fileNameOf(res: Response): string | null {
  const disposition = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded)
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain name
    }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}
