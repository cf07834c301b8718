// CGP026: a compose file interpolates a variable that none of the submitted .env files defines. Judged only when the
// user submitted a .env that Compose can read for interpolation (one named `.env`, or one no service lists as its
// `env_file`, which feeds the container and not interpolation, so it is taken as a `--env-file`). Values are never
// read: the .env model holds names only.
import { scanInterpolation } from '../../analyzers/compose/interpolation.ts';
import { subRange } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import { projectPath, resolveFrom } from '../../project/paths.ts';
import type { DotenvFile } from '../../project/types.ts';
import { specUrl } from '../compose/support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP026',
    name: 'variable-not-in-env-file',
    target: 'project',
    title: 'Interpolated variable that no submitted .env defines',
    description:
      'Compose replaces `${VAR}` and `$VAR` with the value from the shell or the `.env` file, and with an empty ' +
      'string (and a warning) when neither sets it: an image tag, a port or a password then silently becomes ' +
      'empty. `${VAR:?message}` makes Compose refuse to start instead. When a `.env` file was submitted, each ' +
      'variable the compose files interpolate and no submitted `.env` defines is reported once per compose file. ' +
      'Variables with a default (`${VAR:-default}`, `${VAR-default}`) or an alternative (`${VAR:+x}`) are not: ' +
      'they work unset. The shell may still set a variable; only names are compared, never values.',
    severity: 'low',
    severityContext: [
      'Medium for a required variable (`${VAR:?}`, `${VAR?}`): unless the shell sets it, Compose refuses to start.',
    ],
    category: 'correctness',
    references: [specUrl('interpolation'), 'https://docs.docker.com/compose/how-tos/environment-variables/variable-interpolation/'],
    remediation: 'Define the variable in the `.env` file (or give the interpolation a default, `${VAR:-value}`).',
    equivalents: [],
    messages: {
      default: 'Compose interpolates "{{name}}", and no submitted .env file ({{files}}) defines it: unless the shell sets it, it is an empty string.',
      required: 'Compose interpolates the required "{{name}}", and no submitted .env file ({{files}}) defines it: unless the shell sets it, Compose refuses to start.',
    },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'services:\n  db:\n    image: postgres:17.2\n    environment:\n      POSTGRES_PASSWORD: ${DB_PASSWORD:?set DB_PASSWORD}\n      POSTGRES_DB: ${DB_NAME}\n' },
        { filename: '.env', content: 'DB_PASSWORD=change-me\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  db:\n    image: postgres:17.2\n    environment:\n      POSTGRES_PASSWORD: ${DB_PASSWORD:?set DB_PASSWORD}\n      POSTGRES_DB: ${DB_NAME:-app}\n' },
        { filename: '.env', content: 'DB_PASSWORD=change-me\n' },
      ]],
    },
  },
  check(doc, report) {
    const envFiles = new Set(doc.services.flatMap((s) => s.layers.flatMap((l) => l.service.envFiles.map((e) => resolveFrom(l.compose.filename, e.path)))));
    const sources = doc.files.filter((f): f is DotenvFile => f.fileType === 'dotenv')
      .filter((f) => /(^|\/)\.env$/.test(projectPath(f.filename)) || !envFiles.has(projectPath(f.filename)));
    // A .env Compose refuses is reported by CGE000; what it would define is unknown.
    if (sources.length === 0 || sources.some((f) => !f.parsed.doc.usable)) return;
    const defined = new Set(sources.flatMap((f) => f.parsed.doc.entries.map((e) => e.name)));
    const files = sources.map((f) => `"${f.filename}"`).join(', ');
    for (const file of doc.files) {
      if (file.fileType !== 'compose' || !file.parsed.doc.root) continue;
      const { pos } = file.parsed.doc;
      const reported = new Set<string>();
      const seen = new Set<YNode>();
      const walk = (node: YNode): void => {
        if (seen.has(node)) return;
        seen.add(node);
        if (node.kind === 'map') for (const p of node.pairs) walk(p.value);
        else if (node.kind === 'seq') node.items.forEach(walk);
        else if (typeof node.value === 'string' && node.value.includes('$')) {
          let end = 0;
          for (const sub of scanInterpolation(node.value).substitutions) {
            // Only top-level substitutions: one inside a default is used only when its variable is unset.
            if (sub.start < end) continue;
            end = sub.end;
            const op = /^\$\{[A-Za-z_][A-Za-z0-9_]*(:?[-?+])?/.exec(node.value.slice(sub.start, sub.end))?.[1] ?? '';
            if (op.endsWith('-') || op.endsWith('+') || defined.has(sub.name) || reported.has(sub.name)) continue;
            reported.add(sub.name);
            const required = op.endsWith('?');
            report({ file: file.filename, range: subRange(node, pos, sub.start, sub.end), ...(required ? { messageId: 'required', severity: 'medium' as const } : {}), data: { name: sub.name, files } });
          }
        }
      };
      walk(file.parsed.doc.root);
    }
  },
};
