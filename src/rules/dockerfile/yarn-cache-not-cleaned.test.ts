import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './yarn-cache-not-cleaned.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM node:22\nRUN --mount=type=tmpfs,target=/usr/local/share/.cache/yarn yarn install --frozen-lockfile\n',
    'FROM node\nRUN yarn install --frozen-lockfile && yarn cache clean\n',
    'FROM node\nRUN --mount=type=cache,target=/usr/local/share/.cache/yarn yarn install\n',
    'FROM node\nRUN yarn build && yarn test\n',
    'FROM node AS build\nRUN yarn install\nFROM nginx\nCOPY --from=build /app/dist /usr/share/nginx/html\n',
  ],
  invalid: [
    { code: 'FROM node\nRUN yarn install --frozen-lockfile\n', errors: [{ line: 2, column: 5, endColumn: 17, message: '`yarn install`' }] },
    { code: 'FROM node\nRUN yarn --production && yarn global add serve@14\n', errors: [{ line: 2, column: 5, endColumn: 9, message: '`yarn install`' }, { line: 2, column: 26, endColumn: 41, message: '`yarn add`' }] },
    { code: 'FROM node\nRUN yarn cache clean && yarn\n', errors: [{ line: 2, column: 25, endColumn: 29 }] },
  ],
});
