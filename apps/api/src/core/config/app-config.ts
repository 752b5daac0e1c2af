import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import type { SiteInfo } from '@think-tank/contracts';
import { parseSentinels, type RedisTarget } from '../redis/redis-connection';
import { envSchema, type ParsedEnv } from './env-schema';

export interface WechatAppConfig {
  appId: string;
  secret: string;
}

export interface WechatConfig {
  /** The open platform's website app: QR sign-in in a desktop browser (snsapi_login). */
  open?: WechatAppConfig;
  /** The official account: sign-in inside WeChat (snsapi_userinfo), and the openid JSAPI pays with. */
  mp?: WechatAppConfig;
  oauthUrl: string;
  apiUrl: string;
}

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** dysmsapi's host, or an http(s) address. */
  endpoint: string;
}

/** WeChat Pay API v3 (contract §11): the merchant's key and certificate serial, the platform's key, the v3 key. */
export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** The serial of the merchant's API certificate, named in every request's Authorization. */
  serial: string;
  privateKey: string;
  /** AEAD_AES_256_GCM key of notify resources (32 characters). */
  apiV3Key: string;
  /** The platform's public key that signs answers and notifies, and its id (Wechatpay-Serial). */
  platformPublicKey: string;
  platformKeyId: string;
  apiUrl: string;
}

export interface AlipayConfig {
  appId: string;
  privateKey: string;
  /** The platform's key that signs notifies. */
  publicKey: string;
  gateway: string;
  sellerId?: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  publishableKey?: string;
  /** Another Stripe API address (a mock in tests). */
  apiUrl?: string;
}

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authUrl?: string;
  tokenUrl?: string;
  profileUrl?: string;
}

/** An OpenAI-compatible chat-completions endpoint for stage generation. */
export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** When the model keeps failing: the built-in generator writes the stage (`builtin`), or the stage fails. */
  fallback: 'builtin' | 'none';
}

/** The typed configuration, built once at start. */
export class AppConfig {
  readonly env!: 'development' | 'production' | 'test';
  readonly isProduction!: boolean;
  readonly port!: number;
  /** Where it listens: HOST, else all interfaces in production (a container's) and the loopback otherwise. */
  readonly host!: string;
  readonly publicUrl!: string;
  readonly databaseUrl!: string;
  /** The CLI's database (migrations, backups, seeds): MIGRATION_DATABASE_URL, a direct address past any pooler. */
  readonly migrationDatabaseUrl!: string;
  /** Streaming replicas for the reads that may lag the primary (core/database/read-replicas.repository.ts); often none. */
  readonly databaseReplicaUrls!: string[];
  readonly dbPoolMax!: number;
  /** GET /api/docs and /api/docs-json: API_DOCS, else on outside production. */
  readonly apiDocs!: boolean;
  /** Where `cli migrate` writes a backup before it applies anything (MIGRATE_SNAPSHOT=true); undefined: none. */
  readonly migrateSnapshotDir?: string;
  /** How long `cli migrate` waits for PostgreSQL and Redis to answer before it gives up. */
  readonly migrateWaitSeconds!: number;
  /** REDIS_URL, or the Sentinels that name its primary: every client connects through core/redis/redis-connection. */
  readonly redis!: RedisTarget;
  /** The sockets' Pub/Sub (socket.io's adapter and SocketPush): SOCKET_REDIS_URL's, else the one above. */
  readonly socketRedis!: RedisTarget;
  readonly socketAdapter!: 'sharded' | 'classic';
  readonly redisPrefix!: string;
  /**
   * Whose X-Forwarded-For is believed: how many proxies are in front (the edge the NetworkPolicy makes the API's only
   * outside peer), or their addresses; false: nobody's, the socket's address is the client's.
   */
  readonly trustProxy!: number | string[] | false;
  readonly jwtSecret!: string;
  readonly smtpUrl?: string;
  readonly mailFrom!: string;
  /** WeChat sign-in: the website app, the official account, and WeChat's addresses (a fake's, in tests). */
  readonly wechat!: WechatConfig;
  /** Aliyun SMS (SMS_PROVIDER=aliyun), for the sign-in codes. */
  readonly sms?: AliyunSmsConfig;
  /** Texts go to the development outbox (no SMS_PROVIDER and DEV_OUTBOX=true). */
  readonly smsOutbox!: boolean;
  /** Texts the site may send a day (Asia/Shanghai). */
  readonly smsDailyLimit!: number;
  /** Mails go to the development outbox (SMTP_URL unset and DEV_OUTBOX=true), which /api/dev/outbox serves. */
  readonly devOutbox!: boolean;
  readonly admin?: { email: string; password: string };
  readonly webDist?: string;
  readonly translateUrl?: string;
  readonly paidDailyViewLimit!: number;
  readonly alipay?: AlipayConfig;
  readonly wechatpay?: WechatPayConfig;
  readonly stripe?: StripeConfig;
  /** Apple Pay's domain-association file, served at /.well-known/apple-developer-merchantid-domain-association. */
  readonly applePayDomainAssociation?: string;
  readonly paymentsSandbox!: boolean;
  readonly operationStageOpen!: boolean;
  readonly llm?: LlmConfig;
  readonly generatorStepMs!: number;
  readonly workerMetricsPort?: number;
  /** Stage jobs one worker process runs at once (WORKER_CONCURRENCY). */
  readonly workerConcurrency!: number;
  readonly logLevel!: string;
  readonly site!: SiteInfo;
  /** The terms and privacy texts (LEGAL_DIR; apps/api/legal by default, which npm start and the image run from). */
  readonly legalDir!: string;
  readonly google?: OAuthProviderConfig;
  readonly github?: OAuthProviderConfig;

