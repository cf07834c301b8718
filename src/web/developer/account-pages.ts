// Sign-up, sign-in, sign-out, API keys and usage pages of the developer area.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dummyHash, PASSWORD_MAX, PASSWORD_MIN, hashPassword, verifyPassword } from '../../auth/password.ts';
import { accountByEmail, createAccount, normalizeEmail, passwordHashOf } from '../../storage/accounts.ts';
import type { Account } from '../../storage/accounts.ts';
import { createApiKey } from '../../auth/keys.ts';
import { MAX_ACTIVE_KEYS, keyById, listApiKeys, revokeApiKey } from '../../storage/api-keys.ts';
import { clearLoginFailures, countLoginAttempt } from '../../storage/login-failures.ts';
import { peekQuota } from '../../storage/quota.ts';
import { recentScansOfAccount, scansPerDayOfAccount } from '../../storage/scans.ts';
import { SESSION_TTL_MS, createSession, deleteSession } from '../../storage/sessions.ts';
import { html } from '../shared/assets/html.js';
import type { Html } from '../shared/assets/html.js';
import { dateTime, notice } from '../shared/layout.ts';
import { page } from './html.ts';
import { HISTORY_LIMIT, scanHistory, usageChart } from './usage-page.ts';
import { SESSION_COOKIE, cookieOptions, csrfFor, csrfOk, visitorOf } from './session.ts';
import { field } from '../shared/form.ts';

type Reply = FastifyReply;

export function renderPage(app: FastifyInstance, req: FastifyRequest, reply: Reply, status: number, title: string, body: Html, current?: string) {
  const account = visitorOf(req).account;
  const ctx = { title, csrf: csrfFor(app, req), email: account?.email, operator: account?.is_operator ?? false, current };
  return reply.code(status).type('text/html; charset=utf-8').send(page(ctx, body));
}

export function forbidden(app: FastifyInstance, req: FastifyRequest, reply: Reply) {
  return renderPage(app, req, reply, 403, 'Request refused', html`${notice('error', 'The form expired or did not come from this site. Go back, reload the page and try again.')}`);
}

/** The signed-in account, or a redirect to the sign-in page (undefined: the reply is already sent). */
export function requireAccount(req: FastifyRequest, reply: Reply): Account | undefined {
  const account = visitorOf(req).account;
  if (!account) void reply.redirect('/developer/login', 303);
  return account ?? undefined;
}

function credentialsForm(app: FastifyInstance, req: FastifyRequest, action: string, submit: string, email = '', error?: string): Html {
  const isSignup = action.endsWith('signup');
  return html`
${error ? notice('error', error) : ''}
<form method="post" action="${action}" novalidate>
  <input type="hidden" name="_csrf" value="${csrfFor(app, req)}">
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${email}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="${isSignup ? 'new-password' : 'current-password'}" required
    minlength="${isSignup ? PASSWORD_MIN : 1}" maxlength="${PASSWORD_MAX}" ${isSignup ? html`aria-describedby="password-hint"` : ''}>
  ${isSignup ? html`<p class="hint" id="password-hint">At least ${PASSWORD_MIN} characters.</p>` : ''}
  <button type="submit">${submit}</button>
</form>
<p>${isSignup ? html`Already registered? <a href="/developer/login">Sign in</a>.` : html`No account yet? <a href="/developer/signup">Sign up</a>.`}</p>`;
}

function awaitingApproval(account: Account): Html {
  return account.status === 'pending'
    ? notice('info', 'Your account awaits approval by an operator. You can create API keys once it is approved.')
    : html``;
}

