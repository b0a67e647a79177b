import fc from 'fast-check';

/**
 * A generator of bad requests, driven by the OpenAPI document: for each operation it knows the
 * path, query and body schemas, builds a request that is as valid as it can make it, then breaks
 * it in at least one way the API must refuse (the "defects", counted for the report), and adds
 * some harmless noise (extra fields, hostile but acceptable text) on top.
 */

export type Schema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
  nullable?: boolean;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema?: Schema }> } };
export type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

export type Op = {
  method: string;
  /** The path as the OpenAPI document spells it: /v1/x/{id}. */
  path: string;
  params: Parameter[];
  body: Schema | null;
  /** The operation takes multipart uploads (no JSON body in the document). */
  isPublic: boolean;
};

/** Every /v1 operation of the document. */
export function operationsOf(doc: OpenApiDoc, publicRoutes: Set<string>, prefix = '/v1/'): Op[] {
  const ops: Op[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const [m, op] of Object.entries(byMethod)) {
      if (m === 'head') continue;
      const method = m.toUpperCase();
      ops.push({
        method,
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        isPublic: publicRoutes.has(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      });
    }
  }
  return ops;
}

/** The kinds of defect; each generated request carries at least one. */
export const DEFECTS = [
  'missing-required', // a required body field or query parameter left out
  'wrong-type', // a value of the wrong JSON type (or a repeated query parameter), or a body that is not an object
  'out-of-range-number', // huge, negative, fractional or non-finite numbers outside what the schema allows
  'bad-amount', // an amount or price that is negative, not a number, or absurdly large
  'hostile-string', // SQL-, script-, unicode- and control-character strings where a format, pattern or enum is required
  'bad-length', // a string or list shorter or longer than allowed
  'malformed-path-id', // a path parameter that is not an id
  'unknown-id', // a well-formed id that names nothing, in a call that changes something (all else valid)
  'impossible-date', // a date of the right shape that does not exist (2026-02-30, 9999-99-99)
  'oversized-body', // a body over the 1 MiB limit
  'wrong-content-type', // a body sent as text, XML, a form or multipart
  'malformed-json', // a body that says it is JSON and is not
  'no-token', // anonymous on a route that needs a session
  'malformed-token', // an Authorization header that is not a bearer token
  'unknown-token', // a well-formed token no session has
  'expired-token', // the role's own session, expired
  'revoked-token', // the role's own session, signed out
] as const;
export type Defect = (typeof DEFECTS)[number];

/** Strings that try to break out of SQL, HTML or the parser; most are also acceptable free text. */
export const HOSTILE: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)--',
  "admin'--",
  '" OR ""="',
  '%27%20OR%201%3D1',
  "' UNION SELECT password_hash FROM staff--",
  '\\x27',
  '$1',
  '%s%s%s%n',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m',
  '\r\nSet-Cookie: x=1',
  '\u202eevil\u202c',
  '\ufeff',
  '\ud83d\ude00\u200d\ud83d\udd25',
  'Z\u0351\u0362\u0349a\u0353\u0348l\u0356\u0354g\u0323\u031fo\u0355',
  '\u0661\u0662\u0663',
  '１２３',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  ' ',
  '',
];

const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_PATTERN = /\\d\{4\}/;
const isEmailField = (name: string) => /e-?mail$/i.test(name);
const isAmount = (s: Schema) =>
  !!s.anyOf && s.anyOf.some((x) => x.type === 'number') && s.anyOf.some((x) => x.type === 'string');
const typeOf = (s: Schema) => s.type ?? (s.anyOf ? 'anyOf' : s.properties ? 'object' : undefined);
const regexOf = (pattern: string) => {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
};

/** Does a string meet the schema's string rules (enum, format, pattern, length)? */
function stringFits(s: Schema, v: string, name: string, where: 'body' | 'query' = 'body') {
  if (s.enum && !s.enum.includes(v)) return false;
  if (s.format === 'uuid' && !UUID_RE.test(v)) return false;
  if (s.format === 'email' && !EMAIL_RE.test(v)) return false;
  if (s.pattern && !regexOf(s.pattern).test(v)) return false;
  for (const part of s.allOf ?? []) if (part.pattern && !regexOf(part.pattern).test(v)) return false;
  // Lengths in UTF-16 code units, as the API's validator counts them (an emoji is 2).
  if (s.minLength !== undefined && v.length < s.minLength) return false;
  if (s.maxLength !== undefined && v.length > s.maxLength) return false;
  if (isEmailField(name) && where === 'body' && !EMAIL_RE.test(v)) return false;
  return true;
}

