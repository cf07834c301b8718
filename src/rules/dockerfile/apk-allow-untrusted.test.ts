import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './apk-allow-untrusted.ts';

const BUILD = 'FROM alpine:3.20 AS build\nRUN abuild -r\n';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a:1\nRUN apk add --no-cache curl\n',
    `${BUILD}FROM alpine:3.20\nCOPY --from=build /home/builder/packages/ /pkgs/\nRUN apk add --allow-untrusted /pkgs/x86_64/*.apk\n`,
    `${BUILD}FROM alpine:3.20\nCOPY --from=0 /out/app.apk /tmp/app.apk\nRUN apk add --allow-untrusted /tmp/app.apk && rm /tmp/app.apk\n`,
    `${BUILD}FROM alpine:3.20\nRUN --mount=from=build,source=/home/builder/packages,target=/pkgs apk add --allow-untrusted -X /pkgs/main app\n`,
    `${BUILD}FROM alpine:3.20 AS base\nCOPY --from=build /pkgs /pkgs\nFROM base\nRUN apk add --allow-untrusted /pkgs/app.apk\n`,
  ],
  invalid: [
    { code: 'FROM a:1\nRUN apk add --allow-untrusted /tmp/x.apk\n', errors: [{ line: 2, column: 13, endColumn: 30, message: '"--allow-untrusted" disables verification' }] },
    {
      name: 'files from an image, a named remote package, a path no stage filled, a copy after the install',
      code: `${BUILD}FROM alpine:3.20\nCOPY --from=acme/pkgs:1.0 /pkgs /ext\nRUN apk add --allow-untrusted /ext/app.apk\nCOPY --from=build /pkgs /pkgs\nRUN apk add --allow-untrusted /pkgs/app.apk curl\nRUN apk add --allow-untrusted /other/app.apk\nRUN apk add --allow-untrusted /late/app.apk\nCOPY --from=build /pkgs /late\n`,
      errors: [{ line: 5, column: 13, endColumn: 30 }, { line: 7, column: 13, endColumn: 30 }, { line: 8, column: 13, endColumn: 30 }, { line: 9, column: 13, endColumn: 30 }],
    },
  ],
});
