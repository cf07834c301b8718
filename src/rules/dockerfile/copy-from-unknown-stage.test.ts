import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './copy-from-unknown-stage.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1 AS build\nFROM b:1\nCOPY --from=build /x /y\n', 'FROM a:1 AS Build\nFROM b:1\nCOPY --from=bUILD /x /y\n', 'FROM b:1\nCOPY --from=nginx:1.27 /x /y\n', 'FROM b:1\nCOPY --from=ghcr.io/o/r /x /y\n', 'FROM a:1\nFROM b:1\nCOPY --from=0 /x /y\n', 'FROM b:1\nARG S\nCOPY --from=$S /x /y\n'],
  invalid: [
    { code: 'COPY --from=assets /x /y\n', errors: [{ line: 1, column: 13, endColumn: 19 }] },
    { code: 'FROM a:1 AS build\nFROM b:1\nCOPY --from=buidl /x /y\n', errors: [{ line: 3, column: 13, endColumn: 18, message: 'buidl', severity: 'medium' }] },
    {
      name: 'a name near no stage may be a named build context: low',
      code: 'FROM a:1 AS build\nFROM b:1\nCOPY --from=templates /x /y\n',
      errors: [{ line: 3, column: 13, endColumn: 22, severity: 'low', message: 'COPY --from="templates" names no stage: it may be a named build context (`--build-context templates=…`); otherwise Docker pulls an image of that name.' }],
    },
    { code: 'FROM a:1\nCOPY --from=1 /x /y\n', errors: [{ line: 2, column: 13, message: 'stage 0' }] },
    { code: 'FROM b:1\nCOPY --from=later /x /y\nFROM c:1 AS later\n', errors: [{ line: 2, column: 13, severity: 'medium' }] },
  ],
});
