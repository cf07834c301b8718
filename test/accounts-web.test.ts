// The developer area and operator page through real HTTP requests: sign-up, sign-in (throttled), sessions
// stored hashed, CSRF on every form, cookie flags, CSP, pending accounts, keys (create once, limit, revoke
// with confirmation), usage, and the operator's approval and plan changes.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { accountByEmail, setOperator, setStatus } from '../src/storage/accounts.ts';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { bearer } from './accounts-fixtures.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp({ PARTNER_RATE_LIMIT: '1000/s' });
});
after(() => t.close());

const PASSWORD = 'correct horse battery staple';

/** A browser stand-in: keeps cookies, reads the CSRF token from the last page. */
class Browser {
  cookies = new Map<string, string>();
  lastBody = '';
  readonly app: TestApp;
  readonly ip: string;
  constructor(app: TestApp, ip = '127.0.0.1') {
    this.app = app;
    this.ip = ip;
  }
  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  private remember(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!);
      else this.cookies.set(name!, value!);
    }
  }
  async get(url: string) {
    const res = await this.app.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader() }, remoteAddress: this.ip });
    this.remember(res.headers['set-cookie']);
    this.lastBody = res.body;
    return res;
  }
  csrf(): string {
    const m = /name="_csrf" value="([^"]+)"/.exec(this.lastBody);
    assert.ok(m, 'the page has a CSRF token');
    return m[1]!;
  }
  async post(url: string, fields: Record<string, string>, withCsrf = true) {
    const form = new URLSearchParams(withCsrf ? { _csrf: this.csrf(), ...fields } : fields);
    const res = await this.app.app.inject({
      method: 'POST', url, payload: form.toString(),
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: this.ip,
    });
    this.remember(res.headers['set-cookie']);
    this.lastBody = res.body;
    return res;
  }
  async signUp(email: string, password = PASSWORD) {
    await this.get('/developer/signup');
    return this.post('/developer/signup', { email, password });
  }
  async signIn(email: string, password = PASSWORD) {
    await this.get('/developer/login');
    return this.post('/developer/login', { email, password });
  }
}

let n = 0;
const email = () => `dev${++n}@example.test`;

async function approvedPartner() {
  const b = new Browser(t);
  const address = email();
  await b.signUp(address);
  const account = (await accountByEmail(t.store.db, address))!;
  await setStatus(t.store.db, account.id, 'approved', new Date());
  return { b, account };
}

