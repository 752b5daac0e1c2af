import { LANGUAGES } from '@think-tank/contracts';
import { z } from 'zod';
import industriesFile from './data/industries.json';
import labelledFile from './data/labelled-demands.json';
import catalogueFile from './data/module-catalogue.json';
import unitsFile from './data/units.en.json';

/**
 * What the built-in generator knows, loaded from `generation/data/` and checked against these schemas when the module
 * is first imported: a broken file stops the API and the worker at start, naming the file and the entry
 * (docs/generation.md#data).
 */

/** The library's twelve industries (the words that say a demand belongs to one are data: industries.json). */
export const INDUSTRY_IDS = [
  'manufacturing',
  'retail',
  'catering',
  'finance',
  'logistics',
  'healthcare',
  'education',
  'agriculture',
  'energy',
  'government',
  'construction',
  'tourism',
] as const;
export type IndustryId = (typeof INDUSTRY_IDS)[number];

const industry = z.enum(INDUSTRY_IDS);
const words = z.array(z.string().trim().min(1)).min(1);
/** Every industry, each with its words. */
const wordsByIndustry = z
  .record(industry, words)
  .refine((r) => INDUSTRY_IDS.every((id) => r[id]), {
    message: `needs words for each of ${INDUSTRY_IDS.join(', ')}`,
  })
  .transform((r) => r as Record<IndustryId, string[]>);

export const industriesSchema = z.object({ zh: wordsByIndustry, en: wordsByIndustry }).strict();

const metric = z.object({ name: z.string().min(1), target: z.string().min(1), unit: z.string() }).strict();
const catalogueModule = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    name: z.string().min(1),
    nameEn: z.string().min(1),
    intro: z.string().min(1),
    keywords: words,
    /** Where the module serves: its industries, or 'general' (any demand that asks for what it does). */
    industries: z.union([z.literal('general'), z.array(industry).min(1)]),
    metrics: z.array(metric).min(1),
    en: z
      .object({
        intro: z.string().min(1),
        metrics: z.array(z.string().min(1)),
        keywords: z.array(z.string()),
      })
      .strict(),
  })
  .strict()
  .refine((m) => m.en.metrics.length === m.metrics.length, {
    message: 'needs an English name for each metric',
  });

export const catalogueSchema = z
  .array(catalogueModule)
  .min(60)
  .superRefine((modules, ctx) => {
    const seen = new Set<string>();
    for (const [i, m] of modules.entries()) {
      if (seen.has(m.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `${m.id} twice` });
      seen.add(m.id);
    }
  });

export const unitsSchema = z.record(z.string().min(1), z.string().min(1));

/** A demand labelled by the person who wrote it: its industries and the catalogue modules a consultant accepts. */
const labelledDemand = z
  .object({
    /** One, two, or none (what any business might ask). */
    industries: z.array(industry).max(2),
    language: z.enum(LANGUAGES),
    text: z.string().trim().min(1),
    accepted: z.array(z.string()),
    /** The round it was written in (docs/generation.md#rounds). */
    group: z.string().nullable(),
  })
  .strict();
export type LabelledDemand = z.infer<typeof labelledDemand>;

/** Demands whose accepted modules are all in the catalogue. */
export const labelledDemandsSchema = (moduleIds: Set<string>) =>
  z.array(labelledDemand).superRefine((demands, ctx) => {
    for (const [i, d] of demands.entries())
      for (const id of d.accepted)
        if (!moduleIds.has(id))
          ctx.addIssue({ code: 'custom', path: [i, 'accepted'], message: `no module ${id}` });
  });

/** The file's content as the schema reads it; else an error naming the file and each bad entry. */
export function parseData<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, content: unknown, file: string): T {
  const parsed = schema.safeParse(content);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
  throw new Error(`generation/data/${file} is not valid: ${issues.join('; ')}`);
}

const industries = parseData(industriesSchema, industriesFile, 'industries.json');
const catalogue = parseData(catalogueSchema, catalogueFile, 'module-catalogue.json');

export type CatalogueMetric = z.infer<typeof metric>;
export type CatalogueModule = Omit<z.infer<typeof catalogueModule>, 'en'>;

/** The words that say a Chinese demand belongs to an industry; English ones are matched as whole words. */
export const INDUSTRY_WORDS = industries.zh;
export const INDUSTRY_WORDS_EN = industries.en;

/** The catalogue of business modules a stage may suggest, each with its words and the metrics outputs quote. */
export const MODULE_CATALOGUE: CatalogueModule[] = catalogue.map(({ en: _en, ...m }) => m);
/** Each module's intro and metric names in English, by id. */
export const MODULE_CATALOGUE_EN: Record<string, { intro: string; metrics: string[] }> = Object.fromEntries(
  catalogue.map((m) => [m.id, { intro: m.en.intro, metrics: m.en.metrics }]),
);
/** Each module's keywords as English demands write them, by id. */
export const MODULE_KEYWORDS_EN: Record<string, string[]> = Object.fromEntries(
  catalogue.map((m) => [m.id, m.en.keywords]),
);
/** The catalogue's units in English (the rest, such as %, ms and Cpk, read the same). */
export const UNITS_EN: Record<string, string> = parseData(unitsSchema, unitsFile, 'units.en.json');

/**
 * The labelled demands the generator learns from: a demand that names no industry takes the industry of the ones most
 * like it (industry-examples.ts), and the tuning scores of relevance.spec.ts are taken on them. The held-out panel,
 * never learnt from, is a test fixture (apps/api/test/fixtures).
 */
export const LABELLED_DEMANDS: LabelledDemand[] = parseData(
  labelledDemandsSchema(new Set(catalogue.map((m) => m.id))),
  labelledFile,
  'labelled-demands.json',
);
