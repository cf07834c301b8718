import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf, testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './deprecated-external-name.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    'networks:\n  proxy:\n    name: traefik_proxy\n    external: true\n',
    'volumes:\n  data:\n    external: true\n',
    'networks:\n  proxy:\n    external: {}\n',
    // A non-string name is a schema violation (CGC001), not this rule's.
    'volumes:\n  data:\n    external:\n      name: 123\n',
    // Only the four top-level sections: a service key of the same shape is something else.
    'services:\n  web:\n    image: nginx:1.27\n    x-external:\n      name: x\n',
  ],
  invalid: [
    { name: 'network, block style', code: 'networks:\n  proxy:\n    external:\n      name: traefik_proxy\n', errors: [{ line: 4, column: 7, endLine: 4, endColumn: 11, message: 'networks.proxy: external.name is deprecated; set name: traefik_proxy', severity: 'info' }] },
    { name: 'volume, flow mapping', code: 'volumes:\n  data:\n    external: { name: pg-data }\n', errors: [{ line: 3, column: 17, endLine: 3, endColumn: 21, message: 'volumes.data:', severity: 'info' }] },
    { name: 'secret and config', code: 'secrets:\n  token:\n    external:\n      name: api_token\nconfigs:\n  conf:\n    external:\n      name: app_conf\n', errors: [{ line: 4, column: 7, endLine: 4, endColumn: 11, message: 'secrets.token:' }, { line: 8, column: 7, endLine: 8, endColumn: 11, message: 'configs.conf:' }] },
    { name: 'the same name beside it', code: 'volumes:\n  data:\n    name: pg-data\n    external:\n      name: "pg-data"\n', errors: [{ line: 5, column: 7, endLine: 5, endColumn: 11, message: 'set name: pg-data', severity: 'info' }] },
    { name: 'a different name beside it: Compose refuses the file', code: 'networks:\n  proxy:\n    name: edge\n    external:\n      name: traefik_proxy\n', errors: [{ line: 5, column: 7, endLine: 5, endColumn: 11, message: 'name and external.name differ ("edge" and "traefik_proxy"); Compose refuses the file', severity: 'high' }] },
    { name: 'a variable on one side: maybe the same once set', code: 'networks:\n  proxy:\n    name: ${PROXY_NET}\n    external:\n      name: traefik_proxy\n', errors: [{ line: 5, column: 7, endLine: 5, endColumn: 11, message: 'unless it equals name once variables are set', severity: 'info' }] },
    { name: 'an anchored resource used twice is one finding', code: 'networks:\n  a: &ext\n    external:\n      name: shared\n  b: *ext\n', errors: [{ line: 4, column: 7, endLine: 4, endColumn: 11 }] },
    { name: 'merged from an anchor: reported at the anchor', code: 'x-ext: &ext\n  external:\n    name: shared\nnetworks:\n  a:\n    <<: *ext\n    driver: bridge\n', errors: [{ line: 3, column: 5, endLine: 3, endColumn: 9 }] },
  ],
});

describe('CGC052: where no safe fix is offered', () => {
  const cases: { name: string; code: string }[] = [
    { name: 'a different name beside it', code: 'networks:\n  proxy:\n    name: edge\n    external:\n      name: traefik_proxy\n' },
    { name: 'a variable on one side', code: 'networks:\n  proxy:\n    name: ${PROXY_NET}\n    external:\n      name: traefik_proxy\n' },
    { name: 'another key in external (x-) would be lost', code: 'volumes:\n  data:\n    external:\n      name: pg-data\n      x-note: kept by ops\n' },
    { name: 'a comment line inside external would be lost', code: 'volumes:\n  data:\n    external:\n      # created by ops\n      name: pg-data\n' },
    { name: 'an anchor on the name', code: 'volumes:\n  data:\n    external:\n      name: &n pg-data\n' },
    { name: 'a quoted key', code: 'volumes:\n  data:\n    external:\n      "name": pg-data\n' },
    { name: 'a multi-line name', code: 'volumes:\n  data:\n    external:\n      name: "pg-\n        data"\n' },
    { name: 'the resource in flow style', code: 'volumes:\n  data: { external: { name: pg-data } }\n' },
    { name: 'the resource in flow style over several lines (a new line inside braces would need a comma)', code: 'networks:\n  proxy: {\n    external: {name: traefik_proxy}\n  }\n' },
    { name: 'merged from an anchor', code: 'x-ext: &ext\n  external:\n    name: shared\nnetworks:\n  a:\n    <<: *ext\n    driver: bridge\n' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const found = findingsOf(composeAnalyzer, rule, c.code);
      assert.equal(found.length, 1);
      assert.equal(found[0]!.fix, undefined);
    });
  }
});
