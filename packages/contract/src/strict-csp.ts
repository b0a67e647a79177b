import { z } from 'zod';

/**
 * Zod compiles faster parsers with `new Function`, after probing whether the page allows eval.
 * The web app's Content-Security-Policy has no 'unsafe-eval', so the probe fails, and the
 * browser reports it as a CSP violation even though Zod catches it. Called once at start-up in
 * the browser, Zod parses without generating code and never makes the probe.
 */
export function parseWithoutEval() {
  z.config({ jitless: true });
}
