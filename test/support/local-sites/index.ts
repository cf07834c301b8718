// Local stand-ins for the internet, loopback only: a DNS server, HTTPS/HTTP sites with a test CA, and canary
// listeners. Used by the scanner tests and reusable by webhook and scan-API tests.
export { createTestCa, weakDhParams } from './certs.ts';
export type { KeyPairPem, LeafOptions, TestCa } from './certs.ts';
export { startDnsServer } from './dns-server.ts';
export type { DnsServer, RecordSet } from './dns-server.ts';
export { startCanary, startSite } from './site.ts';
export type { Canary, Handler, Page, PageTable, Site, SiteOptions } from './site.ts';
export { startOpensslSite } from './openssl-site.ts';
export type { OpensslSite } from './openssl-site.ts';
