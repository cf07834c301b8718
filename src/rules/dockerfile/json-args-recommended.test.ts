import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './json-args-recommended.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nCMD ["node", "server.js"]\n',
    'FROM a\nENTRYPOINT ["/entrypoint.sh"]\nCMD ["serve"]\n',
    'FROM a\nCMD exec node server.js\n',
    'FROM a\nSHELL ["/bin/bash", "-c"]\nCMD node server.js\n',
    'FROM a AS base\nSHELL ["/bin/bash", "-c"]\nFROM base\nCMD node server.js\n',
    'FROM a AS build\nCMD make\nFROM b\nCMD ["app"]\n',
    "FROM a\nCMD ['node', 'server.js']\n",
  ],
  invalid: [
    { code: 'FROM a\nCMD node server.js --port 80\n', errors: [{ line: 2, column: 5, endColumn: 29, message: 'for CMD' }] },
    { code: 'FROM a\nENTRYPOINT /usr/bin/app \\\n  --verbose\n', errors: [{ line: 2, column: 12, endLine: 3, endColumn: 12, message: 'ignores CMD' }] },
    { code: 'FROM a\nENTRYPOINT ["/entry.sh"]\nCMD node server.js\n', errors: [{ line: 3, column: 5, endLine: 3, endColumn: 19, message: 'for CMD' }], name: 'under an exec-form ENTRYPOINT (its fix is unsafe)' },
    { code: 'FROM scratch\nCOPY app /app\nCMD /app --port=80\n', errors: [{ line: 3, column: 5, endLine: 3, endColumn: 19, message: 'for CMD' }], name: 'on scratch (no entrypoint to receive the words: its fix is safe)' },
    { code: 'FROM a\nENTRYPOINT /usr/bin/app --verbose\n', errors: [{ line: 2, column: 12, endLine: 2, endColumn: 34, message: 'ignores CMD' }], name: 'a one-line ENTRYPOINT (its fix is safe)' },
  ],
});
