// CGD144: `yarn install` / `yarn add` whose package cache stays in the image.
import { cacheMountTargets, cleansUpAfter, commandRange, runCommandsNamed, shipsInFinalImage } from '../../analyzers/dockerfile/query-packages.ts';
import { positionals } from '../../analyzers/dockerfile/query.ts';
import type { CommandRef } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { appendCleanup } from './fix.ts';

const YARN_VALUE_OPTIONS = ['--cwd', '--cache-folder', '--modules-folder', '--network-timeout', '--mutex', '--registry'];
/** Cache mounts at yarn's cache (`/usr/local/share/.cache/yarn`, `~/.cache/yarn`, `~/.yarn/berry/cache`). */
const YARN_CACHE = /(\/|^)(\.cache(\/yarn)?|\.yarn(\/berry)?(\/cache)?|yarn(-cache)?)$/;

function isCacheClean(c: CommandRef): boolean {
  const [sub, what] = positionals(c, YARN_VALUE_OPTIONS);
  return c.name === 'yarn' && sub?.value === 'cache' && what?.value === 'clean';
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD144',
    name: 'yarn-cache-not-cleaned',
    target: 'dockerfile',
    title: 'yarn cache left in the image',
    description:
      'yarn keeps a copy of every downloaded package in its global cache, next to `node_modules`: often hundreds ' +
      'of megabytes committed to the layer for nothing. Not reported when the same RUN runs `yarn cache clean`, a ' +
      'build cache is mounted over yarn\'s cache, or the stage only feeds `COPY --from`.',
    severity: 'low',
    severityContext: [
      'Hygiene: caches cost image size only.',
    ],
    category: 'performance',
    references: [hadolintRef('DL3060'), 'https://classic.yarnpkg.com/en/docs/cli/cache', 'https://docs.docker.com/build/cache/optimize/#use-cache-mounts'],
    remediation: 'End the RUN with `&& yarn cache clean`, or use `RUN --mount=type=cache,target=/usr/local/share/.cache/yarn yarn install --frozen-lockfile`.',
    equivalents: ['hadolint:DL3060'],
    tags: ['hygiene'],
    messages: { default: '`yarn {{sub}}` leaves its package cache in this layer; add `&& yarn cache clean` to the same RUN.' },
    examples: {
      bad: ['FROM node:22\nCOPY package.json yarn.lock ./\nRUN yarn install --frozen-lockfile\n'],
      good: ['FROM node:22\nCOPY package.json yarn.lock ./\nRUN yarn install --frozen-lockfile && yarn cache clean\n'],
    },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'yarn')) {
      const args = positionals(cmd, YARN_VALUE_OPTIONS);
      // A bare `yarn` is `yarn install`; `yarn global add` installs too.
      const sub = args[0]?.value === 'global' ? args[1] : args[0];
      const installs = sub === undefined ? cmd.args.every((w) => w.value.startsWith('-')) : ['install', 'add'].includes(sub.value);
      if (!installs || !shipsInFinalImage(doc, cmd.instruction)) continue;
      if (cacheMountTargets(cmd.instruction).some((t) => YARN_CACHE.test(t)) || cleansUpAfter(cmd, undefined, isCacheClean)) continue;
      report({ range: sub ? commandRange(cmd, sub) : cmd.nameWord!.range, data: { sub: sub?.value ?? 'install' }, fix: appendCleanup(doc, cmd, 'yarn cache clean', 'Run yarn cache clean at the end of the same RUN.') });
    }
  },
};
