// Server-rendered HTML without a framework, shared by the server (imported from TypeScript through html.d.ts)
// and the browser (served as a module): the `html` tag escapes every interpolated value unless it is already
// Html (another fragment), so markup cannot be injected through data on either side.
export class Html {
  constructor(text) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

export function escapeHtml(value) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(value) {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings, ...values) {
  let out = strings[0] ?? '';
  values.forEach((v, i) => (out += render(v) + (strings[i + 1] ?? '')));
  return new Html(out);
}

/** Rule metadata text (a little Markdown: paragraphs and `code` spans) as HTML. */
export function prose(text) {
  const paragraphs = text.trim().split(/\n\s*\n/);
  return new Html(paragraphs.map((p) => `<p>${escapeHtml(p).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`).join('\n'));
}
