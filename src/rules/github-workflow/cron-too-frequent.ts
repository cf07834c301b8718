// CGW049: a schedule more frequent than GitHub runs schedules (at most every 5 minutes).
import { get, str } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';
import { cronProblem } from './invalid-cron.ts';

/** The minutes of the hour a valid cron minute field matches. */
function minutes(field: string): number[] {
  const out = new Set<number>();
  for (const item of field.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
    if (!m) return [];
    const from = m[1] === '*' ? 0 : Number(m[2]);
    const to = m[1] === '*' ? 59 : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? 59 : from;
    const step = m[4] === undefined ? 1 : Number(m[4]);
    for (let i = from; i <= to; i += step) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}

/** The shortest gap in minutes between two runs the minute field allows (across the hour too). */
export function shortestInterval(cron: string): number | undefined {
  const mins = minutes(cron.trim().split(/\s+/)[0]!);
  if (mins.length < 2) return undefined;
  let best = mins[0]! + 60 - mins[mins.length - 1]!;
  for (let i = 1; i < mins.length; i++) best = Math.min(best, mins[i]! - mins[i - 1]!);
  return best;
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW049',
    name: 'cron-too-frequent',
    target: 'github-workflow',
    title: 'Schedule more frequent than every 5 minutes',
    description:
      'GitHub runs scheduled workflows at most once every 5 minutes (and delays them under load); a cron that asks ' +
      'for every minute (`* * * * *`, `*/2 * * * *`) silently runs less often than it says, and whoever relies on ' +
      'it (a watchdog, a sync) is misled. Hygiene: low.',
    severity: 'low',
    tags: ['hygiene'],
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/events-that-trigger-workflows#schedule')],
    remediation: 'Schedule at most every 5 minutes (`*/5 * * * *`), or trigger on the event itself instead of polling.',
    equivalents: ['actionlint:events'],
    messages: { default: 'The cron "{{cron}}" asks for runs {{interval}} minute{{plural}} apart; GitHub runs schedules at most every 5 minutes.' },
    examples: {
      bad: ["on:\n  schedule:\n    - cron: '* * * * *'\npermissions: {}\njobs:\n  sync:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./sync.sh\n"],
      good: ["on:\n  schedule:\n    - cron: '*/15 * * * *'\npermissions: {}\njobs:\n  sync:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./sync.sh\n"],
    },
  },
  check(doc, report) {
    for (const trigger of doc.on) {
      if (trigger.name !== 'schedule' || trigger.config?.kind !== 'seq') continue;
      for (const item of trigger.config.items) {
        const cron = str(get(item, 'cron'));
        if (!cron || cronProblem(cron.value) !== undefined) continue;
        const interval = shortestInterval(cron.value);
        if (interval !== undefined && interval < 5) report({ range: cron.range, data: { cron: cron.value, interval, plural: interval === 1 ? '' : 's' } });
      }
    }
  },
};
