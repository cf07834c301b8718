import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './secret-in-environment.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    environment:\n      DB_PASSWORD: ${DB_PASSWORD}\n      API_TOKEN: \"${TOKEN:?missing}\"\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg\n      MYSQL_ALLOW_EMPTY_PASSWORD: \"yes\"\n      SECRET_KEY: changeme\n      JWT_SECRET: <your-secret>\n      TOKEN_TTL: 3600\n      PASSWORD:\n      DATABASE_URL: postgres://app:${DB_PASSWORD}@db/app\n",
    "services:\n  app:\n    image: example/app:1.0\n    environment:\n      - API_KEY\n      - PASSWORD=${PW}$$\n",
    "services:\n  app:\n    image: example/app:1.0\n    environment:\n      DB_PASSWORD: /run/secrets/db_password\n      SECRET_KEY: ./secrets/key.txt\n      AWS_ACCESS_KEY: AKIAIOSFODNN7EXAMPLE\n      MINIO_ACCESS_KEY: ASIAY34FZKBOKMUTVV7A\n",
    "services:\n  db:\n    environment:\n      MYSQL_ROOT_PASSWORD: !reset null\n      MYSQL_ROOT_PASSWORD_FILE: /run/secrets/db\n",
  ],
  invalid: [
    { name: 'a secret access key is a secret, its key id is not', code: "services:\n  app:\n    image: example/app:1.0\n    environment:\n      AWS_ACCESS_KEY: AKIAIOSFODNN7EXAMPLE\n      AWS_SECRET_ACCESS_KEY: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n", errors: [{"line": 6, "column": 30, "endLine": 6, "endColumn": 70, "message": "\"AWS_SECRET_ACCESS_KEY\" of service \"app\" holds a plaintext secret"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    environment:\n      POSTGRES_PASSWORD: hunter2\n", errors: [{"line": 5, "column": 26, "endLine": 5, "endColumn": 33, "message": "\"POSTGRES_PASSWORD\" of service \"app\""}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    environment:\n      - API_KEY=sk_live_abc123\n      - DATABASE_URL=mysql://root:pw1234@db:3306/x\n", errors: [{"line": 5, "column": 17, "endLine": 5, "endColumn": 31}, {"line": 6, "column": 22, "endLine": 6, "endColumn": 51, "message": "URL with a plaintext password"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    environment:\n      GITHUB_TOKEN: \"ghp_0123456789\"\n", errors: [{"line": 5, "column": 21, "endLine": 5, "endColumn": 37}], name: "quoted value" },
    { name: 'a live credential by its shape, whatever the name', code: "services:\n  app:\n    image: example/app:1.0\n    environment:\n      MAILER: SG.abcdefghijABCDEFGHIJ12.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ\n      MAILER_REGION: eu\n", errors: [{"line": 5, "column": 15, "message": "\"MAILER\" of service \"app\" holds a SendGrid API key written in the file"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    environment:\n      - PASSWORD=pa$$word\n", errors: [{"line": 5, "column": 18, "endLine": 5, "endColumn": 26}], name: "escaped dollar is literal" },
    { code: "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: s3cr3t-value\n", file: "docker-compose.yml", errors: [{"line": 5, "column": 26, "severity": "high"}], name: "production file: high" },
    { code: "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: s3cr3t-value\n", file: "tests/docker-compose.yml", errors: [{"line": 5, "column": 26, "severity": "medium"}], name: "test file: medium" },
  ],
});
