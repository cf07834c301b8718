import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './shell-utility-command.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM debian:12\nRUN apt-get install -y vim procps\n',
    'FROM debian:12\nRUN service postgresql start && psql -f /seed.sql\n',
    'FROM debian:12\nCMD ["top", "-b"]\n',
    'FROM debian:12\nRUN echo ps top kill\n',
  ],
  invalid: [
    { code: 'FROM debian:12\nRUN ps aux && sudo kill -9 1\n', errors: [{ line: 2, column: 5, endColumn: 7, message: '`ps`' }, { line: 2, column: 20, endColumn: 24, message: '`kill`' }] },
    { name: 'in the exec form and behind a path', code: 'FROM debian:12\nRUN ["/usr/bin/vim", "/etc/app.conf"]\nRUN /sbin/ifconfig eth0\n', errors: [{ line: 2, column: 6, endColumn: 20 }, { line: 3, column: 5, endColumn: 19 }] },
  ],
});
