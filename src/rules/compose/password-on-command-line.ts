// CGC048: a literal password on a service's command line: `command`, `entrypoint`, `healthcheck.test`.
import { effective } from '../../analyzers/compose/services.ts';
import { get, subRange, text } from '../../analyzers/compose/yaml-tree.ts';
import type { YNode, YScalar } from '../../analyzers/compose/yaml-tree.ts';
import type { ComposeDoc } from '../../analyzers/compose/model.ts';
import { simpleCommands } from '../../analyzers/dockerfile/query.ts';
import { parseShell } from '../../analyzers/dockerfile/shell.ts';
import { fileSource } from '../../analyzers/dockerfile/source.ts';
import { baseName, commandStart } from '../../analyzers/dockerfile/wrappers.ts';
import { LineIndex } from '../../analyzers/line-index.ts';
import type { Reporter } from '../../core/rule.ts';
import type { Range } from '../../core/types.ts';
import { commandLinePasswords, isLiteral, isPasswordVariable } from '../dockerfile/command-passwords.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

/** One word of a command: its text and where it is. */
interface Word {
  value: string;
  range: Range;
}

const SHELLS = /^(?:sh|bash|ash|dash|zsh|ksh)$/;

/** Reports the literal passwords of one command (`name` at `words[at]`) and its inline password variables. */
function checkWords(words: readonly Word[], settings: readonly { name: string; value: string; range: Range }[], where: string, service: string, report: Reporter): void {
  for (const s of settings) {
    if (isPasswordVariable(s.name) && isLiteral(s.value)) report({ range: s.range, messageId: 'variable', data: { name: s.name, service, where } });
  }
  const at = commandStart(words.map((w) => w.value));
  const name = words[at];
  if (!name) return;
  const args = words.slice(at + 1);
  for (const p of commandLinePasswords(baseName(name.value), args.map((w) => w.value))) {
    if (isLiteral(p.value)) report({ range: args[p.index]!.range, data: { command: baseName(name.value), option: p.option, service, where } });
  }
}

/** A string run by a shell (`CMD-SHELL`, `sh -c`, a string `command`): every command of it, with positions. */
function checkShell(doc: ComposeDoc, node: YScalar, script: string, where: string, service: string, report: Reporter): void {
  const parsed = parseShell(fileSource(script, 0, script.length), { index: new LineIndex(script) });
  const range = (span: { start: number; end: number }): Range => subRange(node, doc.pos, span.start, span.end);
  for (const c of simpleCommands(parsed)) {
    const settings = c.assignments.map((a) => ({ name: a.name, value: a.value.value, range: range(a) }));
    const words = c.words.map((w) => ({ value: w.value, range: range(w) }));
    // `env NAME=value cmd`: the wrapper's assignments are settings too.
    for (const w of words.slice(0, commandStart(words.map((x) => x.value)))) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(w.value);
      if (m) settings.push({ name: m[1]!, value: m[2]!, range: w.range });
    }
    checkWords(words, settings, where, service, report);
  }
}

/** An exec-form list (`[mysqladmin, ping, -pX]`, `[sh, -c, "…"]`). */
function checkList(doc: ComposeDoc, items: readonly YNode[], where: string, service: string, report: Reporter): void {
  const words: Word[] = [];
  for (const item of items) {
    const value = text(item);
    if (value === undefined) return;
    words.push({ value, range: item.range });
  }
  const shell = words[0] && SHELLS.test(baseName(words[0].value)) ? words.findIndex((w, i) => i > 0 && /^-[a-z]*c$/.test(w.value)) : -1;
  const script = shell === -1 ? undefined : items[shell + 1];
  if (script?.kind === 'scalar') checkShell(doc, script, text(script)!, where, service, report);
  else checkWords(words, [], where, service, report);
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
  check(doc, fileReport, ctx) {
    const report: Reporter = ctx.file.role === 'production' ? fileReport : (r) => fileReport({ severity: 'medium', ...r });
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
