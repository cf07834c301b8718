import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './workdir-relative.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM mcr.microsoft.com/windows/servercore:ltsc2022\nWORKDIR "C:\\"\nWORKDIR app\n',
    'FROM a\nWORKDIR /app\nWORKDIR src\n',
    'FROM a\nARG HOME=/home/app\nWORKDIR $HOME\nWORKDIR work\n',
    'FROM a\nWORKDIR $APP_HOME/x\nWORKDIR y\n',
    'FROM a AS base\nWORKDIR /app\nFROM base\nWORKDIR src\n',
    '# escape=`\nFROM mcr.microsoft.com/windows/nanoserver\nWORKDIR C:\\app\nWORKDIR sub\n',
  ],
  invalid: [
    { code: 'WORKDIR \"srv/app\"\nFROM a:1\n', errors: [{ line: 1, column: 9, endColumn: 18 }] },
    { code: 'FROM a\nWORKDIR app\nWORKDIR /x\n', errors: [{ line: 2, column: 9, endColumn: 12, message: '`app`' }] },
    { code: 'FROM a AS base\nWORKDIR /app\nFROM b\nWORKDIR src\n', errors: [{ line: 4, column: 9, endColumn: 12 }] },
    { code: 'FROM a\nARG D=rel\nWORKDIR ${D}/x\n', errors: [{ line: 3, column: 9, endColumn: 15 }] },
  ],
});
