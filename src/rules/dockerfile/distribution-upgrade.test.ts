import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './distribution-upgrade.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM debian\nRUN apt-get upgrade -y\n', 'FROM opensuse/leap\nRUN zypper -n up\n', 'FROM debian\nRUN echo dist-upgrade\n'],
  invalid: [
    { code: 'FROM debian\nRUN apt-get -y dist-upgrade && apt full-upgrade -y\n', errors: [{ line: 2, column: 5, endColumn: 28, message: '`apt-get dist-upgrade`' }, { line: 2, column: 32, endColumn: 48 }] },
    { code: 'FROM opensuse/leap\nRUN zypper -n dup\n', errors: [{ line: 2, column: 5, endColumn: 18 }] },
  ],
});
