import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './apt-missing-no-install-recommends.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM debian\nRUN apt-get install -y --no-install-recommends curl\n',
    'FROM debian\nRUN apt-get --no-install-recommends -y install curl\n',
    'FROM debian\nRUN apt-get install -y -o APT::Install-Recommends=false curl\n',
    'FROM debian\nRUN apt-get install -f -y\n',
    'FROM debian\nRUN echo \'APT::Install-Recommends "0";\' > /etc/apt/apt.conf.d/norecs\nRUN apt-get install -y curl\n',
    'FROM debian\nRUN apt-get update\n',
  ],
  invalid: [
    { code: 'FROM debian\nRUN apt-get install -y curl\n', errors: [{ line: 2, column: 5, endColumn: 20, message: '`apt-get install`' }] },
    { code: 'FROM debian\nRUN apt-get -o Debug::pkgProblemResolver=yes install -y curl\n', errors: [{ line: 2, column: 5, endColumn: 53 }] },
    { code: 'FROM debian\nRUN apt install -y curl && \\\n  apt-get install -y vim\n', errors: [{ line: 2, column: 5, endColumn: 16, message: '`apt install`' }, { line: 3, column: 3, endColumn: 18 }] },
  ],
});
