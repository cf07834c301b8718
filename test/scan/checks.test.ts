// Pure parts of the scanner: scoring walk, catalogue metadata, parsers and judgements over hand-made evidence.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CATEGORIES, SEVERITIES } from '../../src/core/types.ts';
import { SCAN_CHECKS, SCAN_RULES } from '../../src/scan/catalogue.ts';
import { parseSetCookie, findTags } from '../../src/scan/checks/content.ts';
import { judgeCsp, parseCsp } from '../../src/scan/checks/csp.ts';
import { parseMtaStsPolicy } from '../../src/scan/checks/dns.ts';
import { parseSecurityTxt } from '../../src/scan/checks/security-txt.ts';
import { decodeMessage, encodeName, encodeQuery, RR } from '../../src/net/dns-wire.ts';
import { SCAN_SCORING_TABLE, scoreChecks } from '../../src/scan/scoring.ts';

describe('scan scoring', () => {
  it('sums check points and lets error, pass and not-applicable cost nothing', () => {
    const r = scoreChecks([
      { id: 'content-security-policy', status: 'fail' },
      { id: 'strict-transport-security', status: 'warn' },
      { id: 'tls-certificate-trust', status: 'error' },
      { id: 'dns-caa', status: 'not-applicable' },
      { id: 'x-content-type-options', status: 'pass' },
    ]);
    assert.deepEqual(r.points, [-10, -3, 0, 0, 0]);
    assert.equal(r.score, 87);
    assert.deepEqual(r.caps, []);
  });
  it('applies the lowest triggered cap and charges the difference to its check', () => {
    const r = scoreChecks([
      { id: 'cors-policy', status: 'fail' },
      { id: 'exposed-container-config', status: 'fail' },
      { id: 'x-content-type-options', status: 'fail' },
    ]);
    // 100 - 25 - 20 - 5 = 50, under both caps (64): no binding cap.
    assert.equal(r.score, 50);
    assert.ok(r.caps.every((c) => !c.binding));
    const capped = scoreChecks([{ id: 'x-content-type-options', status: 'fail' }, { id: 'exposed-git-repository', status: 'fail' }]);
    assert.equal(capped.score, 20);
    assert.deepEqual(capped.points, [-5, -75]);
    assert.deepEqual(capped.caps, [{ check: 'exposed-git-repository', max: 20, reason: 'source code and history are publicly downloadable', binding: true }]);
  });
  it('never goes below 0', () => {
    const all = Object.keys(SCAN_SCORING_TABLE.points).map((id) => ({ id, status: 'fail' as const }));
    const r = scoreChecks(all);
    assert.equal(r.score, 0);
    assert.equal(r.points.reduce((s, p) => s + p, 0), -100);
  });
  it('prices only checks that exist', () => {
    const ids = new Set(SCAN_CHECKS.map((c) => c.id));
    for (const id of [...Object.keys(SCAN_SCORING_TABLE.points), ...Object.keys(SCAN_SCORING_TABLE.caps)]) assert.ok(ids.has(id), id);
  });
});

describe('scan rule catalogue', () => {
  it('has unique CGS ids, names equal to check ids, and complete metadata', () => {
    assert.equal(new Set(SCAN_RULES.map((r) => r.id)).size, SCAN_RULES.length);
    assert.equal(new Set(SCAN_CHECKS.map((c) => c.id)).size, SCAN_CHECKS.length);
    for (const r of SCAN_RULES) {
      assert.match(r.id, /^CGS\d{3}$/);
      assert.match(r.name, /^[a-z0-9]+(-[a-z0-9]+)*$/);
      assert.equal(r.target, 'scan');
      assert.ok(SEVERITIES.includes(r.severity) && CATEGORIES.includes(r.category), r.id);
      assert.ok(r.messages['default'], r.id);
      assert.ok(r.references.length > 0 && r.remediation.length > 0, r.id);
      if (['security', 'secrets', 'supply-chain'].includes(r.category)) assert.ok((r.cwe ?? []).length > 0, `${r.id} needs a CWE`);
      assert.equal(SCAN_CHECKS.find((c) => c.rule === r)?.id, r.name);
    }
    assert.deepEqual(SCAN_RULES.map((r) => r.id), Array.from({ length: 38 }, (_, i) => `CGS${String(i + 1).padStart(3, '0')}`));
  });
});