export async function accountPages(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps;

  app.get('/developer', async (req, reply) => reply.redirect(visitorOf(req).account ? '/developer/keys' : '/developer/login', 303));

  app.get('/developer/signup', async (req, reply) => renderPage(app, req, reply, 200, 'Sign up', credentialsForm(app, req, '/developer/signup', 'Create account')));

  app.post('/developer/signup', async (req, reply) => {
    if (!csrfOk(app, req)) return forbidden(app, req, reply);
    const rawEmail = field(req, 'email') ?? '';
    const password = field(req, 'password') ?? '';
    const email = normalizeEmail(rawEmail);
    const fail = (message: string) => renderPage(app, req, reply, 422, 'Sign up', credentialsForm(app, req, '/developer/signup', 'Create account', rawEmail, message));
    if (!email) return fail('Enter a valid e-mail address.');
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return fail(`The password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
    const account = await createAccount(db, { email, plan: 'free', passwordHash: await hashPassword(password) }, clock());
    if (!account) return fail('An account with this e-mail already exists; sign in instead.');
    return startSession(account.id, reply);
  });

  app.get('/developer/login', async (req, reply) => {
    if (visitorOf(req).account) return reply.redirect('/developer/keys', 303);
    return renderPage(app, req, reply, 200, 'Sign in', credentialsForm(app, req, '/developer/login', 'Sign in'));
  });

  app.post('/developer/login', async (req, reply) => {
    if (!csrfOk(app, req)) return forbidden(app, req, reply);
    const rawEmail = field(req, 'email') ?? '';
    const password = field(req, 'password') ?? '';
    const email = normalizeEmail(rawEmail) ?? rawEmail.trim().toLowerCase().slice(0, 254);
    const now = clock();
    const fail = (status: number, message: string) => renderPage(app, req, reply, status, 'Sign in', credentialsForm(app, req, '/developer/login', 'Sign in', rawEmail, message));
    // Counted before the password is checked: a check-then-record would let parallel guesses all through.
    const blockedUntil = await countLoginAttempt(db, email, req.ip, now);
    if (blockedUntil) {
      const minutes = Math.ceil((blockedUntil.getTime() - now.getTime()) / 60_000);
      reply.header('Retry-After', String(Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000)));
      return fail(429, `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    const stored = password.length <= PASSWORD_MAX ? await passwordHashOf(db, email) : undefined;
    // Verify against a dummy hash when there is no account, so the answer takes as long either way.
    const ok = await verifyPassword(password.slice(0, PASSWORD_MAX), stored?.password_hash ?? (await dummyHash()));
    if (!ok || !stored?.password_hash) return fail(401, 'The e-mail or the password is wrong.');
    const account = await accountByEmail(db, email);
    if (!account || account.status === 'suspended') return fail(403, 'This account is suspended. Contact the Confgate team.');
    await clearLoginFailures(db, email, req.ip);
    return startSession(account.id, reply);
  });

  async function startSession(accountId: number, reply: Reply) {
    const token = await createSession(db, accountId, clock());
    reply.setCookie(SESSION_COOKIE, token, cookieOptions(app, SESSION_TTL_MS));
    return reply.redirect('/developer/keys', 303);
  }

  app.post('/developer/logout', async (req, reply) => {
    if (!csrfOk(app, req)) return forbidden(app, req, reply);
    const token = req.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.redirect('/developer/login', 303);
  });

  async function keysPage(req: FastifyRequest, reply: Reply, account: Account, status: number, top: Html) {
    const keys = await listApiKeys(db, account.id, clock());
    const active = keys.filter((k) => k.revoked_at === null);
    const csrf = csrfFor(app, req);
    const rows = keys.map((k) => html`<tr>
      <th scope="row"><code>${k.prefix}…</code></th>
      <td data-label="Created">${dateTime(k.created_at)}</td>
      <td data-label="Last used">${dateTime(k.last_used_at)}</td>
      <td data-label="Scans this month">${k.scans_this_month}</td>
      <td data-label="Status">${k.revoked_at === null ? html`<a href="/developer/keys/${k.id}/revoke" aria-label="Revoke key ${k.prefix}">Revoke</a>` : html`Revoked ${dateTime(k.revoked_at)}`}</td>
    </tr>`);
    const body = html`${top}${awaitingApproval(account)}
<p>Send a key as <code>Authorization: Bearer &lt;key&gt;</code> from your servers only — never from a browser or a mobile app.
  You can hold up to ${MAX_ACTIVE_KEYS} active keys; ${active.length} in use.</p>
${account.status === 'approved' ? html`<form method="post" action="/developer/keys">
  <input type="hidden" name="_csrf" value="${csrf}">
  <button type="submit">Create a key</button>
</form>` : ''}
${keys.length === 0 ? html`<p class="empty">No keys yet.${account.status === 'approved' ? ' Create one to start calling the Partner Scan API.' : ''}</p>` : html`<table class="stack">
  <caption class="muted">Your keys, newest first</caption>
  <thead><tr><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Scans this month</th><th scope="col">Status</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`}`;
    return renderPage(app, req, reply, status, 'API keys', body, '/developer/keys');
  }

  app.get<{ Querystring: Record<string, unknown> }>('/developer/keys', async (req, reply) => {
    const account = requireAccount(req, reply);
    if (!account) return reply;
    const done = req.query['revoked'];
    return keysPage(req, reply, account, 200, typeof done === 'string' ? notice('success', html`Key <code>${done}…</code> revoked. Requests with it are refused from now on.`) : html``);
  });

  app.post('/developer/keys', async (req, reply) => {
    const account = requireAccount(req, reply);
    if (!account) return reply;
    if (!csrfOk(app, req)) return forbidden(app, req, reply);
    if (account.status !== 'approved') return keysPage(req, reply, account, 403, html``);
    const created = await createApiKey(db, app.serverKeys, account.id, clock());
    if (!created.ok) {
      return keysPage(req, reply, account, 422, notice('error', html`You already have ${MAX_ACTIVE_KEYS} active keys (<code>key_limit_reached</code>). Revoke one before creating another.`));
    }
    return keysPage(req, reply, account, 201, html`<section class="notice success" aria-labelledby="new-key-title">
  <h2 id="new-key-title">Your new key</h2>
  <p>Copy it now and store it in your server's secret store: <strong>it is shown only this once</strong>.</p>
  <label for="new-key">API key</label>
  <input id="new-key" class="key" type="text" readonly value="${created.key}" spellcheck="false" autocomplete="off">
  <button type="button" class="secondary" data-copy="new-key" aria-describedby="copy-status">Copy</button>
  <span id="copy-status" role="status"></span>
</section>`);
  });

  async function ownedKey(id: string, account: Account) {
    const key = await keyById(db, id);
    return key && key.account_id === account.id ? key : undefined;
  }

  app.get<{ Params: { id: string } }>('/developer/keys/:id/revoke', async (req, reply) => {
    const account = requireAccount(req, reply);
    if (!account) return reply;
    const key = await ownedKey(req.params.id, account);
    if (!key) return renderPage(app, req, reply, 404, 'No such key', html`<p><a href="/developer/keys">Back to your keys</a></p>`);
    const info = (await listApiKeys(db, account.id, clock())).find((k) => k.id === key.id)!;
    if (key.revoked_at) return reply.redirect('/developer/keys', 303);
    return renderPage(app, req, reply, 200, 'Revoke this key?', html`
<p>Key <code>${info.prefix}…</code>, created ${dateTime(info.created_at)}, last used ${dateTime(info.last_used_at)}.</p>
<p>Every request made with it will be refused (401) from the moment you confirm. This cannot be undone.</p>
<form method="post" action="/developer/keys/${key.id}/revoke">
  <input type="hidden" name="_csrf" value="${csrfFor(app, req)}">
  <button type="submit" class="danger">Revoke key</button>
  <a class="button secondary" href="/developer/keys">Cancel</a>
</form>`, '/developer/keys');
  });

  app.post<{ Params: { id: string } }>('/developer/keys/:id/revoke', async (req, reply) => {
    const account = requireAccount(req, reply);
    if (!account) return reply;
    if (!csrfOk(app, req)) return forbidden(app, req, reply);
    const key = await ownedKey(req.params.id, account);
    if (!key) return renderPage(app, req, reply, 404, 'No such key', html`<p><a href="/developer/keys">Back to your keys</a></p>`);
    await revokeApiKey(db, key.id, clock(), account.id);
    const prefix = (await listApiKeys(db, account.id, clock())).find((k) => k.id === key.id)?.prefix ?? '';
    return reply.redirect(`/developer/keys?revoked=${encodeURIComponent(prefix)}`, 303);
  });

  app.get('/developer/usage', async (req, reply) => {
    const account = requireAccount(req, reply);
    if (!account) return reply;
    const now = clock();
    const [q, perDay, scans] = await Promise.all([peekQuota(db, account.id, now), scansPerDayOfAccount(db, account.id, now), recentScansOfAccount(db, account.id, HISTORY_LIMIT)]);
    return renderPage(app, req, reply, 200, 'Usage', html`${awaitingApproval(account)}
<h2>This month</h2>
<dl class="quota">
  <dt>Plan</dt><dd>${account.plan}</dd>
  <dt>Monthly quota</dt><dd>${q.limit} scans</dd>
  <dt>Used</dt><dd>${q.used}</dd>
  <dt>Remaining</dt><dd>${q.remaining}</dd>
  <dt>Resets</dt><dd>${dateTime(q.reset)}</dd>
</dl>
<label for="quota-meter">Quota used</label>
<meter id="quota-meter" min="0" max="${Math.max(q.limit, 1)}" value="${q.used}" low="${Math.round(q.limit * 0.7)}" high="${Math.round(q.limit * 0.9)}" optimum="0">${q.used} of ${q.limit}</meter>
${q.remaining === 0 ? notice('error', html`The quota is used up: new scans get 429 <code>quota_exceeded</code> until ${dateTime(q.reset)}. Ask the Confgate team for a larger plan.`) : ''}
<h2>Scans per day</h2>
${usageChart(perDay, now)}
<h2>Recent scans</h2>
${scanHistory(scans)}`, '/developer/usage');
  });
}
