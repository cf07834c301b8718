// Attacks on the web pages and static routes: path traversal and encoded NULs, CRLF that could reach headers,
// and the developer area's sessions and CSRF (missing, wrong and foreign tokens, session fixation, cookie
// tampering, sign-in throttling bypass attempts, open redirects, clickjacking headers).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { REQUEST_ID_PATTERN } from '../../src/http/request-id.ts';
import { accountByEmail, setStatus } from '../../src/storage/accounts.ts';
import { startTestApp } from '../support/app.ts';
import type { TestApp } from '../support/app.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp({ LOG_LEVEL: 'silent' });
});
after(() => t.close());

const PASSWORD = 'correct horse battery staple';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function setCookies(res: LightMyRequestResponse): Map<string, string> {
  return new Map([res.headers['set-cookie'] ?? []].flat().map((line) => {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    return [pair.slice(0, at), pair.slice(at + 1)] as [string, string];
  }));
}

/** One visitor: a cookie jar and the CSRF token of the last page, with the client address it comes from. */
class Visitor {
  jar = new Map<string, string>();
  token = '';
  readonly ip: string;
  constructor(ip = '127.0.0.1') {
    this.ip = ip;
  }
  cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async request(method: 'GET' | 'POST', url: string, form?: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({ method, url, remoteAddress: this.ip, headers: { cookie: this.cookie(), ...(form !== undefined ? FORM : {}), ...headers }, ...(form !== undefined ? { payload: form } : {}) });
    for (const [k, v] of setCookies(res)) this.jar.set(k, v);
    this.token = /name="_csrf" value="([^"]+)"/.exec(res.body)?.[1] ?? this.token;
    return res;
  }
  post(url: string, fields: Record<string, string>, headers?: Record<string, string>) {
    return this.request('POST', url, new URLSearchParams({ _csrf: this.token, ...fields }).toString(), headers);
  }
  async signUp(email: string) {
    await this.request('GET', '/developer/signup');
    return this.post('/developer/signup', { email, password: PASSWORD });
  }
  async signIn(email: string, password = PASSWORD, headers?: Record<string, string>) {
    await this.request('GET', '/developer/login');
    return this.post('/developer/login', { email, password }, headers);
  }
}

/** GET with the path exactly as given (no URL normalisation on the way). */
function rawGet(host: string, path: string, accept: string): Promise<{ status: number; headers: Record<string, string | undefined>; body: string }> {
  const [hostname, port] = host.split(':');
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port: Number(port), path, headers: { accept }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string | undefined>, body }));
    });
    req.on('error', reject).end();
  });
}

let n = 0;
const email = () => `attack${++n}@example.test`;

async function approvedVisitor() {
  const v = new Visitor();
  const address = email();
  await v.signUp(address);
  await setStatus(t.store.db, (await accountByEmail(t.store.db, address))!.id, 'approved', new Date());
  await v.request('GET', '/developer/keys');
  return { v, address };
}

