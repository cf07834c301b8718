// CGP003: a compose build argument no ARG of the Dockerfile declares.
import { specUrl } from '../compose/support.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

/** Build arguments BuildKit understands without a declaration (proxies and BuildKit settings). */
export const PREDEFINED = /^(?:(?:HTTPS?|FTP|NO|ALL)_PROXY|(?:https?|ftp|no|all)_proxy|BUILDKIT_\w+|SOURCE_DATE_EPOCH)$/;

export const rule: ProjectRule = {
  meta: {
    id: 'CGP003',
    name: 'build-arg-not-declared',
    target: 'project',
    title: 'Build argument not declared in the Dockerfile',
    description:
      'A build argument only reaches the build where an `ARG` of the same name declares it; otherwise Docker ' +
      'ignores it with a warning ("build-args were not consumed"). It is usually a typo or an argument a ' +
      'refactoring of the Dockerfile left behind, and the value the compose file means to set is silently not used. ' +
      'Predefined arguments (proxies, `BUILDKIT_*`, `SOURCE_DATE_EPOCH`) need no declaration.',
    severity: 'low',
    severityContext: [
      'Docker ignores the argument with a warning; usually a leftover.',
    ],
    category: 'correctness',
    references: [specUrl('build#args'), dockerfileRef('#arg')],
    remediation: 'Declare it where it is used (`ARG NODE_VERSION`), fix the name, or remove the unused argument from `build.args`.',
    equivalents: [],
    messages: { default: 'Build argument "{{name}}" of service "{{service}}" is not declared by any ARG {{where}}.' },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'services:\n  web:\n    build:\n      context: .\n      args:\n        NODE_VERSON: "22"\n' },
        { filename: 'Dockerfile', content: 'ARG NODE_VERSION=20\nFROM node:${NODE_VERSION}-slim\nCMD ["node", "server.js"]\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  web:\n    build:\n      context: .\n      args:\n        NODE_VERSION: "22"\n' },
        { filename: 'Dockerfile', content: 'ARG NODE_VERSION=20\nFROM node:${NODE_VERSION}-slim\nCMD ["node", "server.js"]\n' },
      ]],
    },
  },
  check(doc, report) {
    const first = once();
    for (const b of doc.builds) {
      const file = b.dockerfile;
      if (!file || !b.doc) continue;
      // Declared in what this build reads: ARGs of stages after its target are not consumed (Docker warns alike).
      const declared = new Set(b.doc.instructions.flatMap((i) => ((i.onbuild ?? i).kind === 'ARG' ? (i.onbuild ?? i).pairs.map((p) => p.key.value) : [])));
      for (const arg of b.build.args) {
        if (declared.has(arg.key) || PREDEFINED.test(arg.key) || !first(place(arg.file, arg.keyRange))) continue;
        report({ file: arg.file, range: arg.keyRange, data: { name: arg.key, service: b.service.name, where: b.config.target === undefined ? `in ${file.filename}` : `of ${file.filename} up to stage "${b.config.target}"` } });
      }
    }
  },
};