describe('sign-up and sign-in', () => {
  it('sign-up creates a pending free account, signs in, and the keys page says it awaits approval', async () => {
    const b = new Browser(t);
    const address = email();
    const res = await b.signUp(address.toUpperCase());
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers['location'], '/developer/keys');
    const account = await accountByEmail(t.store.db, address);
    assert.equal(account?.status, 'pending');
    assert.equal(account?.plan, 'free');
    const page = await b.get('/developer/keys');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /awaits approval/);
    assert.doesNotMatch(page.body, /Create a key/);
    const stored = await t.store.db.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE id = $1', [account!.id]);
    assert.match(stored[0]!.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
  it('refuses a taken e-mail, a bad e-mail and a short password with 422 and a message', async () => {
    const address = email();
    await new Browser(t).signUp(address);
    for (const [e, p, message] of [[address, PASSWORD, /already exists/], ['not-an-email', PASSWORD, /valid e-mail/], [email(), 'short', /12 to 256/]] as const) {
      const res = await new Browser(t).signUp(e, p);
      assert.equal(res.statusCode, 422);
      assert.match(res.body, message);
      assert.match(res.body, /role="alert"/);
    }
  });
  it('session cookie: HttpOnly, SameSite=Lax, Path=/, not Secure over http; stored only as a hash', async () => {
    const b = new Browser(t);
    const res = await b.signUp(email());
    const cookie = [res.headers['set-cookie']].flat().find((c) => c!.startsWith('cg_session='))!;
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\//);
    assert.doesNotMatch(cookie, /Secure/);
    const token = b.cookies.get('cg_session')!;
    const rows = await t.store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1', [createHash('sha256').update(token).digest()]);
    assert.equal(rows[0]!.n, 1);
  });
  it('cookies are Secure when PUBLIC_BASE_URL is https', async () => {
    const https = await startTestApp({ PUBLIC_BASE_URL: 'https://confgate.example' });
    try {
      const res = await new Browser(https).signUp(email());
      const cookie = [res.headers['set-cookie']].flat().find((c) => c!.startsWith('cg_session='))!;
      assert.match(cookie, /Secure/);
    } finally {
      await https.close();
    }
  });
  it('wrong password → 401; sign-in works; sign-out ends the session server-side', async () => {
    const address = email();
    await new Browser(t).signUp(address);
    const b = new Browser(t);
    assert.equal((await b.signIn(address, 'wrong password!!')).statusCode, 401);
    assert.match(b.lastBody, /e-mail or the password is wrong/);
    assert.equal((await b.signIn(address)).statusCode, 303);
    const token = b.cookies.get('cg_session')!;
    await b.get('/developer/keys');
    assert.equal((await b.post('/developer/logout', {})).statusCode, 303);
    const replay = await t.app.inject({ method: 'GET', url: '/developer/keys', headers: { cookie: `cg_session=${token}` } });
    assert.equal(replay.statusCode, 303, 'the old cookie no longer signs in');
    assert.equal(replay.headers['location'], '/developer/login');
  });
  it('throttles sign-in per e-mail and address after 5 failures (429 with Retry-After), even with the right password', async () => {
    const address = email();
    await new Browser(t).signUp(address);
    const b = new Browser(t, '127.0.0.9');
    for (let i = 0; i < 5; i++) assert.equal((await b.signIn(address, 'wrong password!!')).statusCode, 401);
    const blocked = await b.signIn(address);
    assert.equal(blocked.statusCode, 429);
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    assert.equal((await new Browser(t, '127.0.0.10').signIn(address)).statusCode, 303, 'another address is not blocked');
    t.clock.now = new Date(Date.now() + 16 * 60_000);
    try {
      assert.equal((await b.signIn(address)).statusCode, 303, 'unblocked after the window');
    } finally {
      t.clock.now = new Date();
    }
  });
  it('counts each guess before checking it: of 100 parallel guesses from one address at most 5 are checked, the right one (last) is refused', async () => {
    const address = email();
    await new Browser(t).signUp(address);
    const b = new Browser(t, '127.0.0.11');
    await b.get('/developer/login');
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 99 ? PASSWORD : `wrong password ${i}`));
    const answers = await Promise.all(guesses.map((password) => b.post('/developer/login', { email: address, password })));
    const checked = answers.filter((r) => r.statusCode !== 429);
    assert.ok(checked.length <= 5, `${checked.length} guesses had their password checked`);
    assert.deepEqual(new Set(answers.map((r) => r.statusCode)), new Set([401, 429]), 'wrong ones 401 and the rest 429: nothing signed in');
    assert.equal(answers[99]!.statusCode, 429, 'the right password among them does not sign in');
    assert.ok(answers.filter((r) => r.statusCode === 429).every((r) => Number(r.headers['retry-after']) > 0));
    assert.equal((await b.signIn(address)).statusCode, 429, 'nor afterwards, until the window ends');
  });
  it('a suspended account cannot sign in and its sessions stop working', async () => {
    const { b, account } = await approvedPartner();
    await setStatus(t.store.db, account.id, 'suspended', new Date());
    assert.equal((await b.get('/developer/keys')).statusCode, 303);
    assert.equal((await new Browser(t).signIn(account.email)).statusCode, 403);
  });
});

