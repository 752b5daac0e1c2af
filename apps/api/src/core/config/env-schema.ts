import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));
const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${protocols.join(' or ')} URL`,
  );

/** Sentinels as `host:port,host:port`. */
const sentinelList = optionalString.pipe(
  z
    .string()
    .refine(
      (v) => v.split(',').every((entry) => /^[^\s,]+:\d{1,5}$/.test(entry.trim())),
      'must be host:port,…',
    )
    .optional(),
);
const redisName = z.string().regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only');

/** Keys arrive as PEM text, often with literal `\n` from a single-line environment variable. */
const pem = z
  .string()
  .transform((v) => v.replace(/\\n/g, '\n'))
  .refine((v) => /-----BEGIN [A-Z ]*(PRIVATE|PUBLIC) KEY-----/.test(v), 'must be a PEM key');

const providerSchema = (name: 'GOOGLE' | 'GITHUB') =>
  z.object({
    [`${name}_CLIENT_ID`]: optionalString,
    [`${name}_CLIENT_SECRET`]: optionalString,
    [`${name}_AUTH_URL`]: optionalString.pipe(url(['http:', 'https:']).optional()),
    [`${name}_TOKEN_URL`]: optionalString.pipe(url(['http:', 'https:']).optional()),
    [`${name}_PROFILE_URL`]: optionalString.pipe(url(['http:', 'https:']).optional()),
  });

/** Every environment variable of contract §2; nothing else in the API reads process.env. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The address the API listens on: the loopback unless told (a pod or a container sets 0.0.0.0). */
    HOST: optionalString.pipe(z.string().max(255).optional()),
    PUBLIC_URL: optionalString.pipe(url(['http:', 'https:']).optional()),
    DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/think_tank'),
    // The CLI's direct address (migrations, backups) where DATABASE_URL names a pooler; unset: DATABASE_URL.
    MIGRATION_DATABASE_URL: optionalString.pipe(url(['postgres:', 'postgresql:']).optional()),
    // Streaming replicas for reads that may lag (docs/operations/scaling.md#reads-on-a-replica): comma-separated URLs.
    DATABASE_REPLICA_URLS: optionalString.pipe(
      z
        .string()
        .refine(
          (v) => v.split(',').every((u) => url(['postgres:', 'postgresql:']).safeParse(u.trim()).success),
          'must be postgres:// URLs, comma-separated',
        )
        .optional(),
    ),
    // libpq's variable for the CA of a database with a private certificate (managed services'): mounted in
    // Kubernetes from the optional think-tank-db-ca Secret; the processes ignore it while the file is absent.
    PGSSLROOTCERT: z.string().min(1).optional(),
    // The OpenAPI document and its page: on outside production unless set.
    API_DOCS: z.enum(['true', 'false']).optional(),
    /** Connections per process (API or worker); with PgBouncer in transaction mode in front, it may be larger. */
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    // cli migrate backs the database up first when a migration is pending (docs/operations/backups.md).
    MIGRATE_SNAPSHOT: z.enum(['true', 'false']).default('false'),
    MIGRATE_SNAPSHOT_DIR: z.string().min(1).default('backups'),
    MIGRATE_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
    REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
    // Redis behind Sentinels (docs/operations/scaling.md#redis-that-fails-over): `host:port,host:port`; REDIS_URL then gives only the
    // password, the database and TLS.
    REDIS_SENTINELS: sentinelList,
    REDIS_SENTINEL_NAME: redisName.default('mymaster'),
    REDIS_SENTINEL_PASSWORD: optionalString,
    // The sockets' Pub/Sub on a Redis of its own (docs/operations/scaling.md#two-redis-deployments): unset, REDIS_URL's. With
    // SOCKET_REDIS_SENTINELS, SOCKET_REDIS_URL gives only the password, the database and TLS, as above.
    SOCKET_REDIS_URL: optionalString.pipe(url(['redis:', 'rediss:']).optional()),
    SOCKET_REDIS_SENTINELS: sentinelList,
    SOCKET_REDIS_SENTINEL_NAME: optionalString.pipe(redisName.optional()),
    // `classic` for a Redis without sharded Pub/Sub (before 7, or a managed service that refuses SPUBLISH): every
    // replica then receives every event.
    SOCKET_ADAPTER: z.enum(['sharded', 'classic']).default('sharded'),
    REDIS_PREFIX: redisName.default('think_tank'),
    TRUST_PROXY: optionalString.pipe(
      z
        .string()
        .refine(
          (v) =>
            /^[1-9]$/.test(v.trim()) ||
            v.split(',').every((entry) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry.trim())),
          'must be how many proxies are in front (1-9), or their addresses (a.b.c.d or a CIDR, comma-separated)',
        )
        .optional(),
    ),
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SMTP_URL: optionalString.pipe(url(['smtp:', 'smtps:']).optional()),
    MAIL_FROM: z.string().default('智库 <no-reply@localhost>'),
    /** Keep mails in Redis and serve them at /api/dev/outbox while SMTP_URL is unset; only when asked for. */
    DEV_OUTBOX: z.enum(['true', 'false']).default('false'),
    ADMIN_EMAIL: optionalString.pipe(z.string().email().optional()),
    ADMIN_PASSWORD: optionalString,
    WEB_DIST: optionalString,
    /** How users reach the company (the /contact page); each shown only when set. */
    CONTACT_EMAIL: optionalString.pipe(z.string().email().optional()),
    CONTACT_PHONE: optionalString.pipe(z.string().max(40).optional()),
    /** A WeChat QR image the site serves itself (a path) or inlines (data:image/…): the CSP admits no other host. */
    CONTACT_QR_URL: optionalString.pipe(
      z
        .string()
        .regex(
          /^(\/(?![/\\])\S*|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+)$/,
          'must be a path of the site or a data:image URL',
        )
        .optional(),
    ),
    /** The ICP filing number mainland China requires in the footer (e.g. 京ICP备12345678号). */
    ICP_FILING: optionalString.pipe(z.string().max(100).optional()),
    RESULTS_URL: optionalString.pipe(url(['https:', 'http:']).optional()),
    /** Where the terms and the privacy policy are (docs/operations/legal.md); relative to the working directory. */
    LEGAL_DIR: optionalString,
    TRANSLATE_URL: optionalString.pipe(url(['http:', 'https:']).optional()),
    /** WeChat sign-in (contract §12): the website app (QR, snsapi_login) and the official account (in WeChat). */
    WECHAT_OPEN_APP_ID: optionalString.pipe(z.string().max(32).optional()),
    WECHAT_OPEN_APP_SECRET: optionalString,
    WECHAT_MP_APP_ID: optionalString.pipe(z.string().max(32).optional()),
    WECHAT_MP_APP_SECRET: optionalString,
    WECHAT_OAUTH_URL: z
      .string()
      .pipe(url(['http:', 'https:']))
      .default('https://open.weixin.qq.com'),
    WECHAT_API_URL: z
      .string()
      .pipe(url(['http:', 'https:']))
      .default('https://api.weixin.qq.com'),
    /** Texts (the sign-in codes) through Aliyun SMS; unset: the development outbox outside production, or none. */
    SMS_PROVIDER: optionalString.pipe(z.enum(['aliyun']).optional()),
    ALIYUN_ACCESS_KEY_ID: optionalString,
    ALIYUN_ACCESS_KEY_SECRET: optionalString,
    ALIYUN_SMS_SIGN_NAME: optionalString.pipe(z.string().max(32).optional()),
    ALIYUN_SMS_TEMPLATE_CODE: optionalString.pipe(z.string().max(32).optional()),
    /** A host (dysmsapi.aliyuncs.com), or an http(s) address (a fake's, in tests). */
    ALIYUN_SMS_ENDPOINT: z.string().default('dysmsapi.aliyuncs.com'),
    /** Texts the whole site may send a day (Asia/Shanghai): a budget no account, nor many of them, can run past. */
    SMS_DAILY_LIMIT: z.coerce.number().int().min(0).max(10_000_000).default(5000),
    ALIPAY_APP_ID: optionalString,
    ALIPAY_PRIVATE_KEY: optionalString.pipe(pem.optional()),
    ALIPAY_PUBLIC_KEY: optionalString.pipe(pem.optional()),
    ALIPAY_GATEWAY: optionalString.pipe(url(['http:', 'https:']).optional()),
    ALIPAY_SELLER_ID: optionalString,
    WECHATPAY_MCHID: optionalString.pipe(
      z
        .string()
        .regex(/^\d{6,32}$/, 'must be the merchant number')
        .optional(),
    ),
    WECHATPAY_APPID: optionalString.pipe(z.string().max(32).optional()),
    WECHATPAY_SERIAL: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9A-Fa-f]{8,64}$/, 'must be a serial')
        .optional(),
    ),
    WECHATPAY_PRIVATE_KEY: optionalString.pipe(pem.optional()),
    WECHATPAY_APIV3_KEY: optionalString.pipe(z.string().length(32, 'must be 32 characters').optional()),
    WECHATPAY_PLATFORM_PUBLIC_KEY: optionalString.pipe(pem.optional()),
    WECHATPAY_PLATFORM_KEY_ID: optionalString.pipe(z.string().max(64).optional()),
    WECHATPAY_API_URL: optionalString.pipe(url(['http:', 'https:']).optional()),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_API_URL: optionalString.pipe(url(['http:', 'https:']).optional()),
    /** Apple Pay's domain-association file, as Stripe's dashboard gives it, served at its well-known path. */
    APPLE_PAY_DOMAIN_ASSOCIATION: optionalString.pipe(z.string().max(20_000).optional()),
    PAYMENTS_SANDBOX: optionalString.pipe(z.enum(['true', 'false']).optional()),
    PAID_DAILY_VIEW_LIMIT: z.coerce.number().int().min(0).max(100000).default(20),
    OPERATION_STAGE_OPEN: z.enum(['true', 'false']).default('false'),
    LLM_BASE_URL: optionalString.pipe(url(['http:', 'https:']).optional()),
    LLM_API_KEY: optionalString,
    LLM_MODEL: z.string().default('gpt-4o-mini'),
    /** A paid stage whose model keeps failing is written by the built-in generator, or (none) ends in Error. */
    LLM_FALLBACK: z.enum(['builtin', 'none']).default('builtin'),
    /** The built-in generator's pause between progress steps, so that a user watches a stage unfold. */
    GENERATOR_STEP_MS: z.coerce.number().int().min(0).max(60000).default(800),
    /** Where the worker serves its own /metrics (job durations, process); unset: not served. */
    /** Stage jobs one worker runs at once: each waits on the model most of its time and holds one connection. */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
    WORKER_METRICS_PORT: optionalString.pipe(z.coerce.number().int().min(1).max(65535).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .and(providerSchema('GOOGLE'))
  .and(providerSchema('GITHUB'))
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET)
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    // Nobody could register or reset a password: every code and link goes by mail.
    if (env.NODE_ENV === 'production' && !env.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production' });
    // It publishes every verification code and reset link.
    if (env.NODE_ENV === 'production' && env.DEV_OUTBOX === 'true')
      ctx.addIssue({ code: 'custom', path: ['DEV_OUTBOX'], message: 'must not be on in production' });
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD))
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
    const alipay = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
    const alipaySet = alipay.filter((k) => env[k]);
    if (alipaySet.length > 0 && alipaySet.length < alipay.length)
      ctx.addIssue({
        code: 'custom',
        path: [alipay.find((k) => !env[k])!],
        message: `${alipay.join(', ')} go together`,
      });
    const wechat = [
      'WECHATPAY_MCHID',
      'WECHATPAY_APPID',
      'WECHATPAY_SERIAL',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_APIV3_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'WECHATPAY_PLATFORM_KEY_ID',
    ] as const;
    const wechatSet = wechat.filter((k) => env[k]);
    if (wechatSet.length > 0 && wechatSet.length < wechat.length)
      ctx.addIssue({
        code: 'custom',
        path: [wechat.find((k) => !env[k])!],
        message: `${wechat.join(', ')} go together`,
      });
    for (const [id, secret] of [
      ['WECHAT_OPEN_APP_ID', 'WECHAT_OPEN_APP_SECRET'],
      ['WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET'],
    ] as const)
      if (Boolean(env[id]) !== Boolean(env[secret]))
        ctx.addIssue({
          code: 'custom',
          path: [env[id] ? secret : id],
          message: `${id} and ${secret} go together`,
        });
    if (env.SMS_PROVIDER === 'aliyun')
      for (const key of [
        'ALIYUN_ACCESS_KEY_ID',
        'ALIYUN_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
      ] as const)
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required with SMS_PROVIDER=aliyun' });
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required with STRIPE_SECRET_KEY',
      });
    for (const p of ['GOOGLE', 'GITHUB'] as const) {
      const id = (env as Record<string, unknown>)[`${p}_CLIENT_ID`];
      const secret = (env as Record<string, unknown>)[`${p}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret))
        ctx.addIssue({
          code: 'custom',
          path: [id ? `${p}_CLIENT_SECRET` : `${p}_CLIENT_ID`],
          message: `${p}_CLIENT_ID and ${p}_CLIENT_SECRET go together`,
        });
    }
  });

/** The environment as validated, before it becomes the typed AppConfig. */
export type ParsedEnv = z.infer<typeof envSchema>;