describe('path traversal and encoded names on static routes and pages', () => {
  const attempts = [
    '/static/../../etc/passwd', '/static/%2e%2e/%2e%2e/etc/passwd', '/static/..%2f..%2fpackage.json', '/static/confgate.py%00', '/static/confgate.py%00.txt',
    '/static/%252e%252e/package.json', '/assets/..%2fsite.css', '/assets/..%2F..%2F..%2Fpackage.json', '/assets/site.css%00.js', '/assets/%2e%2e%5cpackage.json',
    '/assets/....//....//etc/passwd', '/rules/..%2F..%2Fpackage.json', '/rules/%2e%2e', '/rules/CGD001%00', '/developer/..%2f..%2fetc/passwd', '/docs/..%2f..%2fpackage.json',
    '//etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/static/%c0%ae%c0%ae/etc/passwd',
  ];
  // Over a real socket: the request line goes out byte for byte (inject would resolve dot segments first).
  let base = '';
  before(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  for (const url of attempts) {
    it(`${url}: 4xx without any file content`, async () => {
      for (const accept of ['*/*', 'text/html']) {
        const res = await rawGet(base, url, accept);
        assert.ok(res.status >= 400 && res.status < 500, `${url}: ${res.status}`);
        assert.match(res.headers['x-request-id'] ?? '', REQUEST_ID_PATTERN);
        assert.doesNotMatch(res.body, /root:x?:0:0|"name": "confgate"|"devDependencies"/);
      }
    });
  }
});

describe('CRLF never reaches a header', () => {
  it('the canonical-id redirect of /rules/cgd001 ignores what follows, encoded CRLF included', async () => {
    for (const url of ['/rules/cgd001?x=%0d%0aSet-Cookie:%20a=1', '/rules/cgd001%0d%0aSet-Cookie:%20a=1', '/rules/cgd001%0aLocation:%20https://evil.example']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.ok(res.statusCode === 301 || res.statusCode === 404, `${url}: ${res.statusCode}`);
      if (res.statusCode === 301) assert.equal(res.headers['location'], '/rules/CGD001');
      assert.equal(res.headers['set-cookie'], undefined, url);
      for (const [name, value] of Object.entries(res.headers)) assert.doesNotMatch(String(value), /[\r\n]/, `${url}: header ${name}`);
    }
  });
  it('the revoked-key notice escapes its query value instead of reflecting it raw', async () => {
    const { v } = await approvedVisitor();
    const res = await v.request('GET', '/developer/keys?revoked=%3Cscript%3Ealert(1)%3C%2Fscript%3E%0d%0aSet-Cookie:%20a=1');
    assert.equal(res.statusCode, 200);
    assert.doesNotMatch(res.body, /<script>alert/);
    assert.equal(setCookies(res).has('a'), false);
  });
});

describe('CSRF on the developer area', () => {
  it('form posts without a token, with a wrong one, a repeated one or another session\'s: 403', async () => {
    const { v } = await approvedVisitor();
    const other = await approvedVisitor();
    const own = v.token;
    for (const form of ['', '_csrf=', `_csrf=${'A'.repeat(43)}`, `_csrf=${own}x`, `_csrf=${own}&_csrf=${own}`, `_csrf[]=${own}`, `_csrf=${other.v.token}`, `_csrf=${encodeURIComponent(own.toLowerCase())}`]) {
      for (const url of ['/developer/keys', '/developer/logout']) {
        const res = await v.request('POST', url, form);
        assert.equal(res.statusCode, 403, `${url} with "${form.slice(0, 30)}"`);
      }
    }
    assert.equal((await v.post('/developer/keys', {})).statusCode, 201, 'the own token still works');
  });
  it('the token of the pre-sign-in page is dead once signed in (it was bound to the visitor cookie)', async () => {
    const v = new Visitor();
    const address = email();
    await v.request('GET', '/developer/signup');
    const anonymous = v.token;
    await v.post('/developer/signup', { email: address, password: PASSWORD });
    await setStatus(t.store.db, (await accountByEmail(t.store.db, address))!.id, 'approved', new Date());
    assert.equal((await v.request('POST', '/developer/keys', `_csrf=${anonymous}`)).statusCode, 403);
  });
});

describe('sessions', () => {
  it('session fixation: a session cookie planted before sign-in is replaced, and never signs in the victim', async () => {
    // Planted values the server does not know (a made-up token, a signed-out one): with a live session the
    // sign-in page is not shown at all (it redirects to the keys page of that session).
    const attacker = await approvedVisitor();
    const signedOut = attacker.v.jar.get('cg_session')!;
    await attacker.v.post('/developer/logout', {});
    const victimEmail = email();
    await new Visitor().signUp(victimEmail);
    for (const fixed of [signedOut, 'A'.repeat(43)]) {
      const victim = new Visitor();
      victim.jar.set('cg_session', fixed);
      const res = await victim.signIn(victimEmail);
      assert.equal(res.statusCode, 303);
      const issued = setCookies(res).get('cg_session');
      assert.ok(issued && issued !== fixed, 'a new session token is issued on sign-in');
      const asPlanted = await t.app.inject({ method: 'GET', url: '/developer/keys', headers: { cookie: `cg_session=${fixed}` } });
      assert.equal(asPlanted.statusCode, 303, 'the planted cookie signs nobody in');
      assert.ok(!asPlanted.body.includes(victimEmail));
    }
  });
  it('tampered, oversized and malformed session cookies sign nobody in and never fail the page', async () => {
    const { v } = await approvedVisitor();
    const token = v.jar.get('cg_session')!;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const cookie of [`cg_session=${flipped}`, `cg_session=${token.slice(0, -1)}`, `cg_session=${token}x`, `cg_session=${'x'.repeat(4000)}`, 'cg_session=%E0%A4%A',
      'cg_session=%00', `cg_session="${token}"`, 'cg_session=; cg_session=', `cg_visitor=${'a'.repeat(43)}; cg_session=..%2f`]) {
      const res = await t.app.inject({ method: 'GET', url: '/developer/keys', headers: { cookie } });
      assert.equal(res.statusCode, 303, cookie.slice(0, 40));
      assert.equal(res.headers['location'], '/developer/login');
    }
  });
});

