import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './apt-unpinned-package.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM debian\nRUN apt-get install -y curl=7.88.1-10\n',
    'FROM debian\nRUN apt-get install -y ./local.deb /tmp/x.deb\n',
    'FROM debian\nRUN apt-get install -y $PACKAGES "${EXTRA}"\n',
    'FROM debian\nRUN apt-get install -y -t bookworm-backports curl=8.0\n',
    'FROM debian\nRUN apt-get update\n',
  ],
  invalid: [
    { code: 'FROM debian\nRUN apt-get install -y curl=1 git \\\n  vim/bookworm-backports\n', errors: [{ line: 2, column: 31, endColumn: 34, message: '`git`' }, { line: 3, column: 3, endColumn: 25 }] },
    { code: 'FROM debian\nRUN apt-get -o Acquire::Retries=3 install -y wget\n', errors: [{ line: 2, column: 46, endColumn: 50 }] },
  ],
});
