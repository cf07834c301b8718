import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './package-upgrade.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM alpine\nRUN apk upgrade --no-cache openssl\n', 'FROM fedora\nRUN dnf upgrade -y glibc\n', 'FROM debian\nRUN apt-get install -y --only-upgrade openssl\n'],
  invalid: [
    { code: 'FROM debian\nRUN apt-get update && apt-get upgrade -y\n', errors: [{ line: 2, column: 23, endColumn: 38, message: '`apt-get upgrade`' }] },
    { code: 'FROM fedora\nRUN dnf -y update && zypper -n patch\n', errors: [{ line: 2, column: 5, endColumn: 18 }, { line: 2, column: 22, endColumn: 37 }] },
  ],
});
