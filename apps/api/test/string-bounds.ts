/**
 * Which strings an OpenAPI document lets a client send without a bound on their length. A string
 * schema is bounded when it has a `maxLength`, an `enum` or `const`, a `pattern` that is anchored
 * at both ends and repeats nothing without an upper limit, or a `format` in BOUNDED_FORMATS.
 * Every operation's parameters (path, query, header, cookie) and request bodies (every media
 * type) are walked, through properties, additionalProperties, items, prefixItems, anyOf, oneOf,
 * allOf and not; a schema with no type at all accepts strings too, and counts as one.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  $ref?: string;
  [k: string]: unknown;
};
type Parameter = { in: string; name: string; schema?: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/**
 * Formats whose every valid value has a short, fixed or bounded length, so that a validator that
 * checks the format also bounds the length: `uuid` (36 characters) and `date` (YYYY-MM-DD).
 * Not `email`, `uri`, `hostname` or `date-time`: each admits values of any length.
 */
export const BOUNDED_FORMATS = new Set(['uuid', 'date']);

/**
 * Is a regular expression anchored (^ first, an unescaped $ last, no top-level alternation that
 * would unanchor a branch) and free of unbounded repetition (`*`, `+`, `{n,}`) outside character
 * classes? Then every string it matches has a bounded length.
 */
export function patternIsBounded(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return false;
    else if (c === '*' || c === '+') return false;
    else if (c === '{' && /^\{\d*,\}/.test(pattern.slice(i))) return false;
  }
  return true;
}

const acceptsString = (s: JsonSchema) => {
  if (s.type === undefined)
    return !s.properties && !s.items && !s.anyOf && !s.oneOf && !s.allOf && !s.$ref && s.const === undefined && !s.enum;
  return s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
};

const isBounded = (s: JsonSchema) =>
  typeof s.maxLength === 'number' ||
  s.enum !== undefined ||
  s.const !== undefined ||
  (typeof s.pattern === 'string' && patternIsBounded(s.pattern)) ||
  (typeof s.format === 'string' && BOUNDED_FORMATS.has(s.format));

export type StringSite = { at: string; bounded: boolean };

/** Every place in a schema that accepts a string, as paths like `body.permissions[]`, bounded or not. */
export function stringSitesIn(
  schema: JsonSchema | undefined,
  at: string,
  doc?: OpenApiDocument,
  seen = new Set<JsonSchema>(),
  insideBoundedString = false,
): StringSite[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  if (schema.$ref) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? doc?.components?.schemas?.[name] : undefined;
    return target
      ? stringSitesIn(target, at, doc, seen, insideBoundedString)
      : [{ at: `${at} (unresolved ${schema.$ref})`, bounded: false }];
  }
  const out: StringSite[] = [];
  // allOf: every part must hold, so the string is bounded when the schema or any one part bounds it.
  const bounded = isBounded(schema) || !!schema.allOf?.some((part) => acceptsString(part) && isBounded(part));
  if (acceptsString(schema) && !insideBoundedString) out.push({ at, bounded });
  for (const [k, sub] of Object.entries(schema.properties ?? {}))
    out.push(...stringSitesIn(sub, `${at}.${k}`, doc, seen));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    out.push(...stringSitesIn(schema.additionalProperties, `${at}.*`, doc, seen));
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  for (const sub of [...items, ...(schema.prefixItems ?? [])]) out.push(...stringSitesIn(sub, `${at}[]`, doc, seen));
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) out.push(...stringSitesIn(sub, at, doc, seen));
  // The parts of an allOf further constrain a string already bounded here: they need no bound of their own.
  for (const sub of schema.allOf ?? [])
    out.push(...stringSitesIn(sub, at, doc, seen, bounded && acceptsString(schema)));
  return out;
}

/** Every place any operation of the document accepts a string, as `METHOD /path in.name`. */
export function stringSites(doc: OpenApiDocument): StringSite[] {
  const out: StringSite[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (!op || typeof op !== 'object') continue;
      const where = `${method.toUpperCase()} ${path}`;
      const prefix = (sites: StringSite[]) => sites.map((x) => ({ ...x, at: `${where} ${x.at}` }));
      for (const p of op.parameters ?? []) out.push(...prefix(stringSitesIn(p.schema ?? {}, `${p.in}.${p.name}`, doc)));
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        out.push(
          ...prefix(stringSitesIn(media.schema ?? {}, type === 'application/json' ? 'body' : `body(${type})`, doc)),
        );
      }
    }
  }
  return out;
}

/** Every unbounded string any operation of the document accepts. */
export const unboundedStrings = (doc: OpenApiDocument) => [
  ...new Set(
    stringSites(doc)
      .filter((s) => !s.bounded)
      .map((s) => s.at),
  ),
];
