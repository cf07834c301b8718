import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './passwordless-sudo.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM debian:12\nRUN apt-get install -y sudo\n',
    'FROM debian:12\nRUN echo "app ALL=(root) NOPASSWD: /usr/bin/apt-get" > /etc/sudoers.d/app\n',
    'FROM debian:12\nRUN echo "app ALL=(ALL) ALL" >> /etc/sudoers\n',
    'FROM debian:12\nRUN echo "NOPASSWD: ALL" > /tmp/notes\n',
    'FROM debian:12 AS build\nRUN echo "b ALL=(ALL) NOPASSWD: ALL" >> /etc/sudoers\nFROM gcr.io/distroless/static-debian12\nCOPY --from=build /out /out\n',
  ],
  invalid: [
    { code: 'FROM debian:12\nRUN useradd -m app && echo "app ALL=(ALL) NOPASSWD: ALL" >> /etc/sudoers\n', errors: [{ line: 2, column: 43, endLine: 2, endColumn: 56, message: 'passwordless sudo for every command', severity: 'high' }] },
    { name: 'a development image: low', file: '.devcontainer/Dockerfile', code: 'FROM debian:12\nRUN echo "vscode ALL=(ALL) NOPASSWD: ALL" > /etc/sudoers.d/vscode\n', errors: [{ line: 2, column: 28, endColumn: 41, severity: 'low' }] },
    { name: 'tee into sudoers.d, tags between', code: "FROM debian:12\nRUN echo '%wheel ALL=(ALL:ALL) NOPASSWD:SETENV:ALL' \\\n  | tee /etc/sudoers.d/wheel\n", errors: [{ line: 2, column: 32, endLine: 2, endColumn: 51 }] },
    { name: 'sed on the sudoers file', code: "FROM debian:12\nRUN sed -i 's/^%sudo.*/%sudo ALL=(ALL:ALL) NOPASSWD: ALL/' /etc/sudoers\n", errors: [{ line: 2, column: 44, endColumn: 57 }] },
    { name: 'heredoc', code: 'FROM debian:12\nCOPY <<EOF /etc/sudoers.d/dev\ndev ALL=(ALL) NOPASSWD:ALL\nEOF\n', errors: [{ line: 3, column: 15, endColumn: 27 }] },
  ],
});
