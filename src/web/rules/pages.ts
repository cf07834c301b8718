// The rule reference as HTML, generated from rule metadata: the filterable list and one page per rule (the
// `help_url` of every finding). Filters are query parameters, so they work without JavaScript.
import type { RuleExample, RuleMeta } from '../../core/rule.ts';
import { CATEGORIES, SEVERITIES } from '../../core/types.ts';
import { RULE_TARGETS } from '../../analysis/catalogue.ts';
import { html, prose } from '../shared/assets/html.js';
import type { Html } from '../shared/assets/html.js';
import { layout } from '../shared/layout.ts';

const TARGETS = RULE_TARGETS.map((t) => t.id);
const TARGET_TITLE: Readonly<Record<string, string>> = Object.fromEntries(RULE_TARGETS.map((t) => [t.id, t.title]));

export interface RuleFilter {
  q: string;
  target: string;
  severity: string;
  category: string;
}

/** Keeps only values the lists offer: anything else (an old link, a typo) means "all". */
export function readFilter(query: Record<string, unknown>): RuleFilter {
  const pick = (name: string, allowed: readonly string[]) => {
    const v = query[name];
    return typeof v === 'string' && allowed.includes(v) ? v : '';
  };
  const q = query['q'];
  return {
    q: typeof q === 'string' ? q.slice(0, 100) : '',
    target: pick('target', TARGETS),
    severity: pick('severity', SEVERITIES),
    category: pick('category', CATEGORIES),
  };
}

/** Every word of the search must appear in the id, name, title, description or an equivalent's id. */
export function matches(m: RuleMeta, f: RuleFilter): boolean {
  const words = f.q.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [m.id, m.name, m.title, m.description, ...m.equivalents].join('\n').toLowerCase();
  return (!f.target || m.target === f.target) && (!f.severity || m.severity === f.severity) && (!f.category || m.category === f.category) &&
    words.every((w) => text.includes(w));
}

function select(name: string, label: string, values: readonly string[], current: string, title: (v: string) => string = (v) => v): Html {
  return html`<div>
  <label for="filter-${name}">${label}</label>
  <select id="filter-${name}" name="${name}">
    <option value="">All</option>
    ${values.map((v) => (v === current ? html`<option value="${v}" selected>${title(v)}</option>` : html`<option value="${v}">${title(v)}</option>`))}
  </select>
</div>`;
}

export function severityBadge(severity: string): Html {
  return html`<span class="badge sev-${severity}">${severity}</span>`;
}

export function rulesListPage(rules: readonly RuleMeta[], f: RuleFilter, total: number): string {
  const filtered = f.q || f.target || f.severity || f.category;
  // Three columns, what applies and the category under the title: the list fits a phone's width.
  const rows = rules.map((m) => html`<tr>
  <td><a href="/rules/${m.id}">${m.id}</a></td>
  <td>${m.title}${m.optIn ? html` <span class="muted">(opt-in)</span>` : ''}<span class="rule-meta">${TARGET_TITLE[m.target]} · ${m.category}</span></td>
  <td>${severityBadge(m.severity)}</td>
</tr>`);
  return layout({ title: 'Rules', section: '/rules' }, html`
<p class="lead">Every check Confgate runs, with why it matters, how to fix it, examples and the same check in other tools.</p>
<form class="filters" method="get" action="/rules" role="search">
  <div class="search">
    <label for="filter-q">Search</label>
    <input id="filter-q" name="q" type="search" value="${f.q}" maxlength="100" placeholder="e.g. secret, latest, DL3007, CWE">
  </div>
  ${select('target', 'Applies to', TARGETS, f.target, (t) => TARGET_TITLE[t]!)}
  ${select('severity', 'Severity', SEVERITIES, f.severity)}
  ${select('category', 'Category', CATEGORIES, f.category)}
  <div class="filter-actions"><button type="submit">Filter</button>${filtered ? html` <a href="/rules">Clear filters</a>` : ''}</div>
</form>
<p id="rule-count" role="status">${filtered ? `${rules.length} of ${total} rules match.` : `${total} rules.`}</p>
${rules.length === 0
    ? html`<p class="empty">No rule matches these filters. <a href="/rules">Show all rules</a>.</p>`
    : html`<table class="rules">
  <caption class="visually-hidden">Rules</caption>
  <thead><tr><th scope="col">Id</th><th scope="col">Rule, what it applies to and its category</th><th scope="col">Severity</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`}`);
}

