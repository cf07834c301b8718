// CGD120: `gem install <gem>` without a version.
import { toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { optionValue } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const GEM_VALUE_OPTIONS = ['-v', '--version', '-i', '--install-dir', '-n', '--bindir', '-s', '--source', '-P', '--trust-policy', '--platform', '-g', '--file', '--build-root', '-p', '--http-proxy'];

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD120',
    name: 'gem-unpinned-package',
    target: 'dockerfile',
    title: '`gem install` of a gem without a version',
    description:
      'An unpinned `gem install rails` installs whatever rubygems.org serves at build time: rebuilds differ, a ' +
      'breaking release breaks the image, and a compromised release is pulled in automatically. Pinning Bundler ' +
      'matters too: it must match the `BUNDLED WITH` version of the lockfile.',
    severity: 'low',
    severityContext: [
      'Unpinned packages are hygiene for the policy (see CGD116).',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [hadolintRef('DL3028'), 'https://guides.rubygems.org/command-reference/#gem-install'],
    remediation: 'Give a version: `gem install bundler -v 2.5.22` or `gem install bundler:2.5.22`; install applications from a Gemfile.lock with `bundle install`.',
    equivalents: ['hadolint:DL3028', 'kics:22cd11f7-9c6c-4f6e-84c0-02058120b341'],
    messages: { default: 'Gem `{{gem}}` is installed without a version: use `{{gem}}:<version>` or `-v <version>`.' },
    examples: {
      bad: ['FROM ruby:3.3\nRUN gem install bundler\n'],
      good: ['FROM ruby:3.3\nRUN gem install bundler -v 2.5.22\n'],
    },
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['gem'], ['install', 'i'], GEM_VALUE_OPTIONS)) {
      // `-v` applies to every gem named; `-g Gemfile` installs what the Gemfile pins.
      if (optionValue(call.cmd, '-v', '--version', '-g', '--file')) continue;
      // Words after `--` are build options for the gem's native extension (`-- --use-system-libraries`), not gems.
      const end = call.cmd.args.findIndex((a) => a.value === '--');
      for (const w of call.operands) {
        if (end !== -1 && w.start > call.cmd.args[end]!.start) break;
        if (w.dynamic || w.value.includes(':') || /^[./~]/.test(w.value) || w.value.endsWith('.gem')) continue;
        report({ range: w.range, data: { gem: w.value } });
      }
    }
  },
};
