import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig } from '../../core/config/app-config';
import { RateLimiter } from '../../core/redis/rate-limiter.service';
import { REDIS } from '../../core/redis/redis.provider';
import { GLOSSARY } from './glossary';

const TIMEOUT_MS = 2000;
const CACHE_SECONDS = 7 * 24 * 3600;
const MISS_SECONDS = 600;
/**
 * Terms not yet known that anonymous searches may send to the translator (contract §11): 30 per client address and
 * 500 in all an hour. Each keeps a key for 7 days, so they hold at most about 20 MB of Redis in all.
 */
const LOOKUP_LIMITS = (client: string) => [
  { key: `translate:${client}`, max: 30, windowSeconds: 3600 },
  { key: 'translate:all', max: 500, windowSeconds: 3600 },
];

/**
 * Chinese for a Latin search term: the built-in glossary, else TRANSLATE_URL (MyMemory-compatible), cached in
 * Redis. A slow or failing translator costs at most 2 s once per 10 minutes and never fails a search; past the
 * lookup budget, a search goes on without translating.
 */
@Injectable()
export class TranslationService {
  private readonly logger = new Logger(TranslationService.name);

  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly limiter: RateLimiter,
  ) {}

  /** `client`: the searching client's address key (addressKey), whose lookup budget a new term spends. */
  async toChinese(term: string, client: string): Promise<string | null> {
    const known = GLOSSARY.get(term);
    if (known) return known;
    if (!this.config.translateUrl) return null;
    const key = `translate:en-zh:${term}`;
    const cached = await this.redis.get(key);
    if (cached !== null) return cached || null;
    const allowed = await this.limiter.take(...LOOKUP_LIMITS(client)).then(
      () => true,
      () => false,
    );
    if (!allowed) return null;
    const translated = await this.fetchTranslation(term);
    await this.redis.set(key, translated ?? '', 'EX', translated ? CACHE_SECONDS : MISS_SECONDS);
    return translated;
  }

  private async fetchTranslation(term: string): Promise<string | null> {
    const url = new URL(this.config.translateUrl!);
    url.searchParams.set('q', term);
    url.searchParams.set('langpair', 'en|zh-CN');
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { responseData?: { translatedText?: unknown } };
      const text = body.responseData?.translatedText;
      // Only a translation that holds Chinese and is one search term is useful.
      return typeof text === 'string' && /\p{Script=Han}/u.test(text) && !/\s/.test(text.trim())
        ? text.trim().toLowerCase()
        : null;
    } catch (err) {
      this.logger.warn({ term, err: (err as Error).message }, 'translation failed; searching without it');
      return null;
    }
  }
}
