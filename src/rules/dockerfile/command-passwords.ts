// Passwords given on a command line, tool by tool: the Dockerfile (RUN, HEALTHCHECK, CMD, ENTRYPOINT) and Compose
// (`command`, `entrypoint`, `healthcheck.test`) rules share this reading of a command's words. It answers which
// word holds a password and under which option; whether the value is a literal is the caller's question.
import { simpleCommands } from '../../analyzers/dockerfile/query.ts';
import { parseShell } from '../../analyzers/dockerfile/shell.ts';
import { fileSource } from '../../analyzers/dockerfile/source.ts';
import { baseName, commandStart } from '../../analyzers/dockerfile/wrappers.ts';
import { LineIndex } from '../../analyzers/line-index.ts';
import type { Range } from '../../core/types.ts';
import { isSecretName } from './support.ts';

interface PasswordArg {
  /** Index in `args` of the word holding the value (the option's own word when attached: `-pX`, `--password=X`). */
  index: number;
  /** The option as written, for the message (`-p`, `--password`, `PGPASSWORD`). */
  option: string;
  value: string;
}

const MYSQL = /^(?:mysql|mysqladmin|mysqldump|mysqlcheck|mysqlimport|mysqlshow|mysqlpump|mysqlslap|mariadb|mariadb-admin|mariadb-dump|mariadb-check|mariadb-import|mariadb-show|mariadb-slap)$/;
const MONGO = /^(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|mongostat|mongotop)$/;
const SQLSERVER = /^(?:sqlcmd|bcp|osql|isql)$/;
const LOGIN = /^(?:docker|podman|nerdctl|buildah|skopeo|helm|oras|crane)$/;

/** Per tool: options whose next word (or attached value) is a password. */
function passwordOptions(name: string, args: readonly string[]): { separate: readonly string[]; attached: readonly string[] } {
  if (MYSQL.test(name)) return { separate: [], attached: ['-p'] }; // `-p` alone prompts; `--password x` names a database
  if (SQLSERVER.test(name)) return { separate: ['-P'], attached: ['-P'] };
  if (name === 'sshpass') return { separate: ['-p'], attached: ['-p'] };
  if (name === 'redis-cli' || name === 'valkey-cli') return { separate: ['-a', '--pass'], attached: [] };
  if (name === 'redis-server' || name === 'valkey-server') return { separate: ['--requirepass', '--masterauth'], attached: [] };
  if (MONGO.test(name)) return { separate: ['-p', '--password'], attached: [] };
  if (LOGIN.test(name) && args.includes('login')) return { separate: ['-p', '--password'], attached: [] };
  if (name === 'keytool') return { separate: ['-storepass', '-keypass', '-srcstorepass', '-deststorepass', '-srckeypass', '-destkeypass'], attached: [] };
  if (name === 'curl') return { separate: ['-u', '--user'], attached: ['-u'] };
  return { separate: ['--password', '--passwd'], attached: [] };
}

/** The password part of a value, for the options that carry more than one: `user:pw` of curl, `pass:pw` of openssl. */
function passwordPart(name: string, option: string, value: string): string | undefined {
  if (name === 'curl') {
    const colon = value.indexOf(':');
    return colon === -1 ? undefined : value.slice(colon + 1);
  }
  if (name === 'openssl') return value.startsWith('pass:') ? value.slice(5) : undefined;
  return option === '' ? undefined : value;
}

/**
 * The words of `name args…` that hold a password: `--password=x` and `--password x` (most tools), `-px` (mysql,
 * mariadb), `-P x` (sqlcmd), `sshpass -p x`, `redis-cli -a x`, `redis-server --requirepass x`, `docker login -p x`, `mongosh -p x`, keytool's
 * `-storepass x`, openssl's `-passin pass:x`, `curl -u user:x`, `htpasswd -b file user x`. Options end at `--`.
 */
function commandLinePasswords(name: string, args: readonly string[]): PasswordArg[] {
  const out: PasswordArg[] = [];
  const { separate, attached } = passwordOptions(name, args);
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--') break;
    const eq = w.indexOf('=');
    if (w.startsWith('--') && eq !== -1) {
      const option = w.slice(0, eq);
      if (option === '--password' || option === '--passwd' || separate.includes(option) || (name === 'wget' && /^--(?:http-|ftp-|proxy-)?password$/.test(option))) {
        const value = passwordPart(name, option, w.slice(eq + 1));
        if (value !== undefined) out.push({ index: i, option, value });
      }
      continue;
    }
    if (name === 'openssl' && /^-pass(?:in|out)?$/.test(w) && args[i + 1] !== undefined) {
      const value = passwordPart(name, w, args[i + 1]!);
      if (value !== undefined) out.push({ index: i + 1, option: w, value });
      i++;
      continue;
    }
    if (separate.includes(w) && args[i + 1] !== undefined && !args[i + 1]!.startsWith('-')) {
      const value = passwordPart(name, w, args[i + 1]!);
      if (value !== undefined) out.push({ index: i + 1, option: w, value });
      i++;
      continue;
    }
    const short = attached.find((o) => w.startsWith(o) && w.length > o.length);
    if (short) {
      const value = passwordPart(name, short, w.slice(short.length));
      if (value !== undefined) out.push({ index: i, option: short, value });
    }
  }
  if (name === 'htpasswd' && args.some((w) => /^-[a-zA-Z]*b/.test(w))) {
    // Batch mode: the password is the last operand (`htpasswd -b[c] file user pw`, `htpasswd -nb user pw`).
    const operands = args.map((w, index) => ({ w, index })).filter((o) => !o.w.startsWith('-'));
    const last = operands[operands.length - 1];
    if (last && operands.length >= 2) out.push({ index: last.index, option: '-b', value: last.w });
  }
  return out;
}

