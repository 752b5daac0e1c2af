import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  example?: unknown;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
export interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

/** One generated request: its path with the parameters in, its query, its JSON body (undefined: none). */
export interface Case {
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** What made it (for the report and for a kept regression seed). */
  kind: 'valid' | 'hostile';
}

export function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** Values every field may be given instead of its own: unicode edge cases, injections, wrong types. */
const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\u202eevil',
  '\ufeff零宽\u200b',
  'e\u0301',
  '🙂'.repeat(300),
  '𠜎'.repeat(3000),
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '../../../../etc/passwd',
  '%2e%2e%2f%00',
  '{{7*7}}${7*7}',
  '1e21',
  'NaN',
  '-1',
  'x'.repeat(70_000),
];
const WRONG_TYPES: unknown[] = [null, 0, -1, 1e21, 1.5, true, 'text', [], {}, [[[]]], { $gt: '' }];
/** An array nested 2,000 deep and an object 2,000 wide: a parser's and a validator's worst. */
const DEEP = JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`) as unknown;
const WIDE = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]));
/** About 900 KB: under the 1 MiB body limit, over any field's own. */
const HUGE = '长'.repeat(300_000);

/** A path segment percent-encoded; a lone surrogate, which has no UTF-8, as the bytes of one (invalid UTF-8). */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    const wellFormed = value.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    );
    return encodeURIComponent(wellFormed).replaceAll('%EF%BF%BD', '%ED%A0%80');
  }
}

export class CaseGenerator {
  constructor(
    private readonly doc: OpenApi,
    /** Ids a path may carry: the actor's own objects, another user's, unknown and malformed ones. */
    private readonly ids: () => string[],
  ) {}

  /** Requests for the operation: about half valid in shape, the rest hostile somewhere. */
  cases(op: Operation): fc.Arbitrary<Case> {
    return fc.boolean().chain((valid) =>
      fc
        .record({
          path: this.path(op, valid),
          query: this.query(op, valid),
          body: op.body ? this.value(op.body, valid, 0) : fc.constant(undefined),
        })
        .map((c) => ({ ...c, kind: valid ? ('valid' as const) : ('hostile' as const) })),
    );
  }

  private path(op: Operation, valid: boolean): fc.Arbitrary<string> {
    const params = op.parameters.filter((p) => p.in === 'path');
    const one = (p: Parameter) =>
      p.schema?.enum
        ? fc.constantFrom(...(p.schema.enum as string[]))
        : valid
          ? fc.constantFrom(...this.ids())
          : fc.oneof(fc.constantFrom(...this.ids()), fc.constantFrom(...HOSTILE_TEXT.slice(0, -1)));
    return fc
      .tuple(...params.map(one))
      .map((values) =>
        params.reduce((path, p, i) => path.replace(`{${p.name}}`, pathSegment(String(values[i]))), op.path),
      );
  }

  private query(op: Operation, valid: boolean): fc.Arbitrary<Record<string, string>> {
    const params = op.parameters.filter((p) => p.in === 'query');
    const entries = params.map((p) =>
      fc.option(
        this.value(p.schema ?? { type: 'string' }, valid, 0).map((v) =>
          typeof v === 'object' ? JSON.stringify(v) : String(v),
        ),
        { nil: undefined, freq: p.required ? 10 : 2 },
      ),
    );
    return fc
      .tuple(...entries)
      .map((values) =>
        Object.fromEntries(
          params.flatMap((p, i) => (values[i] === undefined ? [] : [[p.name, values[i]!.slice(0, 4000)]])),
        ),
      );
  }

  /** A value for a schema: in shape and at its bounds when valid, else anything a hostile client would send. */
  value(schema: Schema, valid: boolean, depth: number): fc.Arbitrary<unknown> {
    const s = schema.$ref ? this.doc.components.schemas[schema.$ref.split('/').pop()!] : schema;
    const hostile = fc.oneof(
      fc.constantFrom(...HOSTILE_TEXT, ...WRONG_TYPES),
      fc.constantFrom(DEEP, WIDE, HUGE),
      fc.string({ unit: 'binary', maxLength: 200 }),
    );
    if (!valid && depth === 0 && s.type !== 'object') return hostile;
    if (s.enum) return fc.constantFrom(...s.enum);
    switch (s.type) {
      case 'string': {
        const max = Math.min(s.maxLength ?? 200, 5000);
        const min = Math.min(s.minLength ?? 0, max);
        return fc.oneof(
          ...(s.example !== undefined ? [fc.constant(s.example)] : []),
          fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
          fc.constantFrom('x'.repeat(max), 'x'.repeat(Math.max(0, min))),
          fc.uuid(),
        );
      }
      case 'number':
      case 'integer': {
        const lo = s.minimum ?? -10;
        const hi = s.maximum ?? 10_000;
        return fc.oneof(fc.integer({ min: lo, max: Math.max(lo, hi) }), fc.constantFrom(lo, hi));
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(this.value(s.items ?? { type: 'string' }, true, depth + 1), { maxLength: 5 });
      case 'object':
      default: {
        const props = Object.entries(s.properties ?? {});
        if (!props.length) return fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }));
        const fields = props.map(([name, p]) => {
          const required = s.required?.includes(name);
          // A hostile object breaks one field or another: a wrong value, or a required one left out.
          const field = valid
            ? this.value(p, true, depth + 1)
            : fc.oneof(this.value(p, true, depth + 1), hostile);
          return fc.option(field, { nil: undefined, freq: required && valid ? 1000 : 3 });
        });
        return fc.tuple(...fields, fc.boolean()).map((values) => {
          const extra = values.pop() as boolean;
          const out: Record<string, unknown> = Object.fromEntries(
            props.flatMap(([name], i) => (values[i] === undefined ? [] : [[name, values[i]]])),
          );
          if (!valid && extra) out.__proto__unknown = 'x';
          return out;
        });
      }
    }
  }
}
