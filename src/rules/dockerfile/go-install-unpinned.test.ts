import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './go-install-unpinned.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM golang\nRUN go install github.com/go-delve/delve/cmd/dlv@v1.23.1\n',
    'FROM golang\nRUN go install ./cmd/... && go install . && go install /src/tools/gen\n',
    'FROM golang\nRUN go run ./cmd/migrate --dry && go run main.go serve\n',
    'FROM golang\nRUN go run golang.org/x/tools/cmd/stringer@v0.26.0 -type=Kind ./pkg/kinds\n',
    'FROM golang\nRUN go get -tool golang.org/x/tools/cmd/stringer@v0.26.0\n',
    'FROM golang\nRUN go install example.com/tool@$VERSION\n',
    'FROM golang\nRUN go build -o /out/app ./cmd/app\n',
  ],
  invalid: [
    { code: 'FROM golang\nRUN go install -ldflags "-s -w" golang.org/x/tools/gopls@latest\n', errors: [{ line: 2, column: 33, endColumn: 64, message: 'gopls@latest' }] },
    { code: 'FROM golang\nRUN CGO_ENABLED=0 go get example.com/x@main\n', errors: [{ line: 2, column: 26, endColumn: 44 }] },
    // Without a version: `go get` takes the latest release, `go install`/`go run` whatever go.mod the context holds.
    { code: 'FROM golang\nRUN go install example.com/tool\n', errors: [{ line: 2, column: 16, endColumn: 32, message: '`go install example.com/tool` names no version' }] },
    { code: 'FROM golang\nRUN go get -u github.com/acme/lib\n', errors: [{ line: 2, column: 15, endColumn: 34, message: 'names no version' }] },
    { code: 'FROM golang\nRUN go get -tool golang.org/x/tools/cmd/stringer\n', errors: [{ line: 2, column: 18, endColumn: 49, message: 'names no version' }] },
    { code: 'FROM golang\nRUN go run github.com/acme/gen@latest -out x.go\n', errors: [{ line: 2, column: 12, endColumn: 38 }] },
    { code: 'FROM golang\nRUN go run github.com/acme/gen ./input\n', errors: [{ line: 2, column: 12, endColumn: 31, message: 'names no version' }] },
  ],
});
