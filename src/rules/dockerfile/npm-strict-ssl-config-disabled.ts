// CGD051: `npm config set strict-ssl false` (also yarn, pnpm, and `--strict-ssl=false`).
import { positionals, runCommands } from '../../analyzers/dockerfile/query.ts';
import { isFalsy } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD051',
    name: 'npm-strict-ssl-config-disabled',
    target: 'dockerfile',
    title: 'npm/yarn certificate checks disabled by configuration',
    description: 'Setting `strict-ssl` to false makes npm, yarn or pnpm accept any registry certificate, so packages can be replaced in transit.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off for npm, yarn or pnpm.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://docs.npmjs.com/cli/v10/using-npm/config#strict-ssl'],
    remediation: 'Keep `strict-ssl` on and configure the internal CA with `npm config set cafile /path/ca.pem`.',
    equivalents: ['checkov:CKV2_DOCKER_13'],
    messages: { default: 'strict-ssl is turned off for {{tool}}.' },
    examples: { bad: ['FROM node:22\nRUN npm config set strict-ssl false && npm ci\n'], good: ['FROM node:22\nRUN npm config set cafile /etc/ssl/ca.pem && npm ci\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommands(doc)) {
      if (cmd.name !== 'npm' && cmd.name !== 'yarn' && cmd.name !== 'pnpm') continue;
      for (const w of cmd.args) if (/^--strict-ssl=/.test(w.value) && isFalsy(w.value.slice(13))) report({ range: w.range, data: { tool: cmd.name } });
      const ops = positionals(cmd);
      const set = ops.findIndex((w, i) => w.value === 'set' && (i === 0 || (i === 1 && (ops[0]!.value === 'config' || ops[0]!.value === 'c'))));
      const key = ops[set + 1];
      if (set === -1 || !key) continue;
      const [name, inline] = key.value.split('=', 2);
      const value = inline ?? ops[set + 2]?.value;
      if (name === 'strict-ssl' && value !== undefined && isFalsy(value)) report({ range: key.range, data: { tool: cmd.name } });
    }
  },
};
