// HSTS preload status: the list loader (comments, bad files, the date), the lookup, and the judgement over
// hand-made evidence. The list is our own tiny file in Chromium's format (test/fixtures/hsts-preload).
import assert from 'node:assert/strict';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { hstsPreloadCheck, judgeHstsPreload } from '../../src/scan/checks/http.ts';
import type { HstsPreloadList } from '../../src/scan/hsts-preload.ts';
import { loadHstsPreloadList, lookupHstsPreload, parseHstsPreloadList, preloadEvidence, stripLineComments } from '../../src/scan/hsts-preload.ts';
import type { Evidence } from '../../src/scan/evidence.ts';

const FIXTURE = new URL('../fixtures/hsts-preload/transport_security_state_static.json', import.meta.url).pathname;
const list: HstsPreloadList = loadHstsPreloadList(FIXTURE, '2026-11-01');
let dir = '';

/** Evidence with an HTTPS home page sending `hsts`; nothing else collected (the check reads nothing else). */
function evidence(url: string, hsts: string): Evidence {
  const no = { ok: false as const, error: 'not collected' };
  const page = { url, status: 200, headers: { 'strict-transport-security': [hsts] }, body: '', head: '', chain: [{ url, status: 200 }] };
  return {
    domain: new URL(url).hostname, at: 0, https: { ok: true, value: page }, http: no, cors: no, corsOrigin: 'https://o.example', securityTxt: no, tls: no,
    tlsVersions: { TLSv1: no, 'TLSv1.1': no, 'TLSv1.2': no, 'TLSv1.3': no },
    dns: { a: no, aaaa: no, caa: no, mx: no, txt: no, dmarc: no, mtaStsTxt: no, dnssec: no },
    notFound: no, exposure: [], exposedFileFindings: [],
  };
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confgate-hsts-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('HSTS preload list loader', () => {
  it('reads the Chromium format with // comments, keeping force-https entries only, names in lower case', () => {
    assert.deepEqual([...list.entries.keys()], ['good.example-shop.com', 'apex-only.example.org', 'tld.example', 'trailing.example.org']);
    assert.deepEqual(list.entries.get('good.example-shop.com'), { name: 'good.example-shop.com', include_subdomains: true, policy: 'custom' });
    assert.equal(list.entries.get('apex-only.example.org')?.include_subdomains, false);
    assert.equal(list.date, '2026-11-01');
    assert.equal(list.dateSource, 'setting');
  });
  it('keeps // inside strings', () => {
    assert.equal(stripLineComments('{"a": "http://x" // c\n}'), '{"a": "http://x" \n}');
    assert.equal(stripLineComments('{"a": "q\\"//x"}'), '{"a": "q\\"//x"}');
  });
  it('dates the snapshot by the file\'s modification time when no date is given', async () => {
    const file = join(dir, 'dated.json');
    await writeFile(file, '{"entries": []}');
    await utimes(file, new Date('2026-10-15T12:00:00Z'), new Date('2026-10-15T12:00:00Z'));
    const l = loadHstsPreloadList(file);
    assert.deepEqual([l.date, l.dateSource, l.entries.size], ['2026-10-15', 'mtime', 0]);
  });
  it('refuses bad files with the reason', () => {
    assert.throws(() => parseHstsPreloadList('{"entries": [', 'x', 'setting'), /^HstsPreloadListError: is not JSON with \/\/ comments/);
    assert.throws(() => parseHstsPreloadList('{"pinsets": []}', 'x', 'setting'), /has no "entries" array/);
    assert.throws(() => parseHstsPreloadList('{"entries": [{"mode": "force-https"}]}', 'x', 'setting'), /entry 0 has no "name"/);
    assert.throws(() => parseHstsPreloadList('{"entries": [{"name": "a.example", "include_subdomains": "yes"}]}', 'x', 'setting'), /entry 0 \(a\.example\): "include_subdomains" is not true or false/);
  });
  it('is a start-up setting: a bad file, a missing file or a bad date is a ConfigError naming the setting', async () => {
    const base = { PORT: '0' };
    assert.equal(loadConfig(base).scan.hstsPreload, undefined);
    const loaded = loadConfig({ ...base, SCAN_HSTS_PRELOAD_LIST: FIXTURE, SCAN_HSTS_PRELOAD_DATE: '2026-11-01' }).scan.hstsPreload;
    assert.equal(loaded?.entries.size, 4);
    assert.equal(loaded?.date, '2026-11-01');
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '// only a comment\n');
    assert.throws(() => loadConfig({ ...base, SCAN_HSTS_PRELOAD_LIST: bad }), (e: unknown) => e instanceof ConfigError && e.message.startsWith(`SCAN_HSTS_PRELOAD_LIST ${bad} is not JSON with // comments`));
    assert.throws(() => loadConfig({ ...base, SCAN_HSTS_PRELOAD_LIST: join(dir, 'absent.json') }), (e: unknown) => e instanceof ConfigError && /absent\.json cannot be read \(ENOENT\)$/.test(e.message));
    assert.throws(() => loadConfig({ ...base, SCAN_HSTS_PRELOAD_LIST: FIXTURE, SCAN_HSTS_PRELOAD_DATE: '2026-02-30' }), /SCAN_HSTS_PRELOAD_DATE must be a date YYYY-MM-DD \(got "2026-02-30"\)/);
    assert.throws(() => loadConfig({ ...base, SCAN_HSTS_PRELOAD_DATE: '2026-11-01' }), /SCAN_HSTS_PRELOAD_DATE needs SCAN_HSTS_PRELOAD_LIST/);
  });
});

