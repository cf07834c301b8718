// The developer area's page: the shared layout with the area's own navigation and sign-out form.
import { html } from '../shared/assets/html.js';
import type { Html } from '../shared/assets/html.js';
import { layout } from '../shared/layout.ts';

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
  const subnav = ctx.email
    ? html`<nav class="subnav" aria-label="Developer area">
  ${navLink('/developer/keys', 'API keys', ctx.current)}
  ${navLink('/developer/usage', 'Usage', ctx.current)}
  ${ctx.operator ? navLink('/operator', 'Operator', ctx.current) : ''}
  <form method="post" action="/developer/logout" class="inline signout">
    <input type="hidden" name="_csrf" value="${ctx.csrf}">
    <span class="who">${ctx.email}</span> <button type="submit" class="link">Sign out</button>
  </form>
</nav>`
    : undefined;
  return layout({ title: ctx.title, site: 'Confgate developers', section: '/developer', subnav }, body);
}
