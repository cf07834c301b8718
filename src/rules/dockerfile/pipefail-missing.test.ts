import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './pipefail-missing.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nSHELL ["/bin/bash", "-o", "pipefail", "-c"]\nRUN curl -fsSL https://x | tar xz\n',
    'FROM a AS base\nSHELL ["/bin/bash", "-o", "pipefail", "-c"]\nFROM base\nRUN curl -fsSL https://x | tar xz\n',
    'FROM a\nRUN set -eo pipefail; curl -fsSL https://x | tar xz\n',
    'FROM a\nRUN bash -o pipefail -c "curl -fsSL https://x | tar xz"\n',
    'FROM a\nRUN echo "app:x" | chpasswd && yes | ./configure\n',
    'FROM a\nRUN grep -q x /etc/f | wc -l || true\n',
    'FROM a\nRUN curl -fsSL https://x -o x.tgz && tar xzf x.tgz\n',
    'FROM a\nRUN <<EOF\nset -o pipefail\ncurl -fsSL https://x | sh\nEOF\n',
  ],
  invalid: [
    { code: 'FROM a\nRUN curl -fsSL https://x | tar xz -C /opt\n', errors: [{ line: 2, column: 5, endColumn: 42, message: '`curl` fails' }] },
    { code: 'FROM a\nRUN curl -fsSL https://x | tar xz\nSHELL ["/bin/bash", "-o", "pipefail", "-c"]\nRUN wget -qO- https://y | sh\n', errors: [{ line: 2, column: 5, endColumn: 34 }] },
    { code: 'FROM a\nRUN echo start && (cat /etc/os-release | grep ID) && true\n', errors: [{ line: 2, column: 20, endColumn: 49, message: '`cat`' }] },
    { code: 'FROM a\nRUN <<EOF\ncurl -fsSL https://x | sh\nset -o pipefail\nEOF\n', errors: [{ line: 3, column: 1, endColumn: 26 }] },
  ],
});
