import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './zypper-unpinned-package.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM opensuse/leap\nRUN zypper -n in curl=8.6.0 "git>=2.40" vim-9.1\n',
    'FROM opensuse/leap\nRUN zypper -n in -t pattern devel_basis\n',
    'FROM opensuse/leap\nRUN zypper -n in pattern:devel_basis /tmp/x.rpm\n',
  ],
  invalid: [
    { code: 'FROM opensuse/leap\nRUN zypper -n install -r oss curl\n', errors: [{ line: 2, column: 30, endColumn: 34, message: '`curl`' }] },
  ],
});
