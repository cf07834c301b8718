import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './invalid-cron.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on:\n  schedule:\n    - cron: '*/15 0-6,22 1 JAN-MAR sun'\npermissions: {}\njobs: {}\n",
    "on:\n  schedule:\n    - cron: '0 0 * * 1-5'\npermissions: {}\njobs: {}\n",
    "on:\n  schedule:\n    - cron: '0 0 * * 1-5'\n      timezone: Europe/Paris\n    - cron: '0 0 * * *'\n      timezone: UTC\npermissions: {}\njobs: {}\n",
  ],
  invalid: [
    { code: "on:\n  schedule:\n    - cron: '0 0 * * * *'\npermissions: {}\njobs: {}\n", errors: [{ line: 3, column: 13, endLine: 3, endColumn: 26, message: "6 fields" }] },
    { code: "on:\n  schedule:\n    - cron: '60 0 * * *'\n    - cron: '0 25 * * *'\n    - cron: '0 0 * 13 *'\n    - cron: '*/0 * * * *'\n    - cron: '@daily'\npermissions: {}\njobs: {}\n", errors: [{ line: 3, column: 13, endLine: 3, endColumn: 25, message: "outside 0-59" }, { line: 4, column: 13, endLine: 4, endColumn: 25, message: "outside 0-23" }, { line: 5, column: 13, endLine: 5, endColumn: 25, message: "outside 1-12" }, { line: 6, column: 13, endLine: 6, endColumn: 26, message: "steps by 0" }, { line: 7, column: 13, endLine: 7, endColumn: 21, message: "1 field" }], name: "ranges" },
    { code: "on:\n  schedule:\n    - cron: '0 0 * * *'\n      timezone: 'Not/A/Timezone'\n    - cron: '0 0 * * *'\n      timezone: local\npermissions: {}\njobs: {}\n", errors: [{ line: 4, column: 17, endColumn: 33, message: 'timezone "Not/A/Timezone" is no IANA time zone name' }, { line: 6, column: 17, endColumn: 22 }], name: 'time zones' },
  ],
});