/** Values that look right for a field whose name says what it holds (the schema says only "string"). */
const KNOWN_BY_NAME: Record<string, string[]> = {
  expiry_time: ['2030-01-01T00:00:00.000Z'],
  currency: ['BUSD', 'VLT'],
  password: ['Correct-Horse-42'],
  currentPassword: ['Correct-Horse-42'],
  confirmPassword: ['Correct-Horse-42'],
};

export type Pools = { ids: string[] };

/** A value the schema accepts (as far as the document can tell). */
export function validValue(s: Schema, name: string, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (isAmount(s)) return fc.constantFrom('1', '10', '250', 3, 100);
  if (s.anyOf) return validValue(s.anyOf[0]!, name, pools, depth);
  switch (typeOf(s)) {
    case 'string': {
      if (s.format === 'uuid') {
        // Real ids (of any table) that the field's own pattern accepts, or a fresh one.
        const fitting = pools.ids.filter((id) => stringFits(s, id, name));
        return fitting.length
          ? fc.oneof(fc.constantFrom(...fitting), fc.uuid({ version: 4 }))
          : fc.uuid({ version: 4 });
      }
      if (s.format === 'email' || isEmailField(name))
        return fc.constantFrom('someone@vaultdesk.test', 'fuzz.target@example.com');
      if (KNOWN_BY_NAME[name]) return fc.constantFrom(...KNOWN_BY_NAME[name]);
      const min = s.minLength ?? 0;
      const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
      if (s.pattern && DATE_PATTERN.test(s.pattern)) {
        // A calendar day (the pattern only checks the shape): real days, when the pattern takes them.
        const days = ['2024-01-15', '2025-06-30', '2026-11-01']
          .flatMap((v) => [v, v.replace(/-/g, '/')])
          .filter((v) => stringFits(s, v, name));
        if (days.length) return fc.constantFrom(...days);
      }
      if (s.pattern) {
        return fc.stringMatching(regexOf(s.pattern)).filter((v) => stringFits(s, v, name));
      }
      // Free text: hostile strings are acceptable there, and exercise escaping all the way down.
      return fc
        .oneof(
          fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
          fc.constantFrom(...HOSTILE).filter((v) => stringFits(s, v, name)),
          fc.string({ minLength: min, maxLength: max }),
        )
        .filter((v) => stringFits(s, v, name));
    }
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const max = Math.min(s.maximum ?? min + 1000, min + 1000);
      return fc.integer({ min, max });
    }
    case 'number': {
      const min = s.minimum ?? 0;
      return fc.integer({ min, max: Math.min(s.maximum ?? min + 1000, min + 1000) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(s.items ?? {}, name, pools, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, Math.max(s.minItems ?? 0, 3)),
      });
    case 'object':
      return validObject(s, pools, depth + 1);
    default:
      return fc.constant('x');
  }
}

function validObject(s: Schema, pools: Pools, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, sub] of props) model[k] = validValue(sub, k, pools, depth);
  return fc.record(model, { requiredKeys: props.map(([k]) => k).filter((k) => required.has(k) || depth > 3) });
}