/** Variables a client reads its password from, set inline (`PGPASSWORD=x psql`), plus any secret-named one. */
function isPasswordVariable(name: string): boolean {
  return /^(?:PGPASSWORD|MYSQL_PWD|SSHPASS|REDISCLI_AUTH|MONGO_PASSWORD)$/.test(name) || isSecretName(name);
}

/** A value that is written in the file: not empty and taking nothing from a variable or a command. */
function isLiteral(value: string): boolean {
  return value !== '' && !value.includes('$') && !value.includes('`');
}

/** A word of a command as written somewhere (an exec-form string, a YAML list item, a word of a shell string). */
export interface Word {
  value: string;
  range: Range;
}

/** A literal password found on a command line: under an option of `command`, or in the variable `variable`. */
export interface CommandPassword {
  range: Range;
  command?: string;
  option?: string;
  variable?: string;
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
const SHELLS = /^(?:sh|bash|ash|dash|zsh|ksh)$/;

/** The literal passwords of one command's words (wrappers and name included) and of the variables set for it
 * (`PGPASSWORD=x psql`, `env MYSQL_PWD=x mysql`, `export DB_PASSWORD=x`). */
export function passwordsInCommand(words: readonly Word[], settings: readonly (Word & { name: string })[], out: CommandPassword[]): void {
  const at = commandStart(words.map((w) => w.value));
  const all = [...settings];
  // `env NAME=value cmd` and `export NAME=value`: assignments in words are settings too.
  const name = words[at] ? baseName(words[at]!.value) : '';
  for (const w of [...words.slice(0, at), ...(name === 'export' ? words.slice(at + 1) : [])]) {
    const m = ASSIGNMENT.exec(w.value);
    if (m) all.push({ name: m[1]!, value: m[2]!, range: w.range });
  }
  for (const s of all) if (isPasswordVariable(s.name) && isLiteral(s.value)) out.push({ range: s.range, variable: s.name });
  if (!words[at]) return;
  const args = words.slice(at + 1);
  for (const p of commandLinePasswords(name, args.map((w) => w.value))) {
    if (isLiteral(p.value)) out.push({ range: args[p.index]!.range, command: name, option: p.option });
  }
}

/** Every literal password of a shell string (`sh -c` bodies included); `range` maps offsets of `script` to the file. */
export function passwordsInScript(script: string, range: (start: number, end: number) => Range, out: CommandPassword[] = []): CommandPassword[] {
  const parsed = parseShell(fileSource(script, 0, script.length), { index: new LineIndex(script) });
  for (const c of simpleCommands(parsed)) {
    // Values keep `$x`, `$(…)` and backticks as written, so `isLiteral` tells them apart.
    const words = c.words.map((w) => ({ value: w.value, range: range(w.start, w.end) }));
    const settings = c.assignments.map((a) => ({ name: a.name, value: a.value.value, range: range(a.start, a.end) }));
    passwordsInCommand(words, settings, out);
  }
  return out;
}

/**
 * Every literal password of an exec-form command (`["mysqladmin", "ping", "-pX"]`); a shell's `-c` string
 * (`["sh", "-c", "…"]`) is read as a script, `scriptRange(i, start, end)` mapping offsets of the i-th word's value.
 */
export function passwordsInExec(words: readonly Word[], scriptRange: (index: number, start: number, end: number) => Range): CommandPassword[] {
  const out: CommandPassword[] = [];
  const at = commandStart(words.map((w) => w.value));
  const shell = words[at] && SHELLS.test(baseName(words[at]!.value)) ? words.findIndex((w, i) => i > at && /^-[a-z]*c$/.test(w.value)) : -1;
  const script = shell === -1 ? undefined : words[shell + 1];
  if (script) return passwordsInScript(script.value, (a, b) => scriptRange(shell + 1, a, b), out);
  passwordsInCommand(words, [], out);
  return out;
}