describe('HSTS preload lookup', () => {
  const rows: [string, string | undefined][] = [
    ['good.example-shop.com', 'good.example-shop.com'],
    ['GOOD.example-shop.com.', 'good.example-shop.com'],
    ['www.good.example-shop.com', 'good.example-shop.com'],
    ['a.b.good.example-shop.com', 'good.example-shop.com'],
    ['example-shop.com', undefined],
    ['apex-only.example.org', 'apex-only.example.org'],
    ['www.apex-only.example.org', undefined],
    ['pinned.example.org', undefined],
    ['x.y.tld.example', 'tld.example'],
    ['trailing.example.org', 'trailing.example.org'],
  ];
  for (const [host, name] of rows) it(`${host} → ${name ?? 'not preloaded'}`, () => assert.equal(lookupHstsPreload(list, host)?.name, name));
});

describe('hsts-preload judgement', () => {
  const G = 'good.example-shop.com';
  const ev = (host: string) => preloadEvidence(list, host);
  const snap = 'list of 2026-11-01, 4 entries';
  const home = (hsts?: string, url = `https://${G}/`) => ({ url, hsts });
  const rows: [string, string, ReturnType<typeof home> | undefined, ReturnType<typeof ev> | undefined, string, string][] = [
    ['no list configured', G, home('max-age=63072000'), undefined, 'info', "not judged: no HSTS preload list configured (set SCAN_HSTS_PRELOAD_LIST to a local copy of Chromium's transport_security_state_static.json)"],
    ['not in the list', 'shop.example.org', home('max-age=63072000', 'https://shop.example.org/'), ev('shop.example.org'), 'info', `not preloaded: shop.example.org is not in the ${snap}`],
    ['preloaded, header meets the requirements', G, home('max-age=63072000; includeSubDomains; preload'), ev(G), 'pass', `${G} preloaded with include_subdomains — ${snap}`],
    ['preloaded, max-age under a year', G, home('max-age=15552000; includeSubDomains; preload'), ev(G), 'warn', `${G} preloaded with include_subdomains — ${snap}; removal risk: max-age 15552000 is under 31536000`],
    ['preloaded, includeSubDomains dropped', G, home('max-age=31536000'), ev(G), 'warn', `${G} preloaded with include_subdomains — ${snap}; removal risk: no includeSubDomains while the entry has include_subdomains`],
    ['preloaded, header gone', G, home(undefined), ev(G), 'warn', `${G} preloaded with include_subdomains — ${snap}; removal risk: no Strict-Transport-Security header`],
    ['entry without include_subdomains needs no includeSubDomains', 'apex-only.example.org', home('max-age=31536000', 'https://apex-only.example.org/'), ev('apex-only.example.org'), 'pass', `apex-only.example.org preloaded — ${snap}`],
    ['covered by a parent: its own header is not the list\'s business', `www.${G}`, home('max-age=300', `https://www.${G}/`), ev(`www.${G}`), 'pass', `www.${G} preloaded through ${G} (include_subdomains) — ${snap}`],
    ['home page on another host: nothing to compare', G, home('max-age=300', `https://www.${G}/`), ev(G), 'pass', `${G} preloaded with include_subdomains — ${snap}; no header from ${G} itself to compare`],
    ['no HTTPS page', G, undefined, ev(G), 'pass', `${G} preloaded with include_subdomains — ${snap}; no header from ${G} itself to compare`],
  ];
  for (const [name, host, h, l, status, text] of rows) {
    it(name, () => {
      const out = judgeHstsPreload(host, h, l);
      assert.equal(out.status, status, out.evidence);
      assert.equal(out.evidence, text);
    });
  }
  it('the check reads the HTTPS page and the evidence\'s entry, and states a file-dated snapshot as such', () => {
    const e = evidence('https://site.example-shop.com/', 'max-age=100');
    assert.equal(hstsPreloadCheck.run(e).status, 'info');
    const mtime = { date: '2026-10-15', dateSource: 'mtime' as const, size: 1, entry: { name: 'site.example-shop.com', include_subdomains: false } };
    const out = hstsPreloadCheck.run({ ...e, hstsPreload: mtime });
    assert.deepEqual([out.status, out.evidence], ['warn', 'site.example-shop.com preloaded — list of 2026-10-15 (file date), 1 entries; removal risk: max-age 100 is under 31536000']);
  });
});
