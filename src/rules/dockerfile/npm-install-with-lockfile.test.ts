import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './npm-install-with-lockfile.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM node\nCOPY package.json package-lock.json ./\nRUN npm ci\n',
    'FROM node\nCOPY package.json ./\nRUN npm install\n',
    'FROM node\nCOPY package*.json ./\nRUN npm install -g pnpm@9\n',
    'FROM node\nCOPY package*.json ./\nRUN npm install express@4\n',
    'FROM node\nRUN npm install\nCOPY package-lock.json ./\n',
    'FROM node\nCOPY . .\nRUN npm install\n',
    'FROM node\nCOPY [package-lock.json x ./\nRUN npm install\n',
  ],
  invalid: [
    { code: 'FROM node\nCOPY package.json package-lock.json ./\nRUN npm install --omit=dev\n', errors: [{ line: 3, column: 5, endColumn: 16, message: '`npm install`' }] },
    { code: 'FROM node AS deps\nCOPY ["package.json", "npm-shrinkwrap.json", "./"]\nFROM deps\nRUN npm i\n', errors: [{ line: 4, column: 5, endColumn: 10, message: '`npm i`' }] },
    { code: 'FROM node\nCOPY package*.json ./\nRUN npm install\n', errors: [{ line: 3, column: 5 }] },
    { code: 'FROM node\nCOPY package[-_]lock.js?n ./\nRUN npm install\n', errors: [{ line: 3, column: 5 }] },
    { code: 'FROM node\nRUN --mount=type=bind,source=package-lock.json,target=package-lock.json npm install\n', errors: [{ line: 2, column: 73, endColumn: 84 }] },
  ],
});
