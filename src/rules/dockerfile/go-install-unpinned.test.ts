import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './go-install-unpinned.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM golang\nRUN go install github.com/go-delve/delve/cmd/dlv@v1.23.1\n',
    'FROM golang\nRUN go install ./cmd/... && go install example.com/tool\n',
    'FROM golang\nRUN go install example.com/tool@$VERSION\n',
    'FROM golang\nRUN go build -o /out/app ./cmd/app\n',
  ],
  invalid: [
    { code: 'FROM golang\nRUN go install -ldflags "-s -w" golang.org/x/tools/gopls@latest\n', errors: [{ line: 2, column: 33, endColumn: 64, message: 'gopls@latest' }] },
    { code: 'FROM golang\nRUN CGO_ENABLED=0 go get example.com/x@main\n', errors: [{ line: 2, column: 26, endColumn: 44 }] },
  ],
});