/** How a field can be broken so that the API must refuse it, by defect kind. */
function fieldDefects(
  s: Schema,
  name: string,
  where: 'body' | 'query',
): { defect: Defect; value: fc.Arbitrary<unknown> }[] {
  const out: { defect: Defect; value: fc.Arbitrary<unknown> }[] = [];
  const t = typeOf(s);
  const q = where === 'query';
  // Wrong type. In a query every value is a string: a number field gets letters, any field a repeated value.
  if (q) {
    if (t === 'integer' || t === 'number')
      out.push({ defect: 'wrong-type', value: fc.constantFrom('abc', 'ten', '1,000', '0x1G', '', ' ') });
    out.push({ defect: 'wrong-type', value: fc.constant(['1', '2']) });
  } else if (t === 'string') {
    out.push({
      defect: 'wrong-type',
      value: fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.constant({}),
        fc.constant(['a']),
        ...(s.nullable ? [] : [fc.constant(null)]),
      ),
    });
  } else if (t === 'integer' || t === 'number') {
    out.push({
      defect: 'wrong-type',
      value: fc.oneof(
        fc.constantFrom('abc', 'one'),
        fc.boolean(),
        fc.constant({}),
        fc.constant([1, 2]),
        ...(s.nullable ? [] : [fc.constant(null)]),
      ),
    });
  } else if (t === 'boolean') {
    out.push({
      defect: 'wrong-type',
      value: fc.oneof(fc.constantFrom('yes', 'true', '1'), fc.integer(), fc.constant({}), fc.constant(null)),
    });
  } else if (t === 'array') {
    out.push({
      defect: 'wrong-type',
      value: fc.oneof(fc.string(), fc.integer(), fc.constant({ 0: 'a' }), fc.constant(null)),
    });
  } else if (t === 'object') {
    out.push({ defect: 'wrong-type', value: fc.oneof(fc.string(), fc.integer(), fc.constant([]), fc.constant(null)) });
  } else if (t === 'anyOf') {
    out.push({
      defect: 'wrong-type',
      value: fc.oneof(fc.boolean(), fc.constant({}), fc.constant([1]), ...(s.nullable ? [] : [fc.constant(null)])),
    });
  }
  // Numbers out of range: below the minimum (negative), above the maximum (huge), or fractional for an integer.
  if (t === 'integer' || t === 'number') {
    const bad: fc.Arbitrary<number>[] = [];
    if (s.minimum !== undefined)
      bad.push(
        fc.constantFrom(s.minimum - 1, -1, -2147483649, -1e308, Number.MIN_SAFE_INTEGER).filter((v) => v < s.minimum!),
      );
    if (s.maximum !== undefined)
      bad.push(
        fc.constantFrom(s.maximum + 1, 2147483648, Number.MAX_SAFE_INTEGER + 2, 1e308).filter((v) => v > s.maximum!),
      );
    if (t === 'integer') bad.push(fc.constantFrom(1.5, 0.0001, 2.999));
    if (bad.length) {
      const num = fc.oneof(...bad);
      out.push({ defect: 'out-of-range-number', value: q ? num.map((v) => String(v)) : num });
    }
    if (q)
      out.push({
        defect: 'out-of-range-number',
        value: fc.constantFrom('1e999', '-1e999', 'Infinity', 'NaN', '99999999999999999999999999'),
      });
  }
  // Amounts (a decimal as a string or a number): negative, not a number, absurdly large.
  if (isAmount(s)) {
    out.push({
      defect: 'bad-amount',
      value: fc.oneof(
        fc.constantFrom(
          '-1',
          -1,
          '-0.000001',
          -1e-7,
          'abc',
          '1.2.3',
          '1e400',
          '0x1F',
          'Infinity',
          '-Infinity',
          'NaN',
          '',
          ' ',
          '1,000',
          '١٢',
          '１',
        ),
        fc.constantFrom(1e308, '1' + '0'.repeat(60), '9'.repeat(40) + '.5'),
        fc.constantFrom("1' OR '1'='1", '1; DROP TABLE ledger_entries', '<script>1</script>'),
      ),
    });
  }
  // Strings that break the format, pattern or enum: taken from the hostile list, unicode and control characters.
  // (An e-mail in a query is a lookup: any text may be looked up and found nowhere.)
  const constrained = t === 'string' && (s.enum || s.format || s.pattern || s.allOf || (isEmailField(name) && !q));
  if (constrained) {
    out.push({
      defect: 'hostile-string',
      value: fc
        .oneof(
          fc.constantFrom(...HOSTILE),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
          fc.string({ minLength: 1, maxLength: 30 }).map((x) => `${x}\u0000${x}`),
        )
        // A schema may trim first: a string counts as broken only if its trimmed form is broken too.
        .filter((v) => !stringFits(s, v, name) && !stringFits(s, v.trim(), name)),
    });
  }
  // Dates of the right shape that do not exist.
  if (t === 'string' && s.pattern && DATE_PATTERN.test(s.pattern)) {
    const re = regexOf(s.pattern);
    const sep = s.pattern.includes('/') ? '/' : '-';
    const bad = ['2026-13-01', '2026-02-30', '0000-00-00', '9999-99-99', '2026-00-10', '2025-04-31']
      .map((v) => v.replace(/-/g, sep))
      .filter((v) => re.test(v));
    if (bad.length) out.push({ defect: 'impossible-date', value: fc.constantFrom(...bad) });
  }
  // Lengths: one past the maximum (up to a large string), or short of the minimum.
  if (t === 'string' && s.maxLength !== undefined) {
    out.push({
      defect: 'bad-length',
      value: fc
        .integer({ min: s.maxLength + 1, max: Math.max(s.maxLength * 3, s.maxLength + 10) })
        .map((n) => 'x'.repeat(n)),
    });
  }
  // A number sent as text (a string branch with a length limit): digits past the limit.
  const textBranch = t === 'anyOf' ? s.anyOf!.find((x) => x.type === 'string' && x.maxLength !== undefined) : undefined;
  if (textBranch)
    out.push({
      defect: 'bad-length',
      value: fc.integer({ min: textBranch.maxLength! + 1, max: textBranch.maxLength! * 3 }).map((n) => '1'.repeat(n)),
    });
  if (t === 'string' && (s.minLength ?? 0) > 0)
    out.push({ defect: 'bad-length', value: fc.integer({ min: 0, max: s.minLength! - 1 }).map((n) => 'x'.repeat(n)) });
  if (t === 'array' && (s.minItems ?? 0) > 0) out.push({ defect: 'bad-length', value: fc.constant([]) });
  if (t === 'array' && s.maxItems !== undefined)
    out.push({ defect: 'bad-length', value: fc.constant(Array.from({ length: s.maxItems + 1 }, () => ({}))) });
  if (t === 'array' && s.items) {
    for (const inner of fieldDefects(s.items, name, 'body'))
      out.push({ defect: inner.defect, value: fc.array(inner.value, { minLength: 1, maxLength: 3 }) });
  }
  return out;
}

