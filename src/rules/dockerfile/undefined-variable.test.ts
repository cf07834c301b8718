import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './undefined-variable.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'ARG V=1\nFROM a\nARG V\nLABEL v=$V\n',
    'FROM a\nARG V\nCOPY app-$V.jar /app/\n',
    'FROM a\nENV HOME_DIR=/h\nWORKDIR $HOME_DIR\n',
    'FROM a\nENV PATH=$PATH:/opt/bin JAVA=$JAVA_HOME/bin\n',
    'FROM a\nARG TARGETARCH\nCOPY bin-${TARGETARCH} /bin/app\n',
    'FROM a AS base\nENV APP=/app\nFROM base\nWORKDIR $APP\n',
    'FROM a\nRUN echo $UNDEFINED_IN_SHELL\n',
    'FROM scratch\nCOPY --from=build /x /x\nUSER ${HTTP_PROXY}\n',
    'FROM scratch\nARG KIND=web\nLABEL com.example.$KIND=yes\n',
  ],
  invalid: [
    { code: 'FROM debian:12\nCOPY ${SRC_DIR} /app\nARG SRC_DIR=./src\n', errors: [{ line: 2, column: 6, endColumn: 16, message: 'before its ARG/ENV' }] },
    { code: 'FROM debian:12\nENV PATH=/opt/bin:$PTAH\n', errors: [{ line: 2, column: 19, endColumn: 24, message: 'did you mean `$PATH`' }] },
    { code: 'ARG VERSION=1\nFROM a\nCOPY app-${VERSION}.jar /app/\n', errors: [{ line: 3, column: 10, endColumn: 20, message: 'declared before FROM' }] },
    { code: 'FROM a AS build\nARG OUT=/out\nFROM b\nCOPY --from=build $OUT /x\n', errors: [{ line: 4, column: 19, endColumn: 23, message: 'stage build' }] },
    { code: 'FROM a\nENV APP_HOME=/app\nWORKDIR $APP_HOEM/src\n', errors: [{ line: 3, column: 9, endColumn: 18, message: 'did you mean `$APP_HOME`' }] },
    { code: 'FROM scratch\nUSER $UID\n', errors: [{ line: 2, column: 6, endColumn: 10, message: 'not defined in this stage' }] },
    // Label and ENV keys are substituted too: an undefined variable there changes the key.
    { code: 'FROM scratch\nLABEL com.example.$KIND=yes\n', errors: [{ line: 2, column: 19, endColumn: 24, message: '`$KIND` is not defined' }] },
    { code: 'ARG TIER=web\nFROM alpine:3.20\nENV ${TIER}_PORT=8080\n', errors: [{ line: 3, column: 5, endColumn: 12, message: 'declared before FROM' }] },
    { code: 'ARG V=1\nFROM a\nLABEL a=$V b="${V:-x}"\n', errors: [{ line: 3, column: 9, endColumn: 11 }] },
  ],
});
