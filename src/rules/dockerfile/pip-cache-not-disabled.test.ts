import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './pip-cache-not-disabled.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM python:3.12\nRUN export PIP_NO_CACHE_DIR=1 && pip install requests==2.32.3\n',
    'FROM python:3.12\nRUN --mount=type=tmpfs,target=/root/.cache pip install requests==2.32.3\n',
    'FROM python\nRUN pip install --no-cache-dir flask==3.0\n',
    'FROM python\nENV PIP_NO_CACHE_DIR=1\nRUN pip install flask==3.0\n',
    'FROM python\nRUN PIP_NO_CACHE_DIR=off pip install flask==3.0\n',
    'FROM python\nRUN --mount=type=cache,target=/root/.cache/pip pip install -r req.txt\n',
    'FROM python\nRUN --mount=type=cache,target=/home/app/.cache pip install -r req.txt\n',
    'FROM python AS build\nRUN pip wheel -r req.txt && pip install -r req.txt\nFROM python:slim\nCOPY --from=build /w /w\n',
    'FROM python\nRUN pip freeze\n',
  ],
  invalid: [
    { code: 'FROM python:3.12\nRUN pip install requests==2.32.3 && export PIP_NO_CACHE_DIR=1\n', errors: [{ line: 2, column: 5, endColumn: 16 }] },
    { code: 'FROM python\nRUN pip install -r requirements.txt\n', errors: [{ line: 2, column: 5, endColumn: 16, message: "`pip install`" }] },
    { code: 'FROM python\nRUN --mount=type=cache,target=/var/cache/apt python -m pip install -r r.txt\n', errors: [{ line: 2, column: 46, endColumn: 67, message: "`python -m pip install`" }] },
  ],
});
