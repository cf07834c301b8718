// CGD035: a literal password on the command line of RUN, HEALTHCHECK, CMD or ENTRYPOINT.
import { commandsOf } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileDoc, JsonString } from '../../analyzers/dockerfile/types.ts';
import { LineIndex } from '../../analyzers/line-index.ts';
import type { Range } from '../../core/types.ts';
import type { CommandPassword } from './command-passwords.ts';
import { passwordsInCommand, passwordsInExec } from './command-passwords.ts';
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

const KINDS = new Set(['RUN', 'HEALTHCHECK', 'CMD', 'ENTRYPOINT']);

/** Offsets of an exec-form string's value as file ranges, when the value is written without escapes. */
function jsonRange(doc: DockerfileDoc, s: JsonString, index: () => LineIndex, a: number, b: number): Range {
  return doc.text.slice(s.start + 1, s.end - 1) === s.value ? index().range(s.start + 1 + a, s.start + 1 + b) : s.range;
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD035',
    name: 'password-on-command-line',
    target: 'dockerfile',
    title: 'Password written on a command line',
    description:
      'A literal password given to a command — `mysql -psecret`, `sqlcmd -P secret`, `--password=secret`, ' +
      '`sshpass -p secret`, `redis-cli -a secret`, `PGPASSWORD=secret psql` — in RUN, HEALTHCHECK, CMD or ' +
      'ENTRYPOINT is stored in the repository and in the image (the RUN line in `docker history`, the healthcheck ' +
      'and command in the image configuration), and a running one is visible to every process that can list ' +
      'processes. A value taken from a variable (`-p"$MYSQL_ROOT_PASSWORD"`) or a secret file ' +
      '(`--password="$(cat /run/secrets/db)"`) is not reported.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a literal password on a command line is a hard-coded secret, in the repository and in the image.',
      'Medium in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): the credentials of their throwaway services are not production secrets, but still worth moving out.',
    ],
    category: 'secrets',
    cwe: ['CWE-798', 'CWE-214'],
    references: [dockerfileRef('#healthcheck'), 'https://docs.docker.com/build/building/secrets/', 'https://dev.mysql.com/doc/refman/8.4/en/password-security-user.html'],
    remediation:
      'Read the password from a variable set at run time or from a secret file: `mysqladmin ping -p"$MYSQL_ROOT_PASSWORD"`, ' +
      '`RUN --mount=type=secret,id=db,env=PGPASSWORD psql …`, or the tool\'s option-file / `--password-file` / `--password-stdin`.',
    equivalents: [],
    messages: {
      default: '`{{command}}` is given a literal password ({{option}}): it is stored in the file and the image, and visible in the process list.',
      variable: '{{name}} is set to a literal password on the command line.',
    },
    examples: {
      bad: ['FROM mysql:8.4\nHEALTHCHECK CMD mysqladmin ping -h localhost -uroot -pS3cret\n', 'FROM postgres:17\nRUN PGPASSWORD=S3cret psql -h db -U app -c "select 1"\n'],
      good: ['FROM mysql:8.4\nHEALTHCHECK CMD mysqladmin ping -h localhost -uroot -p"$MYSQL_ROOT_PASSWORD"\n', 'FROM postgres:17\nRUN --mount=type=secret,id=pg,env=PGPASSWORD psql -h db -U app -c "select 1"\n'],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'medium');
    let lines: LineIndex | undefined;
    const index = (): LineIndex => (lines ??= new LineIndex(doc.text));
    const found: CommandPassword[] = [];
    for (const instr of doc.instructions) {
      const target = instr.onbuild ?? instr;
      if (!KINDS.has(target.kind)) continue;
      for (const cmd of commandsOf(instr)) {
        passwordsInCommand(cmd.node.words, cmd.node.assignments.map((a) => ({ name: a.name, value: a.value.value, range: a.range })), found);
      }
      // Exec form: the strings are the words; `["sh", "-c", "…"]` runs a script.
      const json = target.json;
      if (json && json.length > 0) found.push(...passwordsInExec(json, (i, a, b) => jsonRange(doc, json[i]!, index, a, b)));
    }
    for (const p of found) {
      if (p.variable !== undefined) report({ range: p.range, messageId: 'variable', data: { name: p.variable } });
      else report({ range: p.range, data: { command: p.command!, option: p.option! } });
    }
  },
};
