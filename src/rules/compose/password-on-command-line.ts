// CGC048: a literal password on a service's command line: `command`, `entrypoint`, `healthcheck.test`.
import { effective } from '../../analyzers/compose/services.ts';
import { get, subRange, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode, YScalar } from '../../analyzers/yaml/yaml-tree.ts';
import type { ComposeDoc } from '../../analyzers/compose/model.ts';
import type { Reporter } from '../../core/rule.ts';
import type { Range } from '../../core/types.ts';
import type { CommandPassword, Word } from '../dockerfile/command-passwords.ts';
import { passwordsInExec, passwordsInScript } from '../dockerfile/command-passwords.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

/** Reports what was found in one command setting of a service. */
function reportAll(found: readonly CommandPassword[], where: string, service: string, report: Reporter): void {
  for (const p of found) {
    if (p.variable !== undefined) report({ range: p.range, messageId: 'variable', data: { name: p.variable, service, where } });
    else report({ range: p.range, data: { command: p.command!, option: p.option!, service, where } });
  }
}

/** A string run by a shell (`CMD-SHELL`, a string `command`): positions inside the scalar where it is written verbatim. */
function checkShell(doc: ComposeDoc, node: YScalar, script: string, where: string, service: string, report: Reporter): void {
  reportAll(passwordsInScript(script, (a, b) => subRange(node, doc.pos, a, b)), where, service, report);
}

/** An exec-form list (`[mysqladmin, ping, -pX]`, `[sh, -c, "…"]`). */
function checkList(doc: ComposeDoc, items: readonly YNode[], where: string, service: string, report: Reporter): void {
  const words: Word[] = [];
  for (const item of items) {
    const value = text(item);
    if (value === undefined) return;
    words.push({ value, range: item.range });
  }
  const range = (i: number, a: number, b: number): Range => {
    const item = items[i]!;
    return item.kind === 'scalar' ? subRange(item, doc.pos, a, b) : item.range;
  };
  reportAll(passwordsInExec(words, range), where, service, report);
}

function checkCommand(doc: ComposeDoc, node: YNode | undefined, where: string, service: string, report: Reporter): void {
  if (node?.kind === 'scalar' && typeof node.value === 'string') checkShell(doc, node, node.value, where, service, report);
  else if (node?.kind === 'seq') checkList(doc, node.items, where, service, report);
}

export const rule: ComposeRule = {
  meta: {
    id: 'CGC048',
    name: 'password-on-command-line',
    target: 'compose',
    title: 'Password written on a service command line',
    description:
      'A literal password given to a command in `command`, `entrypoint` or `healthcheck.test` — `mysqladmin ping ' +
      '-psecret`, `redis-server --requirepass`-style `--password=secret`, `sqlcmd -P secret`, `sshpass -p`, ' +
      '`PGPASSWORD=secret psql` — is stored in the repository, shown by `docker inspect` and visible in the host\'s ' +
      'process list. A value taken from the environment (`-p$$MYSQL_ROOT_PASSWORD`, `${DB_PASSWORD}`) or a secret ' +
      'file (`$$(cat /run/secrets/db)`) is not reported.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a literal password on a command line is a hard-coded secret, in the repository and in `docker inspect`.',
      'Medium in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): the credentials of their throwaway services are not production secrets, but still worth moving out.',
    ],
    category: 'secrets',
    cwe: ['CWE-798', 'CWE-214'],
    references: [specUrl('services#healthcheck'), specUrl('services#command'), 'https://docs.docker.com/compose/how-tos/use-secrets/'],
    remediation:
      'Read the password from the container\'s environment or a secret file: `test: ["CMD-SHELL", "mysqladmin ping ' +
      '-p$$MYSQL_ROOT_PASSWORD"]`, with the variable set from an interpolation or a `*_FILE` secret.',
    equivalents: [],
    messages: {
      default: 'The {{where}} of service "{{service}}" gives `{{command}}` a literal password ({{option}}).',
      variable: 'The {{where}} of service "{{service}}" sets {{name}} to a literal password.',
    },
    examples: {
      bad: ['services:\n  db:\n    image: mysql:8.4\n    healthcheck:\n      test: ["CMD", "mysqladmin", "ping", "-uroot", "-pS3cret"]\n'],
      good: ['services:\n  db:\n    image: mysql:8.4\n    healthcheck:\n      test: ["CMD-SHELL", "mysqladmin ping -uroot -p$$MYSQL_ROOT_PASSWORD"]\n'],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'medium');
    for (const s of doc.services) {
      checkCommand(doc, effective(s, 'command')?.value, 'command', s.name, report);
      checkCommand(doc, effective(s, 'entrypoint')?.value, 'entrypoint', s.name, report);
      const test = get(effective(s, 'healthcheck')?.value, 'test');
      if (test?.kind === 'seq') {
        const kind = text(test.items[0]);
        const rest = test.items.slice(1);
        if (kind === 'CMD') checkList(doc, rest, 'healthcheck', s.name, report);
        else if (kind === 'CMD-SHELL' && rest[0]?.kind === 'scalar') checkShell(doc, rest[0], text(rest[0]) ?? '', 'healthcheck', s.name, report);
      } else if (test?.kind === 'scalar' && typeof test.value === 'string') checkShell(doc, test, test.value, 'healthcheck', s.name, report);
    }
  },
};
