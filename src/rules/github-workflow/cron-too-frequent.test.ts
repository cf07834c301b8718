import assert from 'node:assert/strict';
import { it } from 'node:test';
import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule, shortestInterval } from './cron-too-frequent.ts';

const wf = (cron: string) => `on:\n  schedule:\n    - cron: '${cron}'\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n`;

it('shortest intervals', () => {
  for (const [cron, gap] of [['* * * * *', 1], ['*/5 * * * *', 5], ['0,58 * * * *', 2], ['0-2 * * * *', 1], ['30 * * * *', undefined], ['10-50/20 * * * *', 20]] as const) assert.equal(shortestInterval(cron), gap, cron);
});

testRule(workflowAnalyzer, rule, {
  valid: [wf('*/5 * * * *'), wf('0 3 * * 1'), wf('0,30 * * * *'), wf('61 * * * *')],
  invalid: [
    { code: wf('* * * * *'), errors: [{ line: 3, column: 13, endLine: 3, endColumn: 24, message: 'runs 1 minute apart' }] },
    { code: wf('0,2,30 * * * *'), errors: [{ line: 3, column: 13, message: '2 minutes apart' }], name: 'a list' },
  ],
});
