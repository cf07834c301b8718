// The scan as the API shows it: list items, the detail, and the `data` of webhook events. One representation,
// so a webhook body is exactly what GET /api/v1/scans/{id} answered when the scan finished.
import type { ScanRow, ScanSummary } from '../storage/scans.ts';

/** ISO 8601 with an explicit UTC offset, as the spec words it. */
export const isoOffset = (d: Date) => new Date(d).toISOString().replace(/Z$/, '+00:00');

/** A scan without its result: list items, and the common part of the detail. */
export function scanView(row: ScanRow | ScanSummary) {
  return {
    id: row.id,
    status: row.status,
    domain: row.domain,
    created_at: isoOffset(row.created_at),
    // When a worker first took the scan up (kept across retries), and when it ended, completed or failed.
    started_at: row.started_at ? isoOffset(row.started_at) : null,
    completed_at: row.finished_at ? isoOffset(row.finished_at) : null,
    status_url: `/api/v1/scans/${row.id}`,
    ...(row.status === 'failed' ? { error: { code: row.error_code!, message: row.error_message! } } : {}),
  };
}

/** The detail without the webhook object: with `result` when completed. */
export function scanDetail(row: ScanRow) {
  return { ...scanView(row), ...(row.status === 'completed' ? { result: row.result } : {}) };
}
