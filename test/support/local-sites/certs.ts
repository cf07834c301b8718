// A throwaway certificate authority for loopback HTTPS sites, made at test time (no fixtures to expire).
// Leaves can be deliberately bad: expired, for the wrong names, RSA-1024, or SHA-1 signed.
import { getDiffieHellman, KeyObject, webcrypto } from 'node:crypto';
// @peculiar/x509 resolves its algorithm providers through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const EC: webcrypto.EcKeyGenParams & webcrypto.EcdsaParams = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const DAY = 86_400_000;

export interface KeyPairPem {
  cert: string;
  key: string;
}

export interface LeafOptions {
  /** DNS names in the subjectAltName; the first is also the common name. */
  names: string[];
  notBefore?: Date;
  notAfter?: Date;
  /** `rsa1024` makes a deliberately weak key; `rsa2048` an RSA key for static-RSA (no forward secrecy) suites. */
  key?: 'ec' | 'rsa1024' | 'rsa2048';
  /** `SHA-1` makes a deliberately weak signature. */
  hash?: 'SHA-256' | 'SHA-1';
  /** Self-signed instead of issued by the test CA (untrusted). */
  selfSigned?: boolean;
  /** Issued by the CA's intermediate: `sent` serves leaf + intermediate (a complete chain), `missing` the leaf only. */
  intermediate?: 'sent' | 'missing';
  /** Embeds this many (made-up) SCTs in the RFC 6962 extension, as a publicly logged certificate has. */
  scts?: number;
}

export interface TestCa {
  /** PEM of the CA certificate: pass it as the scanner's `ca`. */
  cert: string;
  issue(options: LeafOptions): Promise<KeyPairPem>;
}

function keyPem(key: webcrypto.CryptoKey): string {
  return KeyObject.from(key).export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The RFC 6962 SCT list extension: an OCTET STRING holding the TLS-encoded list (each SCT 2-byte length-prefixed). */
function sctExtension(count: number): x509.Extension {
  const sct = Buffer.alloc(47 + 8, 0x5c); // version, log id, timestamp, extensions, signature: content is not checked
  const items = Buffer.concat(Array.from({ length: count }, () => Buffer.concat([Buffer.from([sct.length >> 8, sct.length & 0xff]), sct])));
  const list = Buffer.concat([Buffer.from([items.length >> 8, items.length & 0xff]), items]);
  const octet = Buffer.concat([Buffer.from([0x04, 0x81, list.length]), list]);
  return new x509.Extension('1.3.6.1.4.1.11129.2.4.2', false, octet);
}

let serial = 1;
function nextSerial(): string {
  serial++;
  return serial.toString(16).padStart(4, '0');
}

export async function createTestCa(): Promise<TestCa> {
  const caKeys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const caName = 'CN=Confgate Test CA';
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: nextSerial(),
    name: caName,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 365 * DAY),
    signingAlgorithm: EC,
    keys: caKeys,
    extensions: [
      // Path length 1: leaves directly, or under the one intermediate.
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });

  // An intermediate CA under the root, made on first use: leaves issued by it need it in the chain.
  const interName = 'CN=Confgate Test Intermediate';
  let inter: Promise<{ keys: webcrypto.CryptoKeyPair; pem: string }> | undefined;
  const intermediate = () => (inter ??= (async () => {
    const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: nextSerial(), subject: interName, issuer: caName, notBefore: new Date(Date.now() - DAY), notAfter: new Date(Date.now() + 300 * DAY),
      publicKey: keys.publicKey, signingKey: caKeys.privateKey, signingAlgorithm: EC,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
        await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
      ],
    });
    return { keys, pem: cert.toString('pem') };
  })());

  async function issue(o: LeafOptions): Promise<KeyPairPem> {
    const keyAlg = o.key === 'rsa1024' || o.key === 'rsa2048'
      ? { name: 'RSASSA-PKCS1-v1_5', modulusLength: o.key === 'rsa1024' ? 1024 : 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }
      : EC;
    const keys = (await webcrypto.subtle.generateKey(keyAlg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
    const common = {
      serialNumber: nextSerial(),
      notBefore: o.notBefore ?? new Date(Date.now() - DAY),
      notAfter: o.notAfter ?? new Date(Date.now() + 200 * DAY),
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension(o.names.map((value) => ({ type: 'dns' as const, value }))),
        ...(o.scts ? [sctExtension(o.scts)] : []),
      ],
    };
    const via = o.intermediate ? await intermediate() : undefined;
    const name = `CN=${o.names[0] ?? 'unnamed'}`;
    const cert = o.selfSigned
      ? await x509.X509CertificateGenerator.createSelfSigned({ ...common, name, keys, signingAlgorithm: keyAlg })
      : await x509.X509CertificateGenerator.create({
          ...common,
          subject: name,
          issuer: via ? interName : caName,
          publicKey: keys.publicKey,
          signingKey: via ? via.keys.privateKey : caKeys.privateKey,
          signingAlgorithm: { ...EC, hash: o.hash ?? 'SHA-256' },
        });
    const chain = o.intermediate === 'sent' && via ? `${cert.toString('pem')}\n${via.pem}` : cert.toString('pem');
    return { cert: chain, key: keyPem(keys.privateKey) };
  }

  return { cert: caCert.toString('pem'), issue };
}

/** PEM DH parameters of RFC 2409's 1024-bit MODP group 2 (Logjam's target), made instantly: a 1024-bit DHE site. */
export function weakDhParams(): string {
  const p = Buffer.concat([Buffer.from([0]), getDiffieHellman('modp2').getPrime()]);
  const body = Buffer.concat([Buffer.from([0x02, 0x81, p.length]), p, Buffer.from([0x02, 0x01, 0x02])]);
  const der = Buffer.concat([Buffer.from([0x30, 0x81, body.length]), body]);
  return `-----BEGIN DH PARAMETERS-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END DH PARAMETERS-----\n`;
}