export type Role = string;
export type Tokens = {
  /** A live session per role title (null for anonymous). */
  live: (role: Role) => string | null;
  expired: (role: Role) => string;
  revoked: (role: Role) => string;
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  defects: Defect[];
  /** The field the defect is aimed at (a body or query field), for the message check. */
  target?: string;
  /** Characters of padding for an oversized body (see `payloadOf`). */
  pad?: number;
  /** Broken in exactly one place (one mutation kept): the refusal must name that field. */
  single: boolean;
  noise: string[];
};

type Draft = {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  contentType: string | null;
  rawBody?: string;
  auth: 'live' | 'none' | Defect;
  rawAuth?: string;
  /** An oversized body: this many characters of padding go into its `pad` field when sent. */
  padTo?: number;
  /** What the mutations applied, in order: the defect, the part of the request, the field. */
  defects: { defect: Defect; part: Part; target?: string }[];
  /** The field the last mutation aimed at (set by the mutation, moved into `defects`). */
  target?: string;
  noise: string[];
};
type Part = 'path' | 'query' | 'body' | 'raw' | 'auth';
const PART: Record<Defect, Part | null> = {
  'missing-required': null,
  'wrong-type': null,
  'out-of-range-number': null,
  'bad-amount': 'body',
  'hostile-string': null,
  'bad-length': null,
  'malformed-path-id': 'path',
  'unknown-id': null,
  'impossible-date': null,
  'oversized-body': 'raw',
  'wrong-content-type': 'raw',
  'malformed-json': 'raw',
  'no-token': 'auth',
  'malformed-token': 'auth',
  'unknown-token': 'auth',
  'expired-token': 'auth',
  'revoked-token': 'auth',
};

type Mutation = { defect: Defect; apply: fc.Arbitrary<(d: Draft) => void> };
/** A mutation that does not apply to the draft (a field of a body that is no longer an object) returns false. */
type Mutate = (d: Draft) => void | false;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const hasJsonBody = (op: Op) => op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';

