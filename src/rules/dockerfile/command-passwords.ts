// Passwords given on a command line, tool by tool: the Dockerfile (RUN, HEALTHCHECK, CMD, ENTRYPOINT) and Compose
// (`command`, `entrypoint`, `healthcheck.test`) rules share this reading of a command's words. It answers which
// word holds a password and under which option; whether the value is a literal is the caller's question.
import { isSecretName } from './support.ts';

export interface PasswordArg {
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
export function commandLinePasswords(name: string, args: readonly string[]): PasswordArg[] {
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
export function isPasswordVariable(name: string): boolean {
  return /^(?:PGPASSWORD|MYSQL_PWD|SSHPASS|REDISCLI_AUTH|MONGO_PASSWORD)$/.test(name) || isSecretName(name);
}

/** A value that is written in the file: not empty and taking nothing from a variable or a command. */
export function isLiteral(value: string): boolean {
  return value !== '' && !value.includes('$') && !value.includes('`');
}
