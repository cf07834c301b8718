// `confgate-admin`: operator commands. With PostgreSQL it connects directly. With the embedded store it opens
// DATA_DIR itself, or — when a running service holds the store — forwards the command over the admin socket.
// Exit codes: 0 done, 1 the command failed, 2 usage or technical error.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { StoreError } from '../storage/db.ts';
import { lockHolder } from '../storage/embedded.ts';
import { migrate } from '../storage/migrate.ts';
import { openStore } from '../storage/open.ts';
import { AdminError, COMMANDS, findCommand } from './commands.ts';
import type { Command, Options } from './commands.ts';
import { callAdminSocket } from './socket.ts';

class UsageError extends Error {}

function usage(): string {
  const lines = COMMANDS.map((c) => {
    const opts = Object.entries(c.options).map(([k, o]) => (o.required ? `--${k}${o.type === 'string' ? ' V' : ''}` : `[--${k}${o.type === 'string' ? ' V' : ''}]`));
    return `  ${[c.name, ...opts, '[--json]'].join(' ')}\n      ${c.summary}`;
  });
  return `usage: confgate-admin COMMAND [options]\n\ncommands:\n${lines.join('\n')}\n`;
}

function parse(argv: string[]): { command: Command; options: Options; json: boolean } {
  // Command words come first (`key create`), options after them.
  const firstOption = argv.findIndex((a) => a.startsWith('-'));
  const words = firstOption < 0 ? argv : argv.slice(0, firstOption);
  const found = findCommand(words);
  if (!found) throw new UsageError(words.length ? `unknown command: ${words.join(' ')}` : 'no command given');
  if (found.rest.length > 0) throw new UsageError(`unexpected argument: ${found.rest.join(' ')}`);
  const spec = Object.fromEntries(Object.entries(found.command.options).map(([k, o]) => [k, { type: o.type }]));
  const { values, positionals } = parseArgs({
    args: argv.slice(words.length),
    options: { ...spec, json: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals.join(' ')}`);
  const { json, ...options } = values as Record<string, string | boolean | undefined>;
  for (const [k, o] of Object.entries(found.command.options)) {
    if (o.required && options[k] === undefined) throw new UsageError(`${found.command.name}: --${k} is required`);
  }
  return { command: found.command, options, json: json === true };
}

async function execute(command: Command, options: Options): Promise<unknown> {
  const config = loadConfig();
  if (!config.databaseUrl && lockHolder(config.dataDir) !== undefined) {
    const res = await callAdminSocket(config.dataDir, { command: command.name, options });
    if (!res.ok) throw new AdminError(res.error.code, res.error.message);
    return res.result;
  }
  const db = await openStore(config);
  try {
    if (command.name !== 'migrate') await migrate(db);
    return await command.run({ db, config, clock: () => new Date() }, options);
  } finally {
    await db.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    process.stdout.write(usage());
    return argv.length === 0 ? 2 : 0;
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    process.stderr.write(`confgate-admin: ${(err as Error).message}\n\n${usage()}`);
    return 2;
  }
  try {
    const result = await execute(parsed.command, parsed.options);
    process.stdout.write(parsed.json ? `${JSON.stringify(result)}\n` : `${parsed.command.text(result as never)}\n`);
    return 0;
  } catch (err) {
    const e = err as Error;
    const code = err instanceof AdminError ? err.code : err instanceof ConfigError ? 'config_error' : err instanceof StoreError ? 'store_error' : 'error';
    if (parsed.json) process.stdout.write(`${JSON.stringify({ error: { code, message: e.message } })}\n`);
    process.stderr.write(`confgate-admin: ${e.message}\n`);
    return err instanceof AdminError ? 1 : 2;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
