/**
 * Checks on what the server hands a browser, shared by the API tests
 * (apps/api/src/reliability/browser-security.test.ts) and the end-to-end tests
 * (e2e/browser-security.spec.ts). Each answers the problems it finds: none means it passed.
 */

/** The directives of a Content-Security-Policy header: name -> sources. */
export const cspDirectives = (header: string) =>
  new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!.toLowerCase(), sources] as const;
      }),
  );

/** What a strict policy must say: scripts from our own origin only, no inline code, no eval, no plugins, no framing by others. */
export function cspProblems(header: string | null | undefined): string[] {
  if (!header) return ['no Content-Security-Policy header'];
  const csp = cspDirectives(header);
  const problems: string[] = [];
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  if (scripts?.join(' ') !== "'self'") problems.push(`script-src is "${scripts?.join(' ') ?? ''}", not 'self'`);
  for (const name of ['script-src', 'script-src-elem', 'script-src-attr', 'default-src']) {
    for (const bad of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'unsafe-hashes'",
      "'wasm-unsafe-eval'",
      '*',
      'data:',
      'blob:',
    ]) {
      if (csp.get(name)?.includes(bad)) problems.push(`${name} allows ${bad}`);
    }
  }
  const exactly = (name: string, value: string) => {
    if (csp.get(name)?.join(' ') !== value)
      problems.push(`${name} is "${csp.get(name)?.join(' ') ?? ''}", not ${value}`);
  };
  exactly('script-src-attr', "'none'");
  exactly('object-src', "'none'");
  exactly('base-uri', "'self'");
  exactly('frame-ancestors', "'self'");
  return problems;
}

/** Inline scripts, inline event handlers and javascript: URLs in an HTML text (none allowed). */
export function inlineCode(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\ssrc\s*=/i.test(m[1]!) || m[2]!.trim() !== '') found.push(m[0].slice(0, 80));
  }
  for (const m of html.matchAll(/<[a-z][^>]*\son[a-z]+\s*=[^>]*>/gi)) found.push(m[0].slice(0, 80));
  for (const m of html.matchAll(/\b(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/gi)) found.push(m[0]);
  return found;
}