describe('sign-in throttling cannot be bypassed', () => {
  it('case and whitespace variants of the e-mail count against the same account', async () => {
    const address = email();
    await new Visitor().signUp(address);
    const variants = [address.toUpperCase(), ` ${address}`, `${address}\t`, address.replace(/^a/, 'A'), `\n${address.toUpperCase()} `];
    const v = new Visitor('127.0.0.21');
    for (const variant of variants) assert.equal((await v.signIn(variant, 'wrong password!!')).statusCode, 401, JSON.stringify(variant));
    assert.equal((await v.signIn(address)).statusCode, 429, 'blocked even with the right password');
  });
  it('X-Forwarded-For does not give a new client address unless TRUST_PROXY says so', async () => {
    const address = email();
    await new Visitor().signUp(address);
    const v = new Visitor('127.0.0.22');
    for (let i = 0; i < 5; i++) assert.equal((await v.signIn(address, 'wrong password!!', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode, 401);
    assert.equal((await v.signIn(address, PASSWORD, { 'x-forwarded-for': '203.0.113.99' })).statusCode, 429);
  });
});

describe('redirects and framing', () => {
  it('sign-in, sign-up and sign-out redirect to fixed local paths whatever next/return/redirect parameters say', async () => {
    const evil = 'next=https://evil.example&return=//evil.example&redirect=%2F%2Fevil.example&returnTo=https:evil.example';
    const address = email();
    const v = new Visitor();
    await v.request('GET', `/developer/signup?${evil}`);
    const signedUp = await v.request('POST', `/developer/signup?${evil}`, new URLSearchParams({ _csrf: v.token, email: address, password: PASSWORD, next: 'https://evil.example' }).toString());
    assert.equal(signedUp.headers['location'], '/developer/keys');
    await v.request('GET', '/developer/keys');
    const out = await v.request('POST', `/developer/logout?${evil}`, `_csrf=${v.token}&next=https://evil.example`);
    assert.equal(out.headers['location'], '/developer/login');
    await v.request('GET', `/developer/login?${evil}`);
    const signedIn = await v.request('POST', `/developer/login?${evil}`, new URLSearchParams({ _csrf: v.token, email: address, password: PASSWORD, return: '//evil.example' }).toString());
    assert.equal(signedIn.headers['location'], '/developer/keys');
  });
  it('every page forbids framing (X-Frame-Options DENY and frame-ancestors none)', async () => {
    const { v } = await approvedVisitor();
    for (const url of ['/', '/rules', '/rules/CGD001', '/developer/login', '/developer/signup', '/developer/keys', '/developer/usage', '/operator', '/no-such-page']) {
      const res = await v.request('GET', url, undefined, { accept: 'text/html' });
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, url);
    }
    const form = await t.app.inject({ method: 'POST', url: '/analyze', headers: FORM, payload: 'filename=Dockerfile&file_type=auto&content=FROM+alpine' });
    assert.equal(form.headers['x-frame-options'], 'DENY', 'the analyzer form result');
  });
});