describe('parsers', () => {
  it('judges CSP policies', () => {
    assert.deepEqual(judgeCsp(parseCsp("script-src 'nonce-x' 'strict-dynamic' https:; object-src 'none'; base-uri 'self'")), { unsafe: [], weak: [] });
    assert.deepEqual(judgeCsp(parseCsp("script-src 'sha256-abc' 'unsafe-inline'; object-src 'none'; base-uri 'none'")).unsafe, []);
    assert.deepEqual(judgeCsp(parseCsp("default-src * 'unsafe-inline' 'unsafe-eval'")), {
      unsafe: ["'unsafe-inline' without nonces or hashes", "'unsafe-eval'", 'wildcard script sources *'],
      weak: ["object-src is not 'none'", 'no base-uri'],
    });
    assert.deepEqual(judgeCsp(parseCsp('img-src *')).unsafe, ['no script-src or default-src']);
    assert.deepEqual(parseCsp("SCRIPT-SRC 'SELF'; script-src *").get('script-src'), ["'self'"]);
  });
  it('reads cookie attributes without keeping values', () => {
    const c = parseSetCookie('__Host-id=secret=with=equals; Path=/; Secure; SameSite=Strict');
    assert.equal(c.name, '__Host-id');
    assert.deepEqual([...c.attributes], [['path', '/'], ['secure', ''], ['samesite', 'Strict']]);
    assert.ok(!JSON.stringify([...c.attributes]).includes('secret'));
  });
  it('finds tags and attributes in sloppy HTML', () => {
    const tags = findTags(`<SCRIPT src=http://a.example/x.js async></script><script>inline()</script><link rel='stylesheet' href="/s.css">`, ['script', 'link']);
    assert.deepEqual(tags.map((t) => [t.name, Object.fromEntries(t.attrs)]), [
      ['script', { src: 'http://a.example/x.js', async: '' }],
      ['script', {}],
      ['link', { rel: 'stylesheet', href: '/s.css' }],
    ]);
  });
  it('parses security.txt and MTA-STS policies', () => {
    const t = parseSecurityTxt('-----BEGIN PGP SIGNED MESSAGE-----\nContact: mailto:a@b.c\nContact: https://b.c/report\n# comment\nExpires: 2030-01-01T00:00:00Z\n');
    assert.deepEqual(t.fields.get('contact'), ['mailto:a@b.c', 'https://b.c/report']);
    assert.equal(t.signed, true);
    assert.deepEqual(parseMtaStsPolicy('version: STSv1\r\nmode: Enforce\r\nmx: *.mail.example.com\r\nmx: mx1.example.com\r\nmax_age: 86400\r\n'), {
      version: 'STSv1', mode: 'enforce', mx: ['*.mail.example.com', 'mx1.example.com'], maxAge: 86400,
    });
  });
  it('round-trips a DNS query and survives garbage and pointer loops', () => {
    const m = decodeMessage(encodeQuery(7, 'example-shop.com', RR.DS, true));
    assert.equal(m?.id, 7);
    assert.deepEqual(m?.questions, [{ name: 'example-shop.com', type: RR.DS, class: 1 }]);
    assert.equal(m?.additionals[0]?.type, RR.OPT);
    assert.equal(decodeMessage(Buffer.from([1, 2, 3])), undefined);
    // A question whose name is a pointer to itself.
    const loop = Buffer.from([0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0xc0, 12, 0, 1, 0, 1]);
    assert.equal(decodeMessage(loop), undefined);
  });

  it('writes out compressed names inside MX and SOA data (signatures are verified over the full names), and CD/DO on queries', () => {
    // Header (1 question, 2 answers), question `Shop.example MX IN` at offset 12, then an MX whose owner and exchange
    // point back into the question (exchange `mx` + pointer to `Shop.example`), and an SOA of two compressed names.
    const header = Buffer.from([0, 9, 0x81, 0x80, 0, 1, 0, 2, 0, 0, 0, 0]);
    const question = Buffer.concat([encodeName('Shop.example'), Buffer.from([0, 15, 0, 1])]);
    const mxData = Buffer.concat([Buffer.from([0, 10, 2, 0x6d, 0x78, 0xc0, 12])]);
    const mx = Buffer.concat([Buffer.from([0xc0, 12, 0, 15, 0, 1, 0, 0, 1, 44, 0, mxData.length]), mxData]);
    const fixed = Buffer.alloc(20, 7);
    const soaData = Buffer.concat([Buffer.from([2, 0x6e, 0x73, 0xc0, 12, 0xc0, 12]), fixed]);
    const soa = Buffer.concat([Buffer.from([0xc0, 12, 0, 6, 0, 1, 0, 0, 1, 44, 0, soaData.length]), soaData]);
    const m = decodeMessage(Buffer.concat([header, question, mx, soa]));
    assert.ok(m);
    assert.deepEqual(m.answers.map((a) => a.name), ['Shop.example', 'Shop.example']);
    assert.deepEqual(m.answers[0]?.data, Buffer.concat([Buffer.from([0, 10]), encodeName('mx.Shop.example')]));
    assert.deepEqual(m.answers[1]?.data, Buffer.concat([encodeName('ns.Shop.example'), encodeName('Shop.example'), fixed]));
    // A pointer forward (past the record) is refused, not followed.
    const bad = Buffer.from(Buffer.concat([header, question, mx, soa]));
    bad[header.length + question.length + 12 + 6] = 0xff;
    assert.equal(decodeMessage(bad), undefined);
    const q = decodeMessage(encodeQuery(8, 'example-shop.com', RR.DNSKEY, true, true));
    assert.equal((q?.flags ?? 0) & 0x0010, 0x0010, 'CD');
    assert.equal((q?.additionals[0]?.ttl ?? 0) & 0x8000, 0x8000, 'DO');
  });
});

describe('docs/scoring-scan.md', () => {
  it('names the current table version and every priced check with its points', async () => {
    const { readFile } = await import('node:fs/promises');
    const doc = await readFile(new URL('../../docs/scoring-scan.md', import.meta.url), 'utf8');
    assert.ok(doc.includes(`\`${SCAN_SCORING_TABLE.version}\``), 'version');
    for (const [id, p] of Object.entries(SCAN_SCORING_TABLE.points)) {
      assert.match(doc, new RegExp(`\\| \`${id}\` \\| \\w+ \\| ${p.fail ? -p.fail : 0} \\| ${p.warn ? -p.warn : 0} \\|`), id);
    }
  });
});
