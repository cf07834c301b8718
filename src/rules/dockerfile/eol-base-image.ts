// CGD014: a base image whose version, or whose OS release, is out of upstream support.
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { endOfLife, EOL_SUMMARY, TABLE_DATE } from './data/eol-images.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD014',
    name: 'eol-base-image',
    target: 'dockerfile',
    title: 'Base image out of upstream support',
    description:
      'A base image whose version has reached its end of life gets no more security fixes: every vulnerability ' +
      'found after that date stays in the image, and scanners report more of them each month. The versions are ' +
      `read from a dated table of the most-used official images, as of ${TABLE_DATE} (\`src/rules/dockerfile/data/eol-images.ts\`, ` +
      'each row with its end-of-life date and upstream source), with no network access at analysis time. The OS ' +
      'release a tag names is judged too (`python:3.12-buster` is built on Debian 10). Images of other registries ' +
      `and organisations are not judged. Versions out of support: ${EOL_SUMMARY}.`,
    severity: 'medium',
    severityContext: [
      'An image past upstream support gets no security fixes any more: a real risk that grows with time, should fix; the policy does not make it block (the version is pinned, the build reproducible).',
      'Low in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): a throwaway image for a test run or a workstation.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1104'],
    references: [dockerfileRef('#from'), 'https://endoflife.date/'],
    remediation: 'Move to a supported version (`node:22-alpine`, `python:3.13-slim-bookworm`, `debian:bookworm`) and keep it current with Dependabot or Renovate.',
    equivalents: [],
    messages: {
      default: '"{{image}}" is {{name}} {{version}}, out of upstream support since {{eol}}.',
      base: '"{{image}}" is built on {{name}} {{version}}, out of upstream support since {{eol}}.',
    },
    examples: { bad: ['FROM node:16-alpine\n', 'FROM python:3.12-buster\n'], good: ['FROM node:22-alpine\n', 'FROM python:3.13-slim-bookworm\n'] },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'low');
    for (const s of doc.stages) {
      const image = s.image;
      if (!image || !s.imageWord || image.stage || s.imageWord.unresolved.length > 0) continue;
      const match = endOfLife(image);
      if (!match) continue;
      const { entry } = match;
      report({ range: s.imageWord.range, ...(match.base ? { messageId: 'base' } : {}), data: { image: image.text, name: entry.image, version: entry.version, eol: entry.eol } });
    }
  },
};
