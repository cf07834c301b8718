// CGC049: a service image whose version, or whose OS release, is out of upstream support.
import { endOfLife, EOL_SUMMARY, TABLE_DATE } from '../dockerfile/data/eol-images.ts';
import { pulledImage, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC049',
    name: 'eol-image',
    target: 'compose',
    title: 'Service image out of upstream support',
    description:
      'An image whose version has reached its end of life gets no more security fixes: every vulnerability found ' +
      'after that date stays in the running service. The versions are read from the same dated table as the ' +
      `Dockerfile rule CGD014, as of ${TABLE_DATE}, with no network access at analysis time; the OS release a tag ` +
      'names is judged too (`node:20-bullseye`). `${TAG:-default}` is judged by its default. Images of other ' +
      'registries and organisations, and images a service builds, are not judged. Versions out of support: ' +
      `${EOL_SUMMARY}.`,
    severity: 'medium',
    severityContext: [
      'An image past upstream support gets no security fixes any more: a real risk that grows with time, should fix; the policy does not make it block (the version is pinned).',
      'Low in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): a throwaway service for a test run or a workstation.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1104'],
    references: [specUrl('services#image'), 'https://endoflife.date/'],
    remediation: 'Move to a supported version (`postgres:17`, `redis:7.4`, `mysql:8.4`), upgrading the data as the project documents.',
    equivalents: [],
    messages: {
      default: 'Image "{{image}}" of service "{{service}}" is {{name}} {{version}}, out of upstream support since {{eol}}.',
      base: 'Image "{{image}}" of service "{{service}}" is built on {{name}} {{version}}, out of upstream support since {{eol}}.',
    },
    examples: { bad: ['services:\n  db:\n    image: postgres:12-alpine\n'], good: ['services:\n  db:\n    image: postgres:17-alpine\n'] },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'low');
    for (const s of doc.services) {
      const pulled = pulledImage(s);
      if (!pulled) continue;
      const { image, text } = pulled;
      const match = endOfLife(pulled.ref);
      if (!match) continue;
      const { entry } = match;
      report({ range: image.range, ...(match.base ? { messageId: 'base' } : {}), data: { image: text, service: s.name, name: entry.image, version: entry.version, eol: entry.eol } });
    }
  },
};
