// The usage page's scan views: scans per day this month (a server-rendered SVG bar chart, no chart library) and
// the account's recent scans with status and score, across all of the account's keys. The queries are
// `scansPerDayOfAccount` and `recentScansOfAccount` in src/storage/scans.ts.
import type { AccountScanLine } from '../../storage/scans.ts';
import { monthStart, nextMonthStart } from '../../storage/quota.ts';
import { html } from '../shared/assets/html.js';
import type { Html } from '../shared/assets/html.js';
import { dateTime } from '../shared/layout.ts';

/** How many scans the history shows: the limit the page passes to `recentScansOfAccount`. */
export const HISTORY_LIMIT = 20;

const BAR = 18;
const GAP = 4;
const PLOT = 100;
const LEFT = 28;

/** One bar per day of the month; each bar has a tooltip, and the figure a text summary for screen readers. */
export function usageChart(perDay: Map<string, number>, now: Date): Html {
  const start = monthStart(now);
  const days = Math.round((nextMonthStart(now).getTime() - start.getTime()) / 86_400_000);
  const month = start.toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const counts = Array.from({ length: days }, (_, i) => {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { day, n: perDay.get(day) ?? 0 };
  });
  const total = counts.reduce((s, c) => s + c.n, 0);
  const max = Math.max(1, ...counts.map((c) => c.n));
  const busiest = counts.reduce((a, b) => (b.n > a.n ? b : a));
  const summary = total === 0 ? `No scans in ${month} so far.` : `${total} scan${total === 1 ? '' : 's'} in ${month}; the busiest day was ${busiest.day} with ${busiest.n}.`;
  const width = LEFT + days * (BAR + GAP);
  const bars = counts.map((c, i) => {
    const h = Math.round((c.n / max) * PLOT);
    const x = LEFT + i * (BAR + GAP);
    return html`<g><title>${c.day}: ${c.n} scan${c.n === 1 ? '' : 's'}</title>
  <rect class="bar" x="${x}" y="${10 + PLOT - h}" width="${BAR}" height="${h}"></rect>
  ${(i + 1) % 5 === 0 || i === 0 ? html`<text x="${x + BAR / 2}" y="${PLOT + 24}" text-anchor="middle">${i + 1}</text>` : ''}</g>`;
  });
  return html`<figure class="chart">
  <svg viewBox="0 0 ${width} ${PLOT + 30}" role="img" aria-labelledby="chart-summary">
    <line class="axis" x1="${LEFT - 4}" y1="${PLOT + 10}" x2="${width}" y2="${PLOT + 10}"></line>
    <text x="0" y="14">${max}</text><text x="0" y="${PLOT + 10}">0</text>
    ${bars}
  </svg>
  <figcaption id="chart-summary">${summary}</figcaption>
</figure>`;
}

export function scanHistory(scans: AccountScanLine[]): Html {
  if (scans.length === 0) {
    return html`<p class="empty">No scans yet. Scans created with your API keys (<code>POST /api/v1/scans</code>) will be listed here with their status and score.</p>`;
  }
  return html`<table class="stack">
  <caption>${scans.length === HISTORY_LIMIT ? `Your latest ${HISTORY_LIMIT} scans` : 'Your scans'}, newest first</caption>
  <thead><tr><th scope="col">Domain</th><th scope="col">Created</th><th scope="col">Status</th><th scope="col">Score</th></tr></thead>
  <tbody>${scans.map((s) => html`<tr>
    <th scope="row">${s.domain}</th>
    <td data-label="Created">${dateTime(s.created_at)}</td>
    <td data-label="Status"><span class="status-${s.status}">${s.status}</span>${s.error_code ? html` <code>${s.error_code}</code>` : ''}</td>
    <td data-label="Score">${s.score === null ? html`<span class="muted">—</span>` : `${s.score} (${s.grade ?? '?'})`}</td>
  </tr>`)}</tbody>
</table>`;
}
