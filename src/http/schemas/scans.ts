// Schemas of the Partner Scan API: the scan resource, its result (the v1 contract plus the scan's own fields)
// and the list. Registered by $id so the OpenAPI document names them.
import { Type } from 'typebox';
import { SCAN_STATUSES } from '../../storage/scans.ts';
import { reportProperties } from './report.ts';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const ScanStatusSchema = Type.Union(SCAN_STATUSES.map((s) => Type.Literal(s)), {
  description: 'queued → processing → completed | failed. Poll while queued or processing.',
});

export const ScanResultSchema = Type.Object(
  {
    ...reportProperties,
    domain: Type.String(),
    scanned_at: Timestamp('When the scan started collecting.'),
    duration_ms: Type.Integer({ minimum: 0 }),
    scanner_version: Type.String(),
    requests: Type.Integer({ minimum: 0, description: 'Connections the scan made.' }),
    checks: Type.Array(Type.Object({
      id: Type.String(),
      rule_id: Type.Optional(Type.String()),
      category: Type.String({ description: 'http, tls, dns, email or exposure.' }),
      title: Type.String(),
      status: Type.Union(['pass', 'warn', 'fail', 'not-applicable', 'error'].map((s) => Type.Literal(s))),
      evidence: Type.String(),
      points: Type.Integer({ maximum: 0 }),
    })),
    caps: Type.Array(Type.Object({
      check: Type.String(),
      max: Type.Integer(),
      reason: Type.String(),
      binding: Type.Boolean(),
    }), { description: 'Score caps that applied (e.g. an exposed .env caps the score).' }),
  },
  { $id: 'ScanResult', description: 'The v1 analysis contract of a domain scan, with every check and its evidence.' },
);

const scanProperties = {
  id: Type.String({ pattern: '^scan_[0-9a-f]{32}$' }),
  status: ScanStatusSchema,
  domain: Type.String({ description: 'The normalised domain (lower case, IDN in punycode).' }),
  created_at: Timestamp('ISO 8601 with UTC offset (+00:00).'),
  status_url: Type.String({ description: 'Relative path of the scan: /api/v1/scans/<id>.' }),
  error: Type.Optional(Type.Object({
    code: Type.String({ description: 'dns_failure, target_not_allowed, unreachable, invalid_domain, scan_timeout or scan_error.' }),
    message: Type.String(),
  }, { description: 'Present when status is failed.' })),
};

export const ScanSchema = Type.Object(
  { ...scanProperties, result: Type.Optional(Type.Ref('ScanResult', { description: 'Present when status is completed.' })) },
  { $id: 'Scan' },
);

/** A list item: the scan without its result (fetch status_url for it). */
export const ScanSummarySchema = Type.Object(scanProperties, { $id: 'ScanSummary' });

export const ScanListSchema = Type.Object({
  items: Type.Array(Type.Ref('ScanSummary'), { description: 'Newest first.' }),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` for the next page; null on the last page.' }),
});

export const CreateScanBody = Type.Object({
  domain: Type.String({ description: 'A domain name or an http(s) URL; only its host is scanned.' }),
  webhook_url: Type.Optional(Type.String({ description: 'An https:// URL (no credentials) that receives scan.completed or scan.failed.' })),
});

export const scanSchemas = [ScanResultSchema, ScanSchema, ScanSummarySchema];