describe('CSRF and page security', () => {
  it('every form post without a valid token is refused with 403', async () => {
    const { b } = await approvedPartner();
    await b.get('/developer/keys');
    for (const url of ['/developer/keys', '/developer/logout']) {
      assert.equal((await b.post(url, {}, false)).statusCode, 403, `${url} without token`);
      await b.get('/developer/keys');
      assert.equal((await b.post(url, { _csrf: 'x'.repeat(43) }, false)).statusCode, 403, `${url} with a wrong token`);
      await b.get('/developer/keys');
    }
    const anonymous = new Browser(t);
    assert.equal((await anonymous.post('/developer/signup', { email: email(), password: PASSWORD }, false)).statusCode, 403);
    assert.equal((await anonymous.post('/developer/login', { email: email(), password: PASSWORD }, false)).statusCode, 403);
  });
  it("a token from another visitor's page does not work", async () => {
    const { b } = await approvedPartner();
    const other = await approvedPartner();
    await other.b.get('/developer/keys');
    await b.get('/developer/keys');
    assert.equal((await b.post('/developer/keys', { _csrf: other.b.csrf() }, false)).statusCode, 403);
  });
  it('pages carry a strict CSP without inline code, and no third-party assets', async () => {
    const res = await new Browser(t).get('/developer/login');
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.doesNotMatch(res.body, /<script>|<style>|\son\w+=|https?:\/\//);
    assert.match(res.body, /<label for="email">/);
    assert.equal((await new Browser(t).get('/assets/site.js')).statusCode, 200);
    assert.equal((await new Browser(t).get('/assets/nope.js')).statusCode, 404);
  });
  it('escapes what users typed', async () => {
    const res = await new Browser(t).signUp('<script>alert(1)</script>');
    assert.equal(res.statusCode, 422);
    assert.doesNotMatch(res.body, /<script>alert/);
    assert.match(res.body, /&#60;script&#62;/);
  });
});

describe('keys and usage pages', () => {
  it('creates a key shown once, lists it, limits to 5 (422 key_limit_reached), revokes after confirmation', async () => {
    const { b } = await approvedPartner();
    await b.get('/developer/keys');
    const created = await b.post('/developer/keys', {});
    assert.equal(created.statusCode, 201);
    const key = /id="new-key"[^>]*value="(svc_live_[0-9A-Za-z]{38})"/.exec(created.body)?.[1];
    assert.ok(key, 'the key is on the page');
    assert.match(created.body, /data-copy="new-key"/);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/usage', headers: bearer(key) })).statusCode, 200);
    const listed = await b.get('/developer/keys');
    assert.ok(!listed.body.includes(key), 'never shown again');
    assert.ok(listed.body.includes(`${key.slice(0, 13)}…`), 'the prefix is listed');
    for (let i = 0; i < 4; i++) assert.equal((await b.post('/developer/keys', {})).statusCode, 201);
    const sixth = await b.post('/developer/keys', {});
    assert.equal(sixth.statusCode, 422);
    assert.match(sixth.body, /key_limit_reached/);

    const revokeLink = new RegExp(`href="(/developer/keys/(key_[0-9a-f]{16})/revoke)"[^>]*aria-label="Revoke key ${key.slice(0, 13)}"`).exec((await b.get('/developer/keys')).body);
    assert.ok(revokeLink);
    const confirm = await b.get(revokeLink[1]!);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, /Revoke this key\?/);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/usage', headers: bearer(key) })).statusCode, 200, 'confirmation page alone revokes nothing');
    const done = await b.post(revokeLink[1]!, {});
    assert.equal(done.statusCode, 303);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/usage', headers: bearer(key) })).statusCode, 401);
    assert.match((await b.get(String(done.headers['location']))).body, /revoked/);
  });
  it("cannot see or revoke another account's key", async () => {
    const owner = await approvedPartner();
    await owner.b.get('/developer/keys');
    const id = /\/developer\/keys\/(key_[0-9a-f]{16})\/revoke/.exec((await owner.b.post('/developer/keys', {}), (await owner.b.get('/developer/keys')).body))?.[1];
    assert.ok(id);
    const intruder = await approvedPartner();
    assert.equal((await intruder.b.get(`/developer/keys/${id}/revoke`)).statusCode, 404);
    await intruder.b.get('/developer/keys');
    assert.equal((await intruder.b.post(`/developer/keys/${id}/revoke`, {})).statusCode, 404);
    const rows = await t.store.db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM api_keys WHERE id = $1', [id]);
    assert.equal(rows[0]!.revoked_at, null);
  });
  it('usage page shows plan, quota, used, remaining, reset and an empty scans state', async () => {
    const { b } = await approvedPartner();
    const res = await b.get('/developer/usage');
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<dt>Monthly quota<\/dt><dd>100 scans<\/dd>/);
    assert.match(res.body, /<dt>Remaining<\/dt><dd>100<\/dd>/);
    assert.match(res.body, /<time datetime="\d{4}-\d{2}-01T00:00:00.000Z">/);
    assert.match(res.body, /No scans yet/);
  });
  it('signed-out visitors are sent to the sign-in page', async () => {
    for (const url of ['/developer/keys', '/developer/usage', '/operator', '/developer']) {
      const res = await new Browser(t).get(url);
      assert.equal(res.statusCode, 303, url);
      assert.equal(res.headers['location'], '/developer/login');
    }
  });
});

describe('operator page', () => {
  it('is refused to non-operators', async () => {
    const { b } = await approvedPartner();
    const res = await b.get('/operator');
    assert.equal(res.statusCode, 403);
  });
  it('lets an operator approve accounts and set plans, validating enterprise quotas', async () => {
    const op = await approvedPartner();
    await setOperator(t.store.db, op.account.id, true);
    const partnerEmail = email();
    await new Browser(t).signUp(partnerEmail);
    const partner = (await accountByEmail(t.store.db, partnerEmail))!;
    const page = await op.b.get('/operator');
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(partnerEmail));
    assert.equal((await op.b.post(`/operator/accounts/${partner.id}/status`, { status: 'approved' })).statusCode, 200);
    assert.equal((await accountByEmail(t.store.db, partnerEmail))!.status, 'approved');
    const refused = await op.b.post(`/operator/accounts/${partner.id}/plan`, { plan: 'enterprise', quota: '' });
    assert.equal(refused.statusCode, 422);
    assert.match(refused.body, /needs a quota/);
    assert.equal((await op.b.post(`/operator/accounts/${partner.id}/plan`, { plan: 'enterprise', quota: '25000' })).statusCode, 200);
    const after = (await accountByEmail(t.store.db, partnerEmail))!;
    assert.deepEqual([after.plan, after.custom_quota], ['enterprise', 25000]);
    assert.equal((await op.b.post(`/operator/accounts/${partner.id}/status`, { status: 'suspended' })).statusCode, 200);
    assert.equal((await accountByEmail(t.store.db, partnerEmail))!.status, 'suspended');
    assert.equal((await op.b.post(`/operator/accounts/${partner.id}/status`, {}, false)).statusCode, 403, 'CSRF');
  });
});
