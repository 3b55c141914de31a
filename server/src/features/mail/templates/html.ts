/** Markup that is already safe to place in a document: only `html` and `rawHtml` make one. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

type Interpolated = string | number | Html | readonly Html[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/**
 * A tagged template that escapes every value unless it is already Html, so a name or an address
 * given by a listener can never add markup to an e-mail.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): Html {
  let markup = strings[0]!;
  values.forEach((value, index) => {
    markup += markupOf(value) + strings[index + 1]!;
  });
  return new Html(markup);
}

function markupOf(value: Interpolated): string {
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map((part: Html) => part.markup).join('');
  return escapeHtml(String(value));
}

/**
 * A link target for an e-mail: only absolute http(s) URLs, so no `javascript:` or `data:` address
 * can become a button.
 */
export function safeLinkUrl(url: string): string {
  const parsed = URL.parse(url);
  if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new Error('An e-mail link must be an absolute http(s) URL.');
  }
  return parsed.href;
}
