// Daily aggregate counters of public analyses (table analysis_daily_counters): the only durable data the
// public API keeps. Rows are counted in memory and upserted in one statement per flush.
import type { Queryable } from './db.ts';

export interface CounterKey {
  /** UTC date, YYYY-MM-DD. */
  day: string;
  fileType: string;
  /** Score rounded down to a multiple of 10 (100 stays 100). */
  scoreBucket: number;
  severity: string;
}

export function scoreBucket(score: number): number {
  return Math.min(100, Math.floor(score / 10) * 10);
}

/** Adds `count` to each key's row; one upsert statement for the whole batch. */
export async function addCounts(db: Queryable, counts: { key: CounterKey; count: number }[]): Promise<void> {
  if (counts.length === 0) return;
  const params: unknown[] = [];
  const rows = counts.map(({ key, count }, i) => {
    params.push(key.day, key.fileType, key.scoreBucket, key.severity, count);
    const b = i * 5;
    return `($${b + 1}::date, $${b + 2}, $${b + 3}::smallint, $${b + 4}, $${b + 5}::bigint)`;
  });
  await db.query(
    `INSERT INTO analysis_daily_counters (day, file_type, score_bucket, severity, analyses) VALUES ${rows.join(', ')}
     ON CONFLICT (day, file_type, score_bucket, severity) DO UPDATE SET analyses = analysis_daily_counters.analyses + EXCLUDED.analyses`,
    params,
  );
}

/** Merges identical keys so a batch upserts each row once. */
export function mergeCounts(keys: CounterKey[]): { key: CounterKey; count: number }[] {
  const merged = new Map<string, { key: CounterKey; count: number }>();
  for (const key of keys) {
    const id = `${key.day}|${key.fileType}|${key.scoreBucket}|${key.severity}`;
    const entry = merged.get(id);
    if (entry) entry.count++;
    else merged.set(id, { key, count: 1 });
  }
  return [...merged.values()];
}

export interface CounterRow {
  day: string;
  file_type: string;
  score_bucket: number;
  severity: string;
  analyses: number;
}

export async function countsBetween(db: Queryable, from: string, to: string): Promise<CounterRow[]> {
  return db.query<CounterRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, file_type, score_bucket::int AS score_bucket, severity, analyses
     FROM analysis_daily_counters WHERE day BETWEEN $1::date AND $2::date ORDER BY day, file_type, score_bucket, severity`,
    [from, to],
  );
}
