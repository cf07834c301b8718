// Checks over the cipher suites the server accepts (hand-built ClientHellos at TLS 1.2 and below) together with
// the protocol versions: broken and weak suites, forward secrecy and AEAD. TLS 1.3 suites are all AEAD with
// forward secrecy, so a TLS 1.3 server has both whatever its TLS 1.2 list holds.
import type { CipherEvidence, Evidence } from '../evidence.ts';
import type { Check, Outcome } from './check.ts';
import { outcome, scanRule } from './check.ts';

const MOZ = 'https://wiki.mozilla.org/Security/Server_Side_TLS';
const SSLLABS = 'https://github.com/ssllabs/research/wiki/SSL-Server-Rating-Guide';

const CLASS_NAMES: Record<keyof CipherEvidence['accepted'], string> = {
  null: 'NULL (no encryption)', anon: 'anonymous key exchange', export: 'EXPORT/DES', rc4: 'RC4', '3des': '3DES (64-bit blocks)',
  fsCbc: 'ECDHE/DHE with CBC', rsaCbc: 'static RSA with CBC', rsaAead: 'static RSA with AEAD', fsAead: 'ECDHE/DHE with AEAD',
};

const hex = (n: number) => `0x${n.toString(16).padStart(4, '0')}`;

function withCiphers(e: Evidence, judge: (c: CipherEvidence, tls13: boolean) => Outcome): Outcome {
  if (e.ciphers === undefined) return outcome('error', 'cipher suites were not probed');
  if (!e.ciphers.ok) return outcome('error', `cipher probe failed: ${e.ciphers.error}`);
  const v13 = e.tlsVersions['TLSv1.3'];
  return judge(e.ciphers.value, v13.ok && v13.value);
}

function listAccepted(c: CipherEvidence, tls13: boolean): string {
  const classes = (Object.keys(c.accepted) as (keyof CipherEvidence['accepted'])[]).map((k) => `${CLASS_NAMES[k]} (${hex(c.accepted[k]!.suite)})`);
  return `TLS ≤1.2 accepts: ${classes.join(', ') || 'no probed class'}; TLS 1.3: ${tls13 ? 'yes' : 'no'}`;
}

const suitesRule = scanRule({
  id: 'CGS034',
  name: 'tls-cipher-suites',
  title: 'Broken or weak cipher suites accepted',
  description: 'NULL, anonymous, EXPORT and RC4 suites give the traffic away; 3DES has 64-bit blocks (Sweet32); CBC suites are the obsolete MAC-then-encrypt construction behind Lucky13 and POODLE variants.',
  severity: 'high',
  category: 'security',
  cwe: ['CWE-327'],
  references: [MOZ, SSLLABS, 'https://www.rfc-editor.org/rfc/rfc7465', 'https://sweet32.info/'],
  remediation: 'Offer only ECDHE suites with AES-GCM or ChaCha20-Poly1305 at TLS 1.2, plus TLS 1.3 (Mozilla "intermediate").',
  equivalents: ['testssl:cipherlist_NULL', 'testssl:cipherlist_aNULL', 'testssl:cipherlist_EXPORT', 'testssl:cipherlist_3DES_IDEA', 'testssl:cipherlist_OBSOLETED'],
  messages: {
    default: 'The server accepts broken cipher suites: {{classes}}.',
    weak: 'The server accepts weak cipher suites: {{classes}}.',
    cbc: 'The server accepts obsolete CBC cipher suites.',
  },
});

export const cipherSuitesCheck: Check = {
  id: suitesRule.name,
  area: 'tls',
  title: 'Cipher suites',
  rule: suitesRule,
  run: (e) =>
    withCiphers(e, (c, tls13) => {
      const evidence = listAccepted(c, tls13);
      const broken = (['null', 'anon', 'export', 'rc4'] as const).filter((k) => c.accepted[k]).map((k) => CLASS_NAMES[k]);
      if (broken.length > 0) return outcome('fail', evidence, { data: { classes: broken.join(', ') } });
      if (c.accepted['3des']) return outcome('fail', evidence, { messageId: 'weak', data: { classes: CLASS_NAMES['3des'] }, severity: 'medium' });
      if (c.accepted.fsCbc || c.accepted.rsaCbc) return outcome('warn', evidence, { messageId: 'cbc', severity: 'low' });
      return outcome('pass', evidence);
    }),
};

const fsRule = scanRule({
  id: 'CGS035',
  name: 'tls-forward-secrecy',
  title: 'No forward secrecy',
  description: 'Without an ephemeral (ECDHE/DHE) key exchange, anyone who later obtains the server\'s private key can decrypt every recorded session.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-327'],
  references: [MOZ, SSLLABS],
  remediation: 'Offer ECDHE suites (and TLS 1.3); list them before static-RSA suites, or drop those.',
  equivalents: ['testssl:FS'],
  messages: { default: 'No cipher suite with forward secrecy is accepted.', aead: 'Forward secrecy only with CBC suites: no AEAD cipher (GCM, ChaCha20) is accepted.' },
});

export const forwardSecrecyCheck: Check = {
  id: fsRule.name,
  area: 'tls',
  title: 'Forward secrecy and AEAD',
  rule: fsRule,
  run: (e) =>
    withCiphers(e, (c, tls13) => {
      const evidence = listAccepted(c, tls13);
      if (tls13 || c.accepted.fsAead) return outcome('pass', evidence);
      if (c.accepted.fsCbc) return outcome('warn', evidence, { messageId: 'aead', severity: 'low' });
      return outcome('fail', evidence);
    }),
};
