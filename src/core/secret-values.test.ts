import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TOKEN_FORMATS, tokenKind } from './secret-values.ts';

const a = (n: number, c = 'a') => c.repeat(n);

/** One value of each format, the shortest one allowed where the format has a minimum (Slack: exactly 15 characters). */
const SAMPLES: [string, string][] = [
  ['GitHub token', `ghp_${a(36, 'A1')}`.slice(0, 40)],
  ['GitLab token', `glpat-${a(20, 'x')}`],
  ['npm token', `npm_${a(36, 'b')}`],
  ['PyPI token', `pypi-AgEIcHlwaS5vcmc${a(50, 'c')}`],
  ['Slack token', 'xoxb-1234567890'],
  ['Stripe live key', `sk_live_${a(20, 'd')}`],
  ['Google API key', `AIza${a(35, 'e')}`],
  ['SendGrid API key', `SG.${a(22, 'f')}.${a(43, 'g')}`],
  ['Square access token', `sq0atp-${a(22, 'h')}`],
  ['Amazon MWS auth token', 'amzn.mws.0123abcd-0123-4567-89ab-0123456789ab'],
  ['Mailchimp API key', `${a(32, 'f')}-us12`],
  ['private key', '-----BEGIN RSA PRIVATE KEY-----'],
];

describe('tokenKind', () => {
  it('names every token format, alone or inside other text (the quick pre-check lets each through)', () => {
    assert.deepEqual(SAMPLES.map(([kind]) => kind).sort(), TOKEN_FORMATS.map(([kind]) => kind).sort());
    for (const [kind, value] of SAMPLES) {
      assert.equal(tokenKind(value), kind, value);
      assert.equal(tokenKind(`export TOKEN=${value} # set`), kind, value);
    }
  });
  it('answers nothing for values shorter than any token or holding none of their prefixes', () => {
    for (const value of ['', 'xoxb-123456789', 'ghp_short', 'plain words that are long enough', 'sk_test_aaaaaaaaaaaaaaaaaaaaaaaa']) assert.equal(tokenKind(value), undefined, value);
  });
});
