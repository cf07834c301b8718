// CGD035: a literal password on the command line of RUN, HEALTHCHECK, CMD or ENTRYPOINT.
import type { CommandRef } from '../../analyzers/dockerfile/query.ts';
import { commandsOf } from '../../analyzers/dockerfile/query.ts';
import { baseName, commandStart } from '../../analyzers/dockerfile/wrappers.ts';
import type { Reporter } from '../../core/rule.ts';
import { commandLinePasswords, isLiteral, isPasswordVariable } from './command-passwords.ts';
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const KINDS = new Set(['RUN', 'HEALTHCHECK', 'CMD', 'ENTRYPOINT']);

function checkShellCommand(cmd: CommandRef, report: Reporter): void {
  const values = cmd.args.map((w) => w.value);
  for (const p of commandLinePasswords(cmd.name, values)) {
    const word = cmd.args[p.index]!;
    if (!word.dynamic && isLiteral(p.value)) report({ range: word.range, data: { command: cmd.name, option: p.option } });
  }
  // `PGPASSWORD=x psql …`, `env MYSQL_PWD=x mysql …`, `export DB_PASSWORD=x`.
  const settings = [
    ...cmd.node.assignments.map((a) => ({ name: a.name, value: a.value.value, dynamic: a.value.dynamic, span: a })),
    ...[...cmd.wrappers, ...(cmd.name === 'export' ? cmd.args : [])].flatMap((w) => {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(w.value);
      return m ? [{ name: m[1]!, value: m[2]!, dynamic: w.dynamic, span: w }] : [];
    }),
  ];
  for (const s of settings) {
    if (isPasswordVariable(s.name) && !s.dynamic && isLiteral(s.value)) report({ range: s.span.range, messageId: 'variable', data: { name: s.name } });
  }
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
  check(doc, fileReport, ctx) {
    const report: Reporter = ctx.file.role === 'production' ? fileReport : (r) => fileReport({ severity: 'medium', ...r });
    for (const instr of doc.instructions) {
      const target = instr.onbuild ?? instr;
      if (!KINDS.has(target.kind)) continue;
      for (const cmd of commandsOf(instr)) checkShellCommand(cmd, report);
      const json = target.json;
      if (!json || json.length === 0) continue;
      // Exec form: the strings are the words (wrappers such as `gosu app` skipped).
      const at = commandStart(json.map((s) => s.value));
      const name = json[at];
      if (!name) continue;
      const args = json.slice(at + 1);
      for (const p of commandLinePasswords(baseName(name.value), args.map((s) => s.value))) {
        if (isLiteral(p.value)) report({ range: args[p.index]!.range, data: { command: baseName(name.value), option: p.option } });
      }
    }
  },
};
