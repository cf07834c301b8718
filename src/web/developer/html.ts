// Server-rendered HTML without a framework: the `html` tag escapes every interpolated value unless it is
// already Html (another fragment), so markup cannot be injected through data.
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Value = Html | string | number | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0] ?? '';
  values.forEach((v, i) => (out += render(v) + (strings[i + 1] ?? '')));
  return new Html(out);
}

export interface PageContext {
  title: string;
  /** Signed-in visitor: shows the navigation and the sign-out form. */
  email?: string | undefined;
  operator?: boolean;
  csrf: string;
  /** Path of the current page, to mark its navigation link. */
  current?: string;
}

function navLink(href: string, label: string, current: string | undefined): Html {
  return href === current ? html`<a href="${href}" aria-current="page">${label}</a>` : html`<a href="${href}">${label}</a>`;
}

export function page(ctx: PageContext, body: Html): string {
  const nav = ctx.email
    ? html`<nav aria-label="Developer area">
        ${navLink('/developer/keys', 'API keys', ctx.current)}
        ${navLink('/developer/usage', 'Usage', ctx.current)}
        ${ctx.operator ? navLink('/operator', 'Operator', ctx.current) : ''}
        <form method="post" action="/developer/logout" class="inline">
          <input type="hidden" name="_csrf" value="${ctx.csrf}">
          <span class="who">${ctx.email}</span> <button type="submit" class="link">Sign out</button>
        </form>
      </nav>`
    : '';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${ctx.title} · Confgate developers</title>
<link rel="icon" href="/developer/assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/developer/assets/site.css">
<script src="/developer/assets/site.js" defer></script>
</head>
<body>
<header><a class="brand" href="/developer">Confgate developers</a>${nav}</header>
<main id="main">
<h1>${ctx.title}</h1>
${body}
</main>
</body>
</html>
`.text;
}

/** A notice box; `role=alert` for errors so screen readers announce them after a form post. */
export function notice(kind: 'error' | 'info' | 'success', message: Html | string): Html {
  return kind === 'error' ? html`<p class="notice error" role="alert">${message}</p>` : html`<p class="notice ${kind}" role="status">${message}</p>`;
}

export function dateTime(d: Date | null): Html {
  if (d === null) return html`<span class="muted">never</span>`;
  const iso = new Date(d).toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}