/** The defects one operation can carry, each as a way to break a draft request. */
export function mutationsOf(op: Op, opts: { loginLike: boolean }): Mutation[] {
  const muts: Mutation[] = [];
  // Each mutation records the defect it applied on the draft.
  const push = (defect: Defect, apply: fc.Arbitrary<Mutate>, part?: Part) =>
    muts.push({
      defect,
      apply: apply.map((f) => (d: Draft) => {
        d.target = undefined;
        if (f(d) === false) return;
        d.defects.push({ defect, part: part ?? PART[defect] ?? 'body', target: d.target });
      }),
    });
  for (const p of op.params) {
    if (p.in === 'path') {
      push(
        'malformed-path-id',
        fc
          .oneof(
            fc.constantFrom(...HOSTILE),
            fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
            fc.constantFrom(
              '1',
              '-1',
              '0',
              '1e9',
              'abc',
              '00000000-0000-0000-0000-00000000000g',
              'null',
              '9'.repeat(30),
            ),
          )
          .filter(
            (v) => v !== '' && (p.schema.type === 'integer' ? !/^\d{1,9}$/.test(v) : !stringFits(p.schema, v, p.name)),
          )
          .map((v) => (d: Draft) => {
            d.path[p.name] = v;
            d.target = p.name;
          }),
      );
      continue;
    }
    if (p.required && p.schema.default === undefined)
      push(
        'missing-required',
        fc.constant((d: Draft) => {
          delete d.query[p.name];
          d.target = p.name;
        }),
        'query',
      );
    for (const fd of fieldDefects(p.schema, p.name, 'query')) {
      push(
        fd.defect,
        fd.value.map((v) => (d: Draft) => {
          d.query[p.name] = v;
          d.target = p.name;
        }),
        'query',
      );
    }
  }
  if (op.body && hasJsonBody(op)) {
    const body = op.body;
    for (const name of body.required ?? []) {
      if (body.properties?.[name]?.default !== undefined) continue;
      push(
        'missing-required',
        fc.constant((d: Draft) => {
          if (!isObject(d.body)) return false;
          delete d.body[name];
          d.target = name;
        }),
      );
    }
    for (const [name, s] of Object.entries(body.properties ?? {})) {
      // A sign-in that is well formed counts as an attempt: the sign-in route gets only defects
      // the schema itself refuses (no semantic ones), so no attempt is recorded.
      for (const fd of fieldDefects(s, name, 'body')) {
        if (opts.loginLike && name === 'email' && fd.defect === 'hostile-string') continue;
        push(
          fd.defect,
          fd.value.map((v) => (d: Draft) => {
            if (!isObject(d.body)) return false;
            d.body[name] = v;
            d.target = name;
          }),
        );
      }
    }
    push(
      'wrong-type',
      fc.constantFrom<unknown>([], 'text', 42, null, true, [{}]).map((v) => (d: Draft) => {
        d.body = v;
        d.target = 'body';
      }),
    );
    push(
      'wrong-content-type',
      fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/octet-stream',
          'text/html; charset=utf-7',
        )
        .map((ct) => (d: Draft) => {
          d.contentType = ct;
          d.padTo = undefined;
          d.rawBody = ct.startsWith('application/x-www')
            ? new URLSearchParams(
                Object.entries(d.body as Record<string, string>).map(([k, v]): [string, string] => [k, String(v)]),
              ).toString()
            : JSON.stringify(d.body);
        }),
    );
  }
  // An id that names nothing, in a call that changes something: the rest of the request is valid,
  // so this reaches the handler, which must answer 404 (or 400/409), not act on nothing or fail.
  if (op.method !== 'GET') {
    for (const p of op.params) {
      if (p.schema.format !== 'uuid' || !(p.required || p.in === 'path')) continue;
      push(
        'unknown-id',
        fc.uuid({ version: 4 }).map((v) => (d: Draft) => {
          (p.in === 'path' ? d.path : d.query)[p.name] = v;
          d.target = p.name;
        }),
        p.in === 'path' ? 'path' : 'query',
      );
    }
    if (op.body && hasJsonBody(op)) {
      for (const name of op.body.required ?? []) {
        if (op.body.properties?.[name]?.format !== 'uuid') continue;
        push(
          'unknown-id',
          fc.uuid({ version: 4 }).map((v) => (d: Draft) => {
            if (!isObject(d.body)) return false;
            d.body[name] = v;
            d.target = name;
          }),
        );
      }
    }
  }
  if (hasJsonBody(op)) {
    push(
      'malformed-json',
      fc
        .constantFrom(
          '{',
          '{"a":1,}',
          "{'a':1}",
          '{"a":NaN}',
          '[1,2',
          '{"a":"\u0000',
          'nul',
          '{"a":1}}',
          '\u0000{}',
          '{"__proto__":',
        )
        .map((raw) => (d: Draft) => {
          d.rawBody = raw;
          d.contentType = 'application/json';
          d.padTo = undefined;
        }),
    );
    push(
      'oversized-body',
      fc.integer({ min: 1_048_577, max: 1_400_000 }).map((n) => (d: Draft) => {
        d.contentType = 'application/json';
        // The padding is added when the request is sent (`payloadOf`): 10,000 requests held in memory stay small.
        d.rawBody = JSON.stringify({ ...(typeof d.body === 'object' && d.body ? d.body : {}), pad: '' });
        d.padTo = n;
      }),
    );
  }
  if (!op.isPublic) {
    push(
      'malformed-token',
      fc
        .constantFrom(
          'Bearer',
          'Bearer ',
          'Bearer abc',
          'bearer ' + 'a'.repeat(43),
          'Basic dXNlcjpwYXNz',
          `Bearer ${'a'.repeat(300)}`,
          'Bearer <script>alert(1)</script>',
          "Bearer ' OR 1=1--",
          'Token abcdefghijklmnopqrstuvwxyz',
        )
        .map((h) => (d: Draft) => {
          d.auth = 'malformed-token';
          d.rawAuth = h;
        }),
    );
    // A well-formed token (43 base64url characters, as issued) that no session has: drawn from the seed too.
    push(
      'unknown-token',
      fc
        .string({
          unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
          minLength: 43,
          maxLength: 43,
        })
        .map((tok) => (d: Draft) => {
          d.auth = 'unknown-token';
          d.rawAuth = `Bearer ${tok}`;
        }),
    );
    push(
      'expired-token',
      fc.constant((d: Draft) => {
        d.auth = 'expired-token';
      }),
    );
    push(
      'revoked-token',
      fc.constant((d: Draft) => {
        d.auth = 'revoked-token';
      }),
    );
  }
  return muts;
}

