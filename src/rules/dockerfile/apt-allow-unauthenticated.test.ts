import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './apt-allow-unauthenticated.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a:1\nRUN apt-get install -y x\n',
    'FROM debian:12 AS build\nRUN dpkg-buildpackage -b\nFROM debian:12\nCOPY --from=build /src/*.deb /debs/\nRUN apt-get install -y --allow-unauthenticated /debs/*.deb\n',
  ],
  invalid: [
    { code: 'FROM a:1\nRUN apt-get update && apt-get install -y --allow-unauthenticated x\n', errors: [{ line: 2, column: 42, endColumn: 65 }] },
    { name: 'a named package besides the built ones comes from a repository', code: 'FROM debian:12 AS build\nRUN dpkg-buildpackage -b\nFROM debian:12\nCOPY --from=build /src/*.deb /debs/\nRUN apt-get install -y --allow-unauthenticated /debs/*.deb curl\n', errors: [{ line: 5, column: 24, endColumn: 47 }] },
  ],
});
