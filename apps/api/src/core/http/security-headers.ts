import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Stripe.js and its card fields come from Stripe, when card payments are configured. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The policy of every stored or generated document (a solution's HTML, a lab file). Never allow-same-origin: such a
 * document never runs with the app's origin, framed or opened alone. Nothing is loaded from anywhere (contract §11):
 * its own inline scripts and styles, images and fonts inlined as data; no request leaves it, no form is sent.
 */
export const DOCUMENT_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  'sandbox allow-scripts allow-forms allow-popups allow-modals',
].join('; ');

export function helmetOptions(stripe: boolean): HelmetOptions {
  const extra = (sources: string[]) => (stripe ? sources : []);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra(STRIPE.script)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...extra(STRIPE.connect)],
        frameSrc: ["'self'", ...extra(STRIPE.frame)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  };
}

/**
 * What a hashed script or stylesheet keeps of them (no sniffing, no cross-origin loads, HTTPS): the others, such as the
 * CSP, framing and referrer rules, govern documents. Sent with each of a first visit's twenty-odd asset responses,
 * they cost a phone on a slow network about 20 KB before the first screen.
 */
export const ASSET_SECURITY_HEADERS: readonly string[] = [
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
];

/** Those of `headers` that a hashed asset carries (ASSET_SECURITY_HEADERS). */
export const assetHeaders = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => ASSET_SECURITY_HEADERS.includes(name)));

/**
 * Helmet's headers for every response, computed once at start. Our policy is static, so every response gets the
 * same set; @fastify/helmet would build helmet's middleware (and parse the CSP) again on every request, a
 * measurable share of the hottest route's time.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, collect, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