  constructor(values: AppConfig) {
    Object.assign(this, values);
  }
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/**
 * The environment, completed in development by `<dir>/.env` (.env.example lists every variable): a variable already
 * set wins. Production and tests never read the file, so a forgotten .env cannot change what they run, and the file
 * cannot set NODE_ENV.
 */
export function withDevelopmentEnvFile(env: Env, dir = process.cwd()): Env {
  const file = join(dir, '.env');
  if ((env.NODE_ENV ?? 'development') !== 'development' || !existsSync(file)) return env;
  // The file cannot make a development process production.
  const { NODE_ENV: _ignored, ...fromFile } = parseEnv(readFileSync(file, 'utf8'));
  return { ...fromFile, ...env };
}

/**
 * The database URL with `sslrootcert` when PGSSLROOTCERT names a file that exists and the URL names none: node-pg
 * reads the CA from the URL (libpq, for pg_dump, reads the variable itself). Then `sslmode=require` verifies the
 * server against that CA rather than the public ones, which a managed service's private certificate fails.
 */
function withDatabaseCa(databaseUrl: string, caFile?: string): string {
  if (!caFile || !existsSync(caFile)) return databaseUrl;
  const url = new URL(databaseUrl);
  if (!url.searchParams.has('sslrootcert')) url.searchParams.set('sslrootcert', caFile);
  return url.toString();
}

export function loadConfig(source: Env = withDevelopmentEnvFile(process.env)): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'configuration');
    // The value is never echoed: it may be a secret, a key or a URL with a password, and this line reaches logs.
    const given = source[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (${given === undefined ? 'unset' : `${given.length} characters given`})`,
    );
  }
  const env = parsed.data as ParsedEnv & Record<string, string | undefined>;
  const provider = (p: 'GOOGLE' | 'GITHUB'): OAuthProviderConfig | undefined =>
    env[`${p}_CLIENT_ID`]
      ? {
          clientId: env[`${p}_CLIENT_ID`]!,
          clientSecret: env[`${p}_CLIENT_SECRET`]!,
          authUrl: env[`${p}_AUTH_URL`],
          tokenUrl: env[`${p}_TOKEN_URL`],
          profileUrl: env[`${p}_PROFILE_URL`],
        }
      : undefined;
  const redis: RedisTarget = {
    url: env.REDIS_URL,
    sentinels: parseSentinels(env.REDIS_SENTINELS),
    sentinelName: env.REDIS_SENTINEL_NAME,
    sentinelPassword: env.REDIS_SENTINEL_PASSWORD,
  };
  return new AppConfig({
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/(?<!\/)\/+$/, ''),
    databaseUrl: withDatabaseCa(env.DATABASE_URL, env.PGSSLROOTCERT),
    migrationDatabaseUrl: withDatabaseCa(env.MIGRATION_DATABASE_URL ?? env.DATABASE_URL, env.PGSSLROOTCERT),
    databaseReplicaUrls: (env.DATABASE_REPLICA_URLS?.split(',') ?? []).map((u) =>
      withDatabaseCa(u.trim(), env.PGSSLROOTCERT),
    ),
    apiDocs: env.API_DOCS ? env.API_DOCS === 'true' : env.NODE_ENV !== 'production',
    dbPoolMax: env.DB_POOL_MAX,
    migrateSnapshotDir: env.MIGRATE_SNAPSHOT === 'true' ? env.MIGRATE_SNAPSHOT_DIR : undefined,
    migrateWaitSeconds: env.MIGRATE_WAIT_SECONDS,
    redis,
    socketRedis: env.SOCKET_REDIS_URL
      ? {
          url: env.SOCKET_REDIS_URL,
          sentinels: parseSentinels(env.SOCKET_REDIS_SENTINELS),
          sentinelName: env.SOCKET_REDIS_SENTINEL_NAME ?? env.REDIS_SENTINEL_NAME,
          sentinelPassword: env.REDIS_SENTINEL_PASSWORD,
        }
      : redis,
    socketAdapter: env.SOCKET_ADAPTER,
    redisPrefix: env.REDIS_PREFIX,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    // A random key per start in development: sessions end on restart, never a known default secret.
    jwtSecret: env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    devOutbox: !env.SMTP_URL && env.DEV_OUTBOX === 'true',
    sms:
      env.SMS_PROVIDER === 'aliyun'
        ? {
            accessKeyId: env.ALIYUN_ACCESS_KEY_ID!,
            accessKeySecret: env.ALIYUN_ACCESS_KEY_SECRET!,
            signName: env.ALIYUN_SMS_SIGN_NAME!,
            templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!,
            endpoint: env.ALIYUN_SMS_ENDPOINT,
          }
        : undefined,
    smsOutbox: env.SMS_PROVIDER === undefined && env.DEV_OUTBOX === 'true',
    wechat: {
      open: env.WECHAT_OPEN_APP_ID
        ? { appId: env.WECHAT_OPEN_APP_ID, secret: env.WECHAT_OPEN_APP_SECRET! }
        : undefined,
      mp: env.WECHAT_MP_APP_ID
        ? { appId: env.WECHAT_MP_APP_ID, secret: env.WECHAT_MP_APP_SECRET! }
        : undefined,
      oauthUrl: trimSlash(env.WECHAT_OAUTH_URL),
      apiUrl: trimSlash(env.WECHAT_API_URL),
    },
    smsDailyLimit: env.SMS_DAILY_LIMIT,
    admin: env.ADMIN_EMAIL ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD! } : undefined,
    webDist: env.WEB_DIST,
    translateUrl: env.TRANSLATE_URL,
    paidDailyViewLimit: env.PAID_DAILY_VIEW_LIMIT,
    alipay: env.ALIPAY_APP_ID
      ? {
          appId: env.ALIPAY_APP_ID,
          privateKey: env.ALIPAY_PRIVATE_KEY!,
          publicKey: env.ALIPAY_PUBLIC_KEY!,
          gateway: env.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
          sellerId: env.ALIPAY_SELLER_ID,
        }
      : undefined,
    wechatpay: env.WECHATPAY_MCHID
      ? {
          mchid: env.WECHATPAY_MCHID,
          appid: env.WECHATPAY_APPID!,
          serial: env.WECHATPAY_SERIAL!,
          privateKey: env.WECHATPAY_PRIVATE_KEY!,
          apiV3Key: env.WECHATPAY_APIV3_KEY!,
          platformPublicKey: env.WECHATPAY_PLATFORM_PUBLIC_KEY!,
          platformKeyId: env.WECHATPAY_PLATFORM_KEY_ID!,
          apiUrl: trimSlash(env.WECHATPAY_API_URL ?? 'https://api.mch.weixin.qq.com'),
        }
      : undefined,
    applePayDomainAssociation: env.APPLE_PAY_DOMAIN_ASSOCIATION,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          apiUrl: env.STRIPE_API_URL,
        }
      : undefined,
    paymentsSandbox: env.PAYMENTS_SANDBOX ? env.PAYMENTS_SANDBOX === 'true' : env.NODE_ENV !== 'production',
    operationStageOpen: env.OPERATION_STAGE_OPEN === 'true',
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL.replace(/(?<!\/)\/+$/, ''),
          apiKey: env.LLM_API_KEY,
          model: env.LLM_MODEL,
          fallback: env.LLM_FALLBACK,
        }
      : undefined,
    generatorStepMs: env.GENERATOR_STEP_MS,
    workerMetricsPort: env.WORKER_METRICS_PORT,
    workerConcurrency: env.WORKER_CONCURRENCY,
    logLevel: env.LOG_LEVEL,
    site: {
      contact: {
        email: env.CONTACT_EMAIL ?? null,
        phone: env.CONTACT_PHONE ?? null,
        qrUrl: env.CONTACT_QR_URL ?? null,
      },
      icpFiling: env.ICP_FILING ?? null,
      resultsUrl: env.RESULTS_URL ?? null,
    },
    legalDir: env.LEGAL_DIR ?? 'apps/api/legal',
    google: provider('GOOGLE'),
    github: provider('GITHUB'),
  });
}

/** An address without its trailing slash (the API's paths begin with one). */
const trimSlash = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : url);

/**
 * What keeps a worker process from starting with this configuration: a running stage holds one connection at most,
 * and the sweep, the mail jobs and the health checks need one more (an API process runs no stage: not its concern).
 */
export function workerConfigProblems(config: AppConfig): string[] {
  return config.workerConcurrency < config.dbPoolMax
    ? []
    : [
        `Invalid configuration: WORKER_CONCURRENCY (${config.workerConcurrency}) must be below DB_POOL_MAX (${config.dbPoolMax}): each running stage may hold a connection`,
      ];
}

/** TRUST_PROXY as Fastify takes it: a hop count, a list of addresses, or nothing. */
function trustedProxies(value: string | undefined): number | string[] | false {
  if (!value) return false;
  if (/^\d+$/.test(value.trim())) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
