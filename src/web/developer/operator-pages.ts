// The operator page (operator accounts only): approve or suspend accounts and set their plans. The same
// operations exist as `confgate-admin account …` commands.
import type { FastifyInstance } from 'fastify';
import { PLANS, listAccounts, parsePlanChoice, quotaOf, setPlan, setStatus } from '../../storage/accounts.ts';
import { usageThisMonth } from '../../storage/quota.ts';
import { renderPage, forbidden, requireAccount } from './account-pages.ts';
import { html } from '../shared/assets/html.js';
import type { Html } from '../shared/assets/html.js';
import { dateTime, notice } from '../shared/layout.ts';
import { csrfFor, csrfOk } from './session.ts';
import { field } from '../shared/form.ts';

export async function operatorPages(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps;

  async function accountsPage(req: Parameters<typeof csrfFor>[1], reply: Parameters<typeof renderPage>[2], status: number, top: Html) {
    const now = clock();
    const [accounts, usage] = await Promise.all([listAccounts(db), usageThisMonth(db, now)]);
    const csrf = csrfFor(app, req);
    const rows = accounts.map((a) => {
      const statusAction = a.status === 'approved' ? 'suspended' : 'approved';
      return html`<tr>
  <th scope="row">${a.email}${a.is_operator ? html` <span class="muted">(operator)</span>` : ''}</th>
  <td data-label="Status">${a.status}</td>
  <td data-label="Used / quota">${usage.get(a.id) ?? 0} / ${quotaOf(a)}</td>
  <td data-label="Created">${dateTime(a.created_at)}</td>
  <td>
    <form method="post" action="/operator/accounts/${a.id}/status">
      <input type="hidden" name="_csrf" value="${csrf}">
      <input type="hidden" name="status" value="${statusAction}">
      <button type="submit" class="${statusAction === 'suspended' ? 'danger' : ''}" aria-label="${statusAction === 'approved' ? 'Approve' : 'Suspend'} ${a.email}">${statusAction === 'approved' ? 'Approve' : 'Suspend'}</button>
    </form>
  </td>
  <td>
    <form method="post" action="/operator/accounts/${a.id}/plan">
      <input type="hidden" name="_csrf" value="${csrf}">
      <label for="plan-${a.id}">Plan for ${a.email}</label>
      <select id="plan-${a.id}" name="plan">${PLANS.map((p) => (p === a.plan ? html`<option selected>${p}</option>` : html`<option>${p}</option>`))}</select>
      <label for="quota-${a.id}">Custom quota (enterprise only)</label>
      <input id="quota-${a.id}" name="quota" type="number" min="0" inputmode="numeric" value="${a.custom_quota ?? ''}">
      <button type="submit" class="secondary">Set plan</button>
    </form>
  </td>
</tr>`;
    });
    return renderPage(app, req, reply, status, 'Operator: partner accounts', html`${top}
<table class="stack">
  <caption class="muted">Scans used this month against the monthly quota</caption>
  <thead><tr><th scope="col">Account</th><th scope="col">Status</th><th scope="col">Used / quota</th><th scope="col">Created</th><th scope="col">Access</th><th scope="col">Plan</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`, '/operator');
  }

  /** Signed-in operators only; others get 403 (signed in) or the sign-in page. */
  app.addHook('preHandler', async (req, reply) => {
    if (!req.routeOptions.url?.startsWith('/operator')) return;
    const account = requireAccount(req, reply);
    if (!account) return reply;
    if (!account.is_operator || account.status !== 'approved') {
      return renderPage(app, req, reply, 403, 'Operators only', notice('error', 'This page is for Confgate operators.'));
    }
  });

  app.get('/operator', async (req, reply) => accountsPage(req, reply, 200, html``));

  app.post<{ Params: { id: string } }>('/operator/accounts/:id/status', async (req, reply) => {
    if (!csrfOk(app, req)) return forbidden(app, req, reply);
    const status = field(req, 'status');
    const id = Number(req.params.id);
    if ((status !== 'approved' && status !== 'suspended') || !Number.isSafeInteger(id)) return accountsPage(req, reply, 422, notice('error', 'Unknown action.'));
    const account = await setStatus(db, id, status, clock());
    if (!account) return accountsPage(req, reply, 404, notice('error', 'No such account.'));
    return accountsPage(req, reply, 200, notice('success', `${account.email} is now ${account.status}.`));
  });

  app.post<{ Params: { id: string } }>('/operator/accounts/:id/plan', async (req, reply) => {
    if (!csrfOk(app, req)) return forbidden(app, req, reply);
    const id = Number(req.params.id);
    const choice = parsePlanChoice(field(req, 'plan'), field(req, 'quota'));
    if (!choice.ok || !Number.isSafeInteger(id)) return accountsPage(req, reply, 422, notice('error', choice.ok ? 'No such account.' : `Plan not changed: ${choice.message}.`));
    const account = await setPlan(db, id, choice.plan, choice.customQuota);
    if (!account) return accountsPage(req, reply, 404, notice('error', 'No such account.'));
    return accountsPage(req, reply, 200, notice('success', `${account.email} is now on the ${account.plan} plan (${quotaOf(account)} scans a month).`));
  });
}
