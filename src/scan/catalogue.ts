// Every scan check in report order, and the rule metadata of those that produce findings (CGS###), for the
// rule catalogue API and docs.
import type { RuleMeta } from '../core/rule.ts';
import type { Check } from './checks/check.ts';
import { cipherSuitesCheck, forwardSecrecyCheck } from './checks/ciphers.ts';
import { cookieCheck, corsCheck, mixedContentCheck, sriCheck } from './checks/content.ts';
import { cspCheck } from './checks/csp.ts';
import { addressCheck, caaCheck, dmarcCheck, mtaStsCheck, mxCheck, spfCheck, tlsRptCheck } from './checks/dns.ts';
import { dnssecCheck } from './checks/dnssec.ts';
import {
  backupExposureCheck, containerExposureCheck, dsStoreExposureCheck, envExposureCheck, gitExposureCheck, serverStatusExposureCheck,
} from './checks/exposure.ts';
import {
  disclosureCheck, framingCheck, hstsCheck, hstsPreloadCheck, http3Check, httpRedirectCheck, httpsAvailableCheck, isolationCheck, permissionsCheck, referrerCheck, xctoCheck,
} from './checks/http.ts';
import { ctCheck, ipv6Check, keyExchangeCheck, ocspStaplingCheck, postQuantumCheck } from './checks/handshake.ts';
import { securityTxtCheck } from './checks/security-txt.ts';
import { expiryCheck, hostnameCheck, keyCheck, legacyTlsCheck, signatureCheck, trustCheck } from './checks/tls.ts';

export const SCAN_CHECKS: readonly Check[] = [
  httpsAvailableCheck, httpRedirectCheck, hstsCheck, hstsPreloadCheck, cspCheck, xctoCheck, framingCheck, referrerCheck, permissionsCheck,
  isolationCheck, corsCheck, cookieCheck, disclosureCheck, sriCheck, mixedContentCheck, securityTxtCheck, http3Check,
  legacyTlsCheck, cipherSuitesCheck, forwardSecrecyCheck, keyExchangeCheck, postQuantumCheck, trustCheck, hostnameCheck, expiryCheck,
  keyCheck, signatureCheck, ocspStaplingCheck, ctCheck, addressCheck, ipv6Check, caaCheck, mxCheck, spfCheck, dmarcCheck, mtaStsCheck, tlsRptCheck, dnssecCheck,
  envExposureCheck, gitExposureCheck, containerExposureCheck, serverStatusExposureCheck, dsStoreExposureCheck, backupExposureCheck,
];

/** Sorted by id. */
export const SCAN_RULES: readonly RuleMeta[] = SCAN_CHECKS.flatMap((c) => (c.rule ? [c.rule] : [])).sort((a, b) => a.id.localeCompare(b.id));
