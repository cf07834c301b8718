import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './zypper-clean-missing.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM opensuse/leap\nRUN zypper -n in curl && zypper clean --all\n',
    'FROM opensuse/leap\nRUN zypper -n in curl && zypper -q cc -a\n',
    'FROM opensuse/leap\nRUN zypper -n in curl && rm -rf /var/cache/zypp/*\n',
    'FROM opensuse/leap\nRUN --mount=type=cache,target=/var/cache/zypp zypper -n in curl\n',
    'FROM opensuse/leap\nRUN zypper -n rm curl\n',
  ],
  invalid: [
    { code: 'FROM opensuse/leap\nRUN zypper clean && zypper -n install curl\n', errors: [{ line: 2, column: 21, endColumn: 38, message: '`zypper install`' }] },
  ],
});
