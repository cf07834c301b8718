import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './zypper-non-interactive-missing.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM opensuse/leap\nRUN zypper install --non-interactive curl=8.6.0 && zypper clean\n',
    'FROM opensuse/leap\nRUN zypper install --dry-run curl\n',
    'FROM opensuse/leap\nRUN zypper in -D curl\n',
    'FROM opensuse/leap\nRUN zypper -n install curl\n',
    'FROM opensuse/leap\nRUN zypper --non-interactive in curl\n',
    'FROM opensuse/leap\nRUN zypper -qn rm curl\n',
    'FROM opensuse/leap\nRUN zypper install -y curl\n',
    'FROM opensuse/leap\nRUN zypper --no-gpg-checks update --no-confirm\n',
    'FROM opensuse/leap\nRUN zypper refresh && zypper clean\n',
  ],
  invalid: [
    { code: 'FROM opensuse/leap\nRUN zypper install -n curl && zypper clean\n', errors: [{ line: 2, column: 5, endColumn: 19 }] },
    { code: 'FROM opensuse/leap\nRUN zypper install -n curl\n', errors: [{ line: 2, column: 5, endColumn: 19, message: '`zypper install`' }] },
    { code: 'FROM opensuse/leap\nRUN zypper --root /mnt dup\n', errors: [{ line: 2, column: 5, endColumn: 27 }] },
    { name: '-D before the command is --reposd-dir, not a dry run', code: 'FROM opensuse/leap\nRUN zypper -D /repos install curl\n', errors: [{ line: 2, column: 5, endColumn: 29 }] },
  ],
});