/** Harmless additions that a correct API ignores or accepts: they ride along with a real defect. */
function noiseArb(op: Op): fc.Arbitrary<(d: Draft) => void> {
  const extraKey = fc.constantFrom(
    'extra',
    'isAdmin',
    'role',
    'permissions',
    '__proto__',
    'constructor',
    'status',
    'id',
    '$where',
    'x\u0000y',
  );
  const extraValue = fc.oneof(
    fc.constantFrom<unknown>(...HOSTILE),
    fc.integer(),
    fc.constant({ $gt: '' }),
    fc.constant(1e308),
    fc.constant(-1),
  );
  return fc
    .record({
      bodyExtra: fc.option(fc.tuple(extraKey, extraValue)),
      queryExtra: fc.option(
        fc.tuple(fc.constantFrom('extra', 'sort', 'order', '__proto__', 'limit'), fc.constantFrom(...HOSTILE)),
      ),
    })
    .map(({ bodyExtra, queryExtra }) => (d: Draft) => {
      if (
        bodyExtra &&
        hasJsonBody(op) &&
        d.body &&
        typeof d.body === 'object' &&
        !Array.isArray(d.body) &&
        bodyExtra[0] !== '__proto__'
      ) {
        (d.body as Record<string, unknown>)[bodyExtra[0]] = bodyExtra[1];
        d.noise.push('extra-body-field');
      }
      if (queryExtra && !(queryExtra[0] in d.query)) {
        d.query[queryExtra[0]] = queryExtra[1];
        d.noise.push('extra-query-param');
      }
    });
}

const urlOf = (op: Op, d: Draft) => {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(d.path[name] ?? ''));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(d.query)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
};

/**
 * The requests for one operation as one role: a valid-looking draft, one defect (two, now and
 * then), noise; on a route that needs a session and has no input to break, the defect is the token.
 * `anonymous` sends no token (itself a defect on a route that needs one).
 */
