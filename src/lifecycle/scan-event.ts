// The webhook event of a finished scan. Its body bytes are made once, here, when the scan finishes; every
// attempt and every manual replay sends exactly these bytes, so one event id always means one body.
import { isoOffset, scanDetail } from './scan-view.ts';
import type { ScanRow } from '../storage/scans.ts';
import { newEventId } from '../storage/webhook-deliveries.ts';
import type { NewEvent } from '../storage/webhook-deliveries.ts';

/** The event for a scan that just reached `completed` or `failed`, to be sent to its webhook `url`. */
export function scanEvent(scan: ScanRow, url: string, now: Date): NewEvent {
  const id = newEventId();
  const type = scan.status === 'completed' ? 'scan.completed' : 'scan.failed';
  const body = { id, type, created_at: isoOffset(now), data: scanDetail(scan) };
  return { id, scanId: scan.id, type, url, body: Buffer.from(JSON.stringify(body), 'utf8'), createdAt: now };
}
