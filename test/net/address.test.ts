import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCidrs, vetAddress } from '../../src/net/address.ts';
import { validateWebhookUrl } from '../../src/net/hostname.ts';
import { normalizeDomain } from '../../src/scan/normalize.ts';

describe('vetAddress', () => {
  const refused = [
    '127.0.0.1', '127.0.0.2', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '169.254.1.1', '100.64.0.1',
    '0.0.0.0', '0.1.2.3', '224.0.0.1', '255.255.255.255', '240.0.0.1', '198.18.0.1', '198.19.255.255', '192.0.2.1',
    '198.51.100.7', '203.0.113.9', '192.0.0.8', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'fd00:ec2::254',
    'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a00:1',
    '2002:7f00:1::1', '2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:db8::1', '::127.0.0.1', '[::1]', 'fe80::1%eth0',
  ];
  for (const a of refused) {
    it(`refuses ${a}`, () => assert.equal(vetAddress(a).ok, false));
  }
  it('says which embedded IPv4 a transition address carries', () => {
    const v = vetAddress('64:ff9b::7f00:1');
    assert.equal(v.ok, false);
    assert.match(v.ok ? '' : v.reason, /embedding 127\.0\.0\.1/);
    const teredo = vetAddress('2001:0:4136:e378:8000:63bf:80ff:fffe');
    assert.match(teredo.ok ? '' : teredo.reason, /embedding 127\.0\.0\.1/);
  });
  it('accepts public unicast', () => {
    assert.deepEqual(vetAddress('93.184.215.14'), { ok: true, address: '93.184.215.14' });
    assert.equal(vetAddress('2606:4700::6810:84e5').ok, true);
  });
  it('widens to allowed ranges, judging IPv4-mapped IPv6 as its IPv4', () => {
    const allowed = parseCidrs(['127.0.0.0/8']);
    assert.deepEqual(vetAddress('127.0.0.1', allowed), { ok: true, address: '127.0.0.1' });
    assert.deepEqual(vetAddress('::ffff:127.0.0.1', allowed), { ok: true, address: '127.0.0.1' });
    assert.equal(vetAddress('10.0.0.1', allowed).ok, false);
  });
  it('never allows cloud metadata, even inside an allowed range', () => {
    assert.equal(vetAddress('169.254.169.254', parseCidrs(['169.254.0.0/16'])).ok, false);
  });
  it('refuses non-addresses', () => {
    assert.equal(vetAddress('example.com').ok, false);
    assert.equal(vetAddress('2130706433').ok, false);
  });
});

describe('normalizeDomain', () => {
  const accepted: [string, string][] = [
    ['Example-Shop.COM', 'example-shop.com'],
    ['example-shop.com.', 'example-shop.com'],
    ['https://www.example-shop.com/path?q=1#x', 'www.example-shop.com'],
    ['http://example-shop.com:80/', 'example-shop.com'],
    ['https://example-shop.com:443', 'example-shop.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['shop.example.co.uk', 'shop.example.co.uk'],
  ];
  for (const [input, domain] of accepted) {
    it(`normalises ${input}`, () => assert.deepEqual(normalizeDomain(input), { ok: true, domain }));
  }
  const refused: [unknown, string][] = [
    ['127.0.0.1', 'ip-literal'], ['2130706433', 'ip-literal'], ['0x7f.1', 'ip-literal'], ['0177.0.0.1', 'ip-literal'],
    ['[::1]', 'ip-literal'], ['http://[::ffff:127.0.0.1]/', 'ip-literal'], ['https://10.0.0.1/', 'ip-literal'],
    ['localhost', 'reserved'], ['intranet', 'single-label'], ['printer.local', 'reserved'], ['app.localhost', 'reserved'],
    ['db.internal', 'reserved'], ['x.test', 'reserved'], ['x.example', 'reserved'], ['x.invalid', 'reserved'],
    ['nas.home.arpa', 'reserved'], ['box.lan', 'reserved'], ['dc.corp', 'reserved'], ['abc.onion', 'reserved'],
    ['1.0.0.127.in-addr.arpa', 'reserved'], ['foo.notarealtld', 'no-public-suffix'], ['co.uk', 'no-public-suffix'],
    ['https://user:pw@example-shop.com/', 'credentials'], ['user@example-shop.com', 'credentials'],
    ['ftp://example-shop.com', 'scheme'], ['javascript://example-shop.com', 'scheme'], ['file:///etc/passwd', 'scheme'],
    ['example-shop.com:8080', 'port'], [`${'a'.repeat(64)}.com`, 'label-too-long'],
    [`${'abcdefghi.'.repeat(26)}com`, 'too-long'], ['exa_mple.com', 'bad-characters'], ['exa mple.com', 'bad-characters'],
    ['-bad.com', 'bad-characters'], ['', 'invalid'], [42, 'invalid'], [null, 'invalid'],
  ];
  for (const [input, code] of refused) {
    it(`refuses ${JSON.stringify(input)} (${code})`, () => {
      const r = normalizeDomain(input);
      assert.equal(r.ok, false);
      assert.equal(r.ok ? '' : r.code, code);
    });
  }
});

describe('validateWebhookUrl', () => {
  it('accepts https URLs on public names', () => {
    assert.deepEqual(validateWebhookUrl('https://hooks.example-shop.com:8443/in?x=1#frag'), { ok: true, url: 'https://hooks.example-shop.com:8443/in?x=1' });
  });
  it('refuses http, credentials, internal names and addresses', () => {
    for (const [url, code] of [
      ['http://hooks.example-shop.com/', 'scheme'], ['https://u:p@hooks.example-shop.com/', 'credentials'],
      ['https://localhost/', 'reserved'], ['https://127.0.0.1/', 'ip-literal'], ['https://93.184.215.14/', 'ip-literal'],
      ['https://[::1]/', 'ip-literal'], ['not a url', 'invalid'],
    ] as const) {
      const r = validateWebhookUrl(url);
      assert.equal(r.ok ? '' : r.code, code, url);
    }
  });
  it('accepts an address only inside the allowed ranges, and never metadata', () => {
    assert.equal(validateWebhookUrl('https://127.0.0.1:9999/hook', { allowedCidrs: ['127.0.0.0/8'] }).ok, true);
    assert.equal(validateWebhookUrl('https://10.0.0.1/hook', { allowedCidrs: ['127.0.0.0/8'] }).ok, false);
    assert.equal(validateWebhookUrl('https://169.254.169.254/', { allowedCidrs: ['169.254.0.0/16'] }).ok, false);
  });
});
