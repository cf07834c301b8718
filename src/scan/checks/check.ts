// The shape of a scan check: rule-like metadata (for findings and the rule catalogue) and a pure judgement
// over collected evidence. Helpers here are the ones several checks share.
import type { RuleMeta } from '../../core/rule.ts';
import type { Severity } from '../../core/types.ts';
import type { Evidence, Page, Probe } from '../evidence.ts';

/** `info`: worth knowing, never a problem — it costs nothing and its finding (if the check has a rule) is `info`. */
export const CHECK_STATUSES = ['pass', 'info', 'warn', 'fail', 'not-applicable', 'error'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
export type CheckArea = 'http' | 'tls' | 'dns' | 'email' | 'exposure';

export interface Outcome {
  status: CheckStatus;
  /** Short and free of secrets: header values yes, cookie values and file contents never. */
  evidence: string;
  /** Message template of the rule for a warn/fail finding, and its data. */
  messageId?: string;
  data?: Record<string, string | number>;
  /** The URL the finding is about (defaults to the home page). */
  url?: string;
  /** A warning may be reported below the rule's (worst-case) severity. */
  severity?: Severity;
}

export interface Check {
  /** Stable check id; equals the rule's name when the check has a rule. */
  id: string;
  area: CheckArea;
  title: string;
  /** Checks that can produce findings have a rule (CGS###); purely informative ones do not. */
  rule?: RuleMeta;
  run(e: Evidence): Outcome;
}

type ScanRuleInput = Omit<RuleMeta, 'target' | 'messages' | 'examples' | 'description'> & {
  description?: string;
  messages?: Record<string, string>;
  examples?: RuleMeta['examples'];
};

/** Scan rule metadata with the parts that are the same for every scan rule filled in. */
export function scanRule(input: ScanRuleInput): RuleMeta {
  return {
    ...input,
    target: 'scan',
    description: input.description ?? input.title,
    messages: input.messages ?? { default: input.title },
    examples: input.examples ?? { bad: [], good: [] },
  };
}

export function outcome(status: CheckStatus, evidence: string, extra: Omit<Outcome, 'status' | 'evidence'> = {}): Outcome {
  return { status, evidence, ...extra };
}

/** The first value of a response header, trimmed; undefined when absent. */
export function header(page: Page, name: string): string | undefined {
  return page.headers[name.toLowerCase()]?.[0]?.trim();
}

/** Runs a judgement over a probed page; a probe that failed is an `error` outcome, never a lower score. */
export function withPage(p: Probe<Page>, judge: (page: Page) => Outcome, what = 'the home page'): Outcome {
  if (!p.ok) return outcome('error', `could not fetch ${what}: ${p.error}`);
  return judge(p.value);
}

/** Header checks judge the HTTPS home page; a site without HTTPS has its plain-HTTP page judged instead (as a
 * browser gets it, and as the Observatory judges it): CSP, nosniff and framing protect over HTTP too. */
export function withHome(e: Evidence, judge: (page: Page) => Outcome): Outcome {
  if (e.https.ok) return judge(e.https.value);
  if (e.http.ok) return judge(e.http.value);
  return outcome('error', `could not fetch the home page: ${e.https.error}`);
}

/** Only the HTTPS page: checks that mean nothing over plain HTTP (HSTS, mixed content). */
export function withHttpsHome(e: Evidence, judge: (page: Page) => Outcome): Outcome {
  if (!e.https.ok) {
    return e.http.ok ? outcome('not-applicable', 'no HTTPS page to judge') : outcome('error', `could not fetch the home page: ${e.https.error}`);
  }
  return judge(e.https.value);
}

/** Clips a header value for evidence. */
export function clip(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