/** Pages of other tools for the same check, where they have a stable address per id. */
function equivalentLink(e: string): Html {
  const [tool, id = ''] = e.split(':');
  if (tool === 'hadolint' && /^DL\d+$/.test(id)) return html`<a href="https://github.com/hadolint/hadolint/wiki/${id}"><code>${e}</code></a>`;
  if (tool === 'hadolint' && /^SC\d+$/.test(id)) return html`<a href="https://www.shellcheck.net/wiki/${id}"><code>${e}</code></a>`;
  if (tool === 'trivy' && /^DS\d+$/.test(id)) return html`<a href="https://avd.aquasec.com/misconfig/${id.toLowerCase()}"><code>${e}</code></a>`;
  return html`<code>${e}</code>`;
}

function example(ex: RuleExample, label: string): Html {
  if (typeof ex === 'string') return html`<pre class="example" tabindex="0" aria-label="${label}"><code>${ex.replace(/\n$/, '')}</code></pre>`;
  if (!Array.isArray(ex)) return html`<p class="example-options">With the options <code>${JSON.stringify(ex.options)}</code></p><pre class="example" tabindex="0" aria-label="${label} with options"><code>${ex.content.replace(/\n$/, '')}</code></pre>`;
  return html`${ex.map((f) => html`<p class="example-file"><code>${f.filename}</code></p><pre class="example" tabindex="0" aria-label="${label}: ${f.filename}"><code>${f.content.replace(/\n$/, '')}</code></pre>`)}`;
}

export function rulePage(m: RuleMeta): string {
  const facts: [string, Html | string][] = [
    ['Id', html`<code>${m.id}</code>`],
    ['Name', html`<code>${m.name}</code>`],
    ['Applies to', html`<a href="/rules?target=${m.target}">${TARGET_TITLE[m.target]}</a>`],
    ['Severity', severityBadge(m.severity)],
    ['Category', html`<a href="/rules?category=${m.category}">${m.category}</a>`],
  ];
  if (m.cwe?.length) facts.push(['CWE', html`${m.cwe.map((c, i) => html`${i > 0 ? ', ' : ''}<a href="https://cwe.mitre.org/data/definitions/${c.slice(4)}.html">${c}</a>`)}`]);
  if (m.optIn) facts.push(['Enabled', 'Opt-in: off unless enabled (on under the strict profile)']);
  if (m.tags?.length) facts.push(['Tags', `${m.tags.join(', ')}${m.tags.includes('hardening') ? ' (high under the strict profile)' : ''}`]);
  if (m.equivalents.length) facts.push(['Same check in', html`${m.equivalents.map((e, i) => html`${i > 0 ? ', ' : ''}${equivalentLink(e)}`)}`]);
  const options = Object.entries(m.options ?? {});
  return layout({ title: `${m.id}: ${m.title}`, section: '/rules', heading: false }, html`
<p class="crumbs"><a href="/rules">Rules</a> › <a href="/rules?target=${m.target}">${TARGET_TITLE[m.target]}</a></p>
<h1><span class="rule-id">${m.id}</span> ${m.title}</h1>
<dl class="facts">${facts.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
<section aria-labelledby="why"><h2 id="why">Why it matters</h2>${prose(m.description)}</section>
<section aria-labelledby="fix"><h2 id="fix">How to fix</h2>${prose(m.remediation)}</section>
${m.severityContext?.length ? html`<section aria-labelledby="context"><h2 id="context">Severity in context</h2><ul>${m.severityContext.map((c) => html`<li>${prose(c)}</li>`)}</ul></section>` : ''}
${options.length ? html`<section aria-labelledby="options"><h2 id="options">Options</h2><p>Given in a request as <code>rules.options.${m.id}.&lt;name&gt;</code>.</p>
<dl class="facts">${options.map(([name, o]) => html`<dt><code>${name}</code></dt><dd>${o.type}, default <code>${JSON.stringify(o.default)}</code>: ${o.description}</dd>`)}</dl></section>` : ''}
${m.examples.bad.length ? html`<section aria-labelledby="bad"><h2 id="bad">Reported</h2>${m.examples.bad.map((e) => example(e, 'Reported example'))}</section>` : ''}
${m.examples.good.length ? html`<section aria-labelledby="good"><h2 id="good">Not reported</h2>${m.examples.good.map((e) => example(e, 'Example that passes'))}</section>` : ''}
${m.references.length ? html`<section aria-labelledby="refs"><h2 id="refs">References</h2><ul>${m.references.map((r) => html`<li><a href="${r}">${r}</a></li>`)}</ul></section>` : ''}`);
}
