// The page frame every HTML page shares (public analyzer, rule reference, developer area, 404): skip link,
// site navigation, footer with the privacy note. Assets come from /assets only (see assets.ts), so the strict
// CSP of headers.ts holds: no inline script or style anywhere.
import { html } from './assets/html.js';
import type { Html } from './assets/html.js';

export interface Layout {
  title: string;
  /** Appended to the document title: which part of the site this is. */
  site?: string;
  /** Path of the site section to mark in the navigation (`/`, `/rules`, `/developer`). */
  section?: string;
  /** Navigation inside the section (the developer area's), under the site navigation. */
  subnav?: Html;
  /** Module scripts of this page, by asset name; site.js (copy buttons) is on every page. */
  modules?: string[];
  /** False when the body brings its own h1. */
  heading?: boolean;
}

const SECTIONS = [
  ['/', 'Analyzer'],
  ['/rules', 'Rules'],
  ['/docs/', 'API docs'],
  ['/developer', 'Developers'],
] as const;

export function layout(options: Layout, body: Html): string {
  const nav = SECTIONS.map(([href, label]) =>
    href === options.section ? html`<a href="${href}" aria-current="page">${label}</a>` : html`<a href="${href}">${label}</a>`,
  );
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · ${options.site ?? 'Confgate'}</title>
<link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/site.css">
<script src="/assets/site.js" defer></script>
${(options.modules ?? []).map((m) => html`<script type="module" src="/assets/${m}"></script>`)}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
  <a class="brand" href="/"><img src="/assets/icon.svg" alt="" width="20" height="20"> Confgate</a>
  <nav aria-label="Site">${nav}</nav>
</header>
${options.subnav ?? ''}
<main id="main" tabindex="-1">
${options.heading === false ? '' : html`<h1>${options.title}</h1>`}
${body}
</main>
<footer class="site">
  <p>Nothing you submit for analysis is stored. <a href="/#privacy">Privacy</a> · <a href="/rules">Rule reference</a> · <a href="/docs/">API reference</a> · <a href="/static/confgate.py">CLI</a></p>
</footer>
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
