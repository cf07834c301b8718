import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './malformed-exec-form.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nCMD ["node", "app.js"]\n',
    'FROM a\nRUN [ -f /x ] && echo yes\n',
    'FROM a\nHEALTHCHECK CMD ["curl", "-f", "http://localhost/"]\n',
    'FROM a\nHEALTHCHECK NONE\n',
    'FROM a\nCMD node app.js\n',
    'FROM a\nRUN [ "$A" = "a,b" ] && echo same\n',
    'FROM a\nRUN [[ -n "$X" ]] && echo set\n',
  ],
  invalid: [
    { name: 'an array without quotes: the words of a shell command', code: 'FROM a\nCMD [gunicorn, app:main] \nENTRYPOINT [tini, --]\n', errors: [{ line: 2, column: 5, endColumn: 25 }, { line: 3, column: 12, endColumn: 22 }] },
    { code: "FROM a\nCMD ['node', 'app.js']\n", errors: [{ line: 2, column: 5, endColumn: 23, message: 'CMD runs it in shell form' }] },
    { code: 'FROM a\nENTRYPOINT ["app", "--flag",]\n', errors: [{ line: 2, column: 12, endColumn: 30 }] },
    { code: 'FROM a\nVOLUME ["C:\\data"]\n', errors: [{ line: 2, column: 8, endColumn: 19, message: 'VOLUME' }] },
    { code: "FROM a\nHEALTHCHECK --interval=5s CMD ['curl', 'x']\n", errors: [{ line: 2, column: 31, endColumn: 44 }] },
    // Found by the fuzz test: the array on the line after `CMD \` was reported at a column past the end of line 1.
    { code: "FROM a\nHEALTHCHECK CMD \\\n  ['curl', 'x']\n", errors: [{ line: 3, column: 3, endLine: 3, endColumn: 16 }] },
    { code: "FROM a\nONBUILD RUN ['make']\n", errors: [{ line: 2, column: 13, endColumn: 21, message: 'RUN' }] },
  ],
});