export function requestArb(
  op: Op,
  role: Role | null,
  tokens: Tokens,
  pools: Pools,
  opts: { loginLike: boolean },
): fc.Arbitrary<FuzzRequest> {
  const muts = mutationsOf(op, opts);
  const tokenDefects: Defect[] = ['malformed-token', 'unknown-token', 'expired-token', 'revoked-token'];
  // Anonymous has no session to expire or revoke: its token defects are the forged ones.
  const usable = muts.filter((m) => role !== null || !(m.defect === 'expired-token' || m.defect === 'revoked-token'));
  const contentMuts = usable.filter((m) => !tokenDefects.includes(m.defect));
  const pick = (ms: Mutation[]) => fc.constantFrom(...ms).chain((m) => m.apply);
  // Token defects take a fixed share (they are the only kind a route with no input can carry).
  const first =
    contentMuts.length && usable.length > contentMuts.length
      ? fc.oneof(
          { weight: 6, arbitrary: pick(contentMuts) },
          { weight: 1, arbitrary: pick(usable.filter((m) => tokenDefects.includes(m.defect))) },
        )
      : usable.length
        ? pick(usable)
        : null;
  // Now and then a second defect (mostly one, so each reaches as deep as it can on its own).
  const second = contentMuts.length
    ? fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: pick(contentMuts) })
    : fc.constant(null);
  const pathModel: Record<string, fc.Arbitrary<unknown>> = {};
  const queryModel: Record<string, fc.Arbitrary<unknown>> = {};
  const optionalQuery: string[] = [];
  for (const p of op.params) {
    if (p.in === 'path') pathModel[p.name] = validValue(p.schema, p.name, pools);
    else {
      queryModel[p.name] = validValue(p.schema, p.name, pools);
      if (!p.required || p.schema.default !== undefined) optionalQuery.push(p.name);
    }
  }
  const required = Object.keys(queryModel).filter((k) => !optionalQuery.includes(k));
  return fc
    .record({
      path: fc.record(pathModel),
      query: fc.record(queryModel, { requiredKeys: required }),
      body: op.body && hasJsonBody(op) ? validValue(op.body, 'body', pools) : fc.constant(undefined),
      first: first ?? fc.constant(null),
      second,
      noise: noiseArb(op),
    })
    .map(({ path, query, body, first: f, second, noise }) => {
      const d: Draft = {
        path: path as Record<string, string>,
        query,
        body: body === undefined ? undefined : structuredClone(body),
        contentType: op.body && hasJsonBody(op) ? 'application/json' : null,
        auth: role === null ? 'none' : 'live',
        defects: [],
        noise: [],
      };
      noise(d);
      for (const m of [f, second]) if (m) m(d);
      return finish(op, role, d, tokens);
    });
}

function finish(op: Op, role: Role | null, d: Draft, tokens: Tokens): FuzzRequest {
  // What was broken: as the mutations recorded it, except the body and the token, read back from
  // the draft (a later mutation may override an earlier one: a malformed body replaces a wrong type).
  const kept = d.defects.filter(
    (x) => x.part !== 'auth' && x.part !== 'raw' && !(x.part === 'body' && d.rawBody !== undefined),
  );
  const defects = new Set<Defect>(kept.map((x) => x.defect));
  const target = kept.length === 1 ? kept[0]!.target : undefined;
  const headers: Record<string, string> = {};
  if (d.rawBody !== undefined) {
    if (d.padTo) defects.add('oversized-body');
    else if (d.contentType === 'application/json') defects.add('malformed-json');
    else defects.add('wrong-content-type');
  }
  switch (d.auth) {
    case 'live': {
      const token = role === null ? null : tokens.live(role);
      if (token) headers.authorization = `Bearer ${token}`;
      break;
    }
    case 'none':
      break;
    case 'unknown-token':
      headers.authorization = d.rawAuth!;
      defects.add('unknown-token');
      break;
    case 'expired-token':
    case 'revoked-token':
      if (role === null) break;
      headers.authorization = `Bearer ${d.auth === 'expired-token' ? tokens.expired(role) : tokens.revoked(role)}`;
      defects.add(d.auth);
      break;
    case 'malformed-token':
      headers.authorization = d.rawAuth ?? 'Bearer';
      defects.add('malformed-token');
      break;
    default:
      break;
  }
  if (!headers.authorization && !op.isPublic) defects.add('no-token');
  let payload: string | undefined;
  if (d.rawBody !== undefined) payload = d.rawBody;
  else if (d.body !== undefined) payload = JSON.stringify(d.body);
  if (payload !== undefined && d.contentType) headers['content-type'] = d.contentType;
  return {
    method: op.method,
    url: urlOf(op, d),
    headers,
    payload,
    ...(d.padTo && d.rawBody !== undefined ? { pad: d.padTo } : {}),
    defects: [...defects],
    target,
    single: kept.length === 1 && !d.rawBody && (d.auth === 'live' || d.auth === 'none'),
    noise: d.noise,
  };
}

/** The body as sent: an oversized one gets its padding now. */
export const payloadOf = (req: FuzzRequest) =>
  req.pad && req.payload ? req.payload.replace(/"pad":""}$/, `"pad":"${'x'.repeat(req.pad)}"}`) : req.payload;
