// The one outbound network edge, shared by domain scans and webhook deliveries: which addresses may be reached
// (address.ts), which host names and webhook URLs are acceptable (hostname.ts), and the guarded connector with
// its own resolver (connector.ts). Nothing else in src/ opens an outbound connection (`npm run lint` refuses
// client connections of node:net/tls/dgram/http/https elsewhere).
export { vetAddress, parseCidrs, isAllowedAddress } from './address.ts';
export type { AddressVerdict, Cidr } from './address.ts';
export { checkHostname, validateWebhookUrl } from './hostname.ts';
export type { DomainResult, Refusal, WebhookUrlOptions, WebhookUrlResult } from './hostname.ts';
export { createConnector, safeRequest, ConnectError, ScanBudget } from './connector.ts';
export type { Connector, ConnectorSettings, RequestOptions, SafeResponse, TcpConnection, TcpOptions, TlsProbeOptions, TlsProbeResult } from './connector.ts';
