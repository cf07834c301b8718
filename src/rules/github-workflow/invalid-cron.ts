// CGW019: a `schedule` cron expression GitHub cannot read.
import { get, str } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  { name: 'day of week', min: 0, max: 6, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
] as const;

/** A field's value: a number in range, or one of its names (months count from 1). */
function value(field: (typeof FIELDS)[number], raw: string): number | undefined {
  if (/^\d+$/.test(raw)) {
    const n = Number(raw);
    return n >= field.min && n <= field.max ? n : undefined;
  }
  const names: readonly string[] | undefined = 'names' in field ? field.names : undefined;
  const i = names?.indexOf(raw.toUpperCase()) ?? -1;
  return i < 0 ? undefined : i + field.min;
}

/** Why a cron expression is invalid, or undefined (POSIX cron, as GitHub reads it: five fields of `*`, values,
 * ranges, steps and lists). */
export function cronProblem(cron: string): string | undefined {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return `it has ${parts.length} field${parts.length === 1 ? '' : 's'}; GitHub reads five (minute hour day month weekday)`;
  for (let i = 0; i < 5; i++) {
    const field = FIELDS[i]!;
    for (const item of parts[i]!.split(',')) {
      const m = /^(\*|([^-/]+)(?:-([^-/]+))?)(?:\/(\d+))?$/.exec(item);
      if (!m) return `the ${field.name} field "${parts[i]}" is not a value, range, list or step`;
      if (m[4] !== undefined && Number(m[4]) === 0) return `the ${field.name} field "${parts[i]}" steps by 0`;
      if (m[1] === '*') continue;
      const from = value(field, m[2]!);
      const to = m[3] === undefined ? from : value(field, m[3]);
      if (from === undefined || to === undefined) return `the ${field.name} field "${parts[i]}" is outside ${field.min}-${field.max}`;
      if (to < from) return `the ${field.name} range "${item}" runs backwards`;
    }
  }
  return undefined;
}

/** Whether a time zone name is one the IANA database (as the runtime's Intl knows it) has. */
function validTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW019',
    name: 'invalid-cron',
    target: 'github-workflow',
    title: 'Schedule with an invalid cron expression',
    description: 'GitHub refuses a workflow whose `on.schedule` holds a cron expression it cannot read (six fields, `@daily`, a minute of 60), or a `timezone:` that is no IANA time zone name (`local`, `Not/A/Zone`): the scheduled runs never happen.',
    severity: 'high',
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/events-that-trigger-workflows#schedule')],
    remediation: 'Write five POSIX cron fields, in UTC: minute (0-59), hour (0-23), day of month (1-31), month (1-12 or JAN-DEC), day of week (0-6 or SUN-SAT); a `timezone:` is an IANA name such as `America/New_York`.',
    equivalents: ['actionlint:events'],
    messages: {
      default: 'The cron expression "{{cron}}" is invalid: {{problem}}.',
      timezone: 'The schedule\'s timezone "{{timezone}}" is no IANA time zone name (such as "Europe/Paris"): GitHub does not run it.',
    },
    examples: {
      bad: ["on:\n  schedule:\n    - cron: '0 0 * * * *'\npermissions: {}\njobs:\n  nightly:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make nightly\n"],
      good: ["on:\n  schedule:\n    - cron: '30 2 * * MON-FRI'\npermissions: {}\njobs:\n  nightly:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make nightly\n"],
    },
  },
  check(doc, report) {
    const schedule = doc.on.find((t) => t.name === 'schedule')?.config;
    if (schedule?.kind !== 'seq') return;
    for (const item of schedule.items) {
      const cron = str(get(item, 'cron'));
      const problem = cron ? cronProblem(cron.value) : undefined;
      if (cron && problem) report({ range: cron.range, data: { cron: cron.value, problem } });
      const tz = str(get(item, 'timezone'));
      if (tz && tz.value !== '' && !tz.value.includes('${{') && !validTimeZone(tz.value)) report({ range: tz.range, messageId: 'timezone', data: { timezone: tz.value } });
    }
  },
};
