// A throwaway certificate authority for loopback HTTPS sites, made at test time (no fixtures to expire).
// Leaves can be deliberately bad: expired, for the wrong names, RSA-1024, or SHA-1 signed.
import { KeyObject, webcrypto } from 'node:crypto';
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
}

export interface TestCa {
  /** PEM of the CA certificate: pass it as the scanner's `ca`. */
  cert: string;
  issue(options: LeafOptions): Promise<KeyPairPem>;
}

function keyPem(key: webcrypto.CryptoKey): string {
  return KeyObject.from(key).export({ type: 'pkcs8', format: 'pem' }).toString();
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
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });

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
      ],
    };
    const name = `CN=${o.names[0] ?? 'unnamed'}`;
    const cert = o.selfSigned
      ? await x509.X509CertificateGenerator.createSelfSigned({ ...common, name, keys, signingAlgorithm: keyAlg })
      : await x509.X509CertificateGenerator.create({
          ...common,
          subject: name,
          issuer: caName,
          publicKey: keys.publicKey,
          signingKey: caKeys.privateKey,
          signingAlgorithm: { ...EC, hash: o.hash ?? 'SHA-256' },
        });
    return { cert: cert.toString('pem'), key: keyPem(keys.privateKey) };
  }

  return { cert: caCert.toString('pem'), issue };
}
