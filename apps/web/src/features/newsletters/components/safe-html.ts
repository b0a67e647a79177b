import { NEWSLETTER_KEPT_TAGS as KEPT, NEWSLETTER_SAFE_URL as SAFE_URL } from '@vaultdesk/contract';

/** Dropped with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'form',
  'textarea',
  'select',
]);

/**
 * A newsletter's stored HTML (staff input, possibly written straight to the API) as nodes safe to
 * put into the page: read in an inert document (nothing in it runs or loads while it is parsed),
 * then rebuilt with the kept tags only, no attribute but an http(s)/mailto href or src and an alt,
 * and any other tag replaced by its content. Event handlers, scripts, styles and javascript: links
 * never reach the live page.
 */
export function safeNewsletterNodes(html: string): DocumentFragment {
  const source = new DOMParser().parseFromString(html, 'text/html').body;
  const out = document.createDocumentFragment();
  const copy = (from: Node, to: Node) => {
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        to.appendChild(document.createTextNode(child.textContent ?? ''));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const element = child as Element;
      const tag = element.tagName.toLowerCase();
      if (DROPPED.has(tag)) continue;
      if (!KEPT.has(tag)) {
        copy(element, to);
        continue;
      }
      const clean = document.createElement(tag);
      for (const name of ['href', 'src', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value === undefined || (name !== 'alt' && !SAFE_URL.test(value))) continue;
        clean.setAttribute(name, value);
      }
      if (tag === 'a') clean.setAttribute('rel', 'noopener noreferrer');
      copy(element, clean);
      to.appendChild(clean);
    }
  };
  copy(source, out);
  return out;
}
