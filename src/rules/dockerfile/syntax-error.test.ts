import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './syntax-error.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine:3.20\nRUN <<EOF\necho hi\nEOF\n',
    '# escape=`\nFROM mcr.microsoft.com/windows/servercore:ltsc2022\nRUN powershell -Command "it`s fine"\n',
    // Found by the fuzz test: a backslash ending the script inside a quote (escape=` keeps it) made the parser loop
    // until memory ran out. Shell syntax is not judged under escape=` (PowerShell or cmd run it).
    '# escape=`\nFROM alpine:3.20\nRUN "\\\n',
    'FROM mcr.microsoft.com/windows/servercore:ltsc2022\nENV APPDIR=C:\\\\app\\\\\nUSER ContainerUser\n',
  ],
  invalid: [
    { name: 'an instruction other than ARG before the first FROM', code: 'ARG BASE=alpine:3.20\nENV X=1\nLABEL a=b\nFROM ${BASE}\n', errors: [{ line: 2, column: 1, endColumn: 4, message: 'ENV before the first FROM' }] },
    { name: 'ONBUILD before FROM too', code: 'ONBUILD RUN make\nFROM alpine:3.20\n', errors: [{ line: 1, column: 1, endColumn: 8 }] },
    { code: '', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 1, message: 'no instruction' }] },
    { code: '# syntax=docker/dockerfile:1\n# only comments\n\n', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 1, message: 'no instruction' }] },
    { code: 'RUN echo hi\nCMD ["sh"]\n', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 12, message: 'no FROM' }] },
    { code: 'ARG BASE=alpine:3.20\n', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 21, message: 'no FROM' }] },
    { code: 'FROM alpine:3.20\nCOPYY . /app\n', errors: [{ line: 2, column: 1, endColumn: 6, message: 'Unknown instruction' }] },
    { code: 'FROM alpine:3.20\nRUN echo "abc\n', errors: [{ line: 2, column: 10, message: 'unterminated double quote' }] },
    { code: 'FROM alpine:3.20\n# confgate ignore=CGD002\nRUN true\n', errors: [{ line: 2, column: 1, message: 'no reason' }] },
    { code: 'FROM alpine:3.20\nRUN <<EOF\necho\n', errors: [{ line: 2, column: 5, message: 'not terminated' }] },
  ],
});
