import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './remote-script-piped-to-shell.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN curl -fsSL https://x | tar xz\n', 'FROM a:1\nRUN curl -fsSL https://x | sha256sum\n', 'FROM a:1\nRUN echo x | sh\n', 'FROM a:1\nRUN curl -o i.sh https://x && sh i.sh\n'],
  invalid: [
    { code: 'FROM a:1\nRUN curl -fsSL https://x | sudo bash -s -- --yes\n', errors: [{ line: 2, column: 33, endColumn: 37, message: 'curl' }] },
    { code: 'FROM a:1\nRUN wget -qO- https://x | python3 -\n', errors: [{ line: 2, column: 27 }] },
    { code: 'FROM a:1\nRUN sh -c "$(curl -fsSL https://x)"\n', errors: [{ line: 2, column: 5, endColumn: 7 }] },
    { code: 'FROM a:1\nRUN bash <(curl -s https://x)\n', errors: [{ line: 2, column: 5 }] },
  ],
});
