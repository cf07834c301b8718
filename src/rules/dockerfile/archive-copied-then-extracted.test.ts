import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './archive-copied-then-extracted.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine:3.20\nCOPY release.tgz /srv/\n',
    'FROM alpine:3.20\nCOPY --from=build /out/site.tar /srv/site.tar\nRUN tar -xf /srv/site.tar -C /srv\n',
    'FROM alpine:3.20\nCOPY notes.txt /srv/\nRUN tar -xf /srv/other.tar\n',
    'FROM alpine:3.20\nCOPY backup.tar.gz /srv/\nRUN tar -tzf /srv/backup.tar.gz\n',
    'FROM alpine:3.20 AS a\nCOPY site.tar /srv/\nFROM alpine:3.20\nRUN tar -xf /srv/site.tar\n',
  ],
  invalid: [
    { name: 'Windows paths', code: 'FROM mcr.microsoft.com/windows/servercore:ltsc2022\nCOPY dist\\tools.tar.gz "C:\\tools"\nRUN tar -xzf "C:\\tools\\tools.tar.gz"\n', errors: [{ line: 2, column: 6, endColumn: 23 }] },
    { code: 'FROM alpine:3.20\nCOPY build/site.tar.xz /tmp/\nRUN mkdir /srv && tar xJf /tmp/site.tar.xz -C /srv\n', errors: [{ line: 2, column: 6, endColumn: 23, message: '`build/site.tar.xz`' }] },
    { name: 'renamed on the way in', code: 'FROM alpine:3.20\nCOPY out/bundle-1.2.tgz /opt/bundle.tgz\nWORKDIR /opt\nRUN tar --gzip -x -f bundle.tgz\n', errors: [{ line: 2, column: 6, endColumn: 24 }] },
  ],
});
