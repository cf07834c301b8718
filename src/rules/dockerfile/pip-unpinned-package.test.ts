import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './pip-unpinned-package.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM python:3.12\nRUN pip install git+https://github.com/acme/tool.git@v2.1.0#egg=tool\n',
    'FROM python:3.12\nRUN pip install vendor/mylib\n',
    'FROM python:3.12\nRUN pip install --root-user-action ignore requests==2.32.3\n',
    'FROM python:3.12\nRUN pipx install ruff==0.6.9\n',
    'FROM python\nRUN pip install --dry-run flask\n',
    'FROM python\nRUN pip install flask==3.0.3 "requests>=2.31,<3" "django~=5.0"\n',
    'FROM python\nRUN pip install -r requirements.txt --no-cache-dir\n',
    'FROM python\nRUN pip install -c constraints.txt flask\n',
    'FROM python\nRUN pip install . ./lib /tmp/pkg.whl https://example.com/x.tar.gz\n',
    'FROM python\nRUN pip install -e .\n',
    'FROM python\nRUN pip install --upgrade pip setuptools wheel\n',
    'FROM python\nRUN pip install "pkg @ git+https://github.com/o/r@v1"\n',
    'FROM python\nRUN pip install $PACKAGES\n',
    'FROM python\nRUN pip download flask\n',
  ],
  invalid: [
    { code: 'FROM python:3.12\nRUN pip install git+https://github.com/acme/tool.git\n', errors: [{ line: 2, column: 17, endColumn: 53 }] },
    { code: 'FROM python:3.12\nRUN pip install git+ssh://git@github.com/acme/tool.git#egg=tool\n', errors: [{ line: 2, column: 17, endColumn: 64 }] },
    { code: 'FROM python:3.12\nRUN pipx install --python python3.12 poetry\n', errors: [{ line: 2, column: 38, endColumn: 44, message: 'poetry' }] },
    { code: 'FROM python\nRUN pip install --no-cache-dir flask\n', errors: [{ line: 2, column: 32, endColumn: 37, message: '`flask`' }] },
    { code: 'FROM python\nRUN python3 -m pip install -i https://pypi.org/simple "uvicorn[standard]" gunicorn==22.0\n', errors: [{ line: 2, column: 55, endColumn: 74, message: 'uvicorn[standard]' }] },
    { code: 'FROM python\nRUN pip3.12 install -r req.txt black\n', errors: [{ line: 2, column: 32, endColumn: 37 }] },
  ],
});
