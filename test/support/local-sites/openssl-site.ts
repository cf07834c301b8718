// A loopback TLS server run by Debian's `openssl s_server`: OpenSSL 3.0 there still serves NULL and 3DES suites at
// security level 0, which Node's OpenSSL (3.5) no longer can. The Debian package `openssl` provides the binary.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyPairPem } from './certs.ts';

export interface OpensslSite {
  port: number;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `openssl s_server -www` on 127.0.0.1, TLS 1.2 only, offering `ciphers` (an OpenSSL cipher string). */
export async function startOpensslSite(certificate: KeyPairPem, ciphers: string): Promise<OpensslSite> {
  const dir = mkdtempSync(join(tmpdir(), 'confgate-s-server-'));
  writeFileSync(join(dir, 'cert.pem'), certificate.cert);
  writeFileSync(join(dir, 'key.pem'), certificate.key);
  const port = await freePort();
  const child: ChildProcess = spawn('openssl', ['s_server', '-accept', `127.0.0.1:${port}`, '-cert', join(dir, 'cert.pem'), '-key', join(dir, 'key.pem'),
    '-cipher', ciphers, '-tls1_2', '-www'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('openssl s_server did not start')), 5000);
    child.once('exit', (code) => reject(new Error(`openssl s_server exited with ${code}`)));
    // It prints ACCEPT once listening.
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('ACCEPT')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    port,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
