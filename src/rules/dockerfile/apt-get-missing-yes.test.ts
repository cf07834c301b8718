import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './apt-get-missing-yes.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM debian:12\nRUN apt-get install -q -q curl\n',
    'FROM debian:12\nRUN apt-get --quiet --quiet install curl\n',
    'FROM debian:12\nRUN apt-get install --quiet=2 curl\n',
    'FROM debian\nRUN apt-get install -s curl\n',
    'FROM debian\nRUN apt-get --simulate install curl\n',
    'FROM debian\nRUN apt-get install --dry-run curl && apt-get -qs remove vim\n',
    'FROM debian\nRUN apt --just-print upgrade\n',
    'FROM debian\nRUN apt-get install -y curl\n',
    'FROM debian\nRUN apt-get -qy install curl\n',
    'FROM debian\nRUN apt-get install --yes curl\n',
    'FROM debian\nRUN apt-get --assume-yes remove curl\n',
    'FROM debian\nRUN apt-get -qq install curl\n',
    'FROM debian\nRUN apt-get update\n',
    'FROM debian\nRUN apt-get -o Dpkg::Options::=--force-confnew install -y curl\n',
    'FROM debian\nRUN echo \'APT::Get::Assume-Yes "true";\' > /etc/apt/apt.conf.d/90yes\nRUN apt-get install curl\n',
  ],
  invalid: [
    { name: 'the exec form runs apt-get too (it prompts and aborts the build)', code: 'FROM debian\nRUN ["apt-get", "install", "curl"]\n', errors: [{ line: 2, column: 6, endColumn: 26 }] },
    { code: 'FROM debian:12\nRUN apt-get install -q curl\n', errors: [{ line: 2, column: 5, endColumn: 20 }] },
    { code: 'FROM debian:12\nRUN apt-get install curl -- -q -q\n', errors: [{ line: 2, column: 5, endColumn: 20 }] },
    { code: 'FROM debian\nRUN apt-get update && apt-get install curl\n', errors: [{ line: 2, column: 23, endColumn: 38, message: '`apt-get install`' }] },
    { code: 'FROM debian\nRUN sudo apt-get -q install curl\n', errors: [{ line: 2, column: 10, endColumn: 28 }] },
    { code: 'FROM debian\nRUN apt purge -q vim && apt-get autoremove\n', errors: [{ line: 2, column: 5, endColumn: 14, message: '`apt purge`' }, { line: 2, column: 25, endColumn: 43 }] },
    { name: 'heredoc script', code: 'FROM debian\nRUN <<EOF\napt-get update\napt-get install curl\nEOF\n', errors: [{ line: 4, column: 1, endColumn: 16 }] },
    { name: 'ONBUILD and sh -c', code: 'FROM debian\nONBUILD RUN sh -c "apt-get install curl"\n', errors: [{ line: 2, column: 20, endColumn: 35 }] },
  ],
});
