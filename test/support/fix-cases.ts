// The fix table (test/fixes.test.ts): for every fixable rule, an input and the file after its fixes.

export interface Case {
  rule: string;
  code: string;
  /** The file after applying the rule's fixes in passes until none applies (two fixes of one step conflict: one
   * pass applies one of them). */
  fixed: string;
  safety?: 'safe' | 'unsafe';
}

/** Every fixable rule with an exact correction. */
export const CASES: Case[] = [
  // Dockerfile
  { rule: 'CGD134', code: 'FROM alpine:3.20\nMAINTAINER Jane Doe <jane@example.com>\n', fixed: 'FROM alpine:3.20\nLABEL org.opencontainers.image.authors="Jane Doe <jane@example.com>"\n' },
  { rule: 'CGD011', code: 'FROM golang:1.23 as build\nRUN go build\n', fixed: 'FROM golang:1.23 AS build\nRUN go build\n' },
  { rule: 'CGD135', code: 'FROM alpine:3.20\nrun echo hi\nRUN echo ho\n', fixed: 'FROM alpine:3.20\nRUN echo hi\nRUN echo ho\n' },
  { rule: 'CGD061', code: 'FROM alpine:3.20\nADD --chown=1:1 app.py /app/\n', fixed: 'FROM alpine:3.20\nCOPY --chown=1:1 app.py /app/\n' },
  { rule: 'CGD136', code: 'FROM alpine:3.20\nENV PATH /opt/bin:$PATH\nENV GREETING hello world\nLABEL team platform\n', fixed: 'FROM alpine:3.20\nENV PATH=/opt/bin:$PATH\nENV GREETING="hello world"\nLABEL team=platform\n' },
  { rule: 'CGD100', code: 'FROM debian:12\nRUN apt-get update && apt-get install --no-install-recommends curl && rm -rf /var/lib/apt/lists/*\n', fixed: 'FROM debian:12\nRUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*\n' },
  { rule: 'CGD101', code: 'FROM debian:12\nRUN apt-get update && apt-get install -y curl && rm -rf /var/lib/apt/lists/*\n', fixed: 'FROM debian:12\nRUN apt-get update && apt-get install --no-install-recommends -y curl && rm -rf /var/lib/apt/lists/*\n' },
  { rule: 'CGD103', code: 'FROM debian:12\nRUN apt-get update && \\\n    apt-get install -y --no-install-recommends curl\n', fixed: 'FROM debian:12\nRUN apt-get update && \\\n    apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*\n' },
  { rule: 'CGD104', code: 'FROM debian:12\nRUN apt update && apt install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*\n', fixed: 'FROM debian:12\nRUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*\n' },
  { rule: 'CGD106', code: 'FROM alpine:3.20\nRUN apk add curl\n', fixed: 'FROM alpine:3.20\nRUN apk add --no-cache curl\n' },
  { rule: 'CGD108', code: 'FROM rockylinux:9\nRUN yum install httpd && yum clean all\n', fixed: 'FROM rockylinux:9\nRUN yum install -y httpd && yum clean all\n' },
  { rule: 'CGD109', code: 'FROM rockylinux:9\nRUN dnf install -y httpd\n', fixed: 'FROM rockylinux:9\nRUN dnf install -y httpd && dnf clean all\n' },
  { rule: 'CGD111', code: 'FROM opensuse/leap:15.6\nRUN zypper install curl && zypper clean --all\n', fixed: 'FROM opensuse/leap:15.6\nRUN zypper --non-interactive install curl && zypper clean --all\n' },
  { rule: 'CGD112', code: 'FROM opensuse/leap:15.6\nRUN zypper -n install curl\n', fixed: 'FROM opensuse/leap:15.6\nRUN zypper -n install curl && zypper clean --all\n' },
  { rule: 'CGD117', code: 'FROM python:3.12\nRUN pip install flask==3.0.0\n', fixed: 'FROM python:3.12\nRUN pip install --no-cache-dir flask==3.0.0\n' },
  { rule: 'CGD144', code: 'FROM node:22\nRUN yarn install --frozen-lockfile\n', fixed: 'FROM node:22\nRUN yarn install --frozen-lockfile && yarn cache clean\n' },
  // Under the file's own exec-form ENTRYPOINT the CMD is its arguments: the words change, so a human decides.
  { rule: 'CGD124', code: 'FROM node:22\nENTRYPOINT ["/entry.sh"]\nCMD node server.js\n', fixed: 'FROM node:22\nENTRYPOINT ["/entry.sh"]\nCMD ["node", "server.js"]\n', safety: 'unsafe' },
  // On a base image the CMD is the arguments of its ENTRYPOINT, which the file does not show (redis's, postgres's
  // branch on the first word): unsafe. On scratch there is none: safe. An ENTRYPOINT resets the base's CMD: safe.
  { rule: 'CGD124', code: 'FROM node:22\nCMD node server.js --port=8080\n', fixed: 'FROM node:22\nCMD ["node", "server.js", "--port=8080"]\n', safety: 'unsafe' },
  { rule: 'CGD124', code: 'FROM golang:1.23 AS build\nRUN go build -o /app .\nFROM scratch\nCOPY --from=build /app /app\nCMD /app --port=8080\n', fixed: 'FROM golang:1.23 AS build\nRUN go build -o /app .\nFROM scratch\nCOPY --from=build /app /app\nCMD ["/app", "--port=8080"]\n' },
  { rule: 'CGD124', code: 'FROM node:22\nENTRYPOINT node server.js\n', fixed: 'FROM node:22\nENTRYPOINT ["node", "server.js"]\n' },
  { rule: 'CGD128', code: 'FROM alpine:3.20\nEXPOSE 53/UDP\n', fixed: 'FROM alpine:3.20\nEXPOSE 53/udp\n' },
  { rule: 'CGD010', code: 'FROM golang:1.23 AS Build\nRUN go build\nFROM alpine:3.20\nCOPY --from=Build /out /out\n', fixed: 'FROM golang:1.23 AS build\nRUN go build\nFROM alpine:3.20\nCOPY --from=Build /out /out\n' },
  { rule: 'CGD141', code: 'FROM alpine:3.20\nCOPY a.txt b.txt /data\nCOPY ["c.txt", "d.txt", "/etc"]\n', fixed: 'FROM alpine:3.20\nCOPY a.txt b.txt /data/\nCOPY ["c.txt", "d.txt", "/etc/"]\n' },
  { rule: 'CGD137', code: 'FROM alpine:3.20\nRUN echo a \\\n\n    && echo b\n', fixed: 'FROM alpine:3.20\nRUN echo a \\\n    && echo b\n' },
  { rule: 'CGD023', code: 'FROM debian:12\nRUN useradd -u 1000000 app\n', fixed: 'FROM debian:12\nRUN useradd --no-log-init -u 1000000 app\n' },
  { rule: 'CGD040', code: 'FROM alpine:3.20\nRUN curl -k -fsSLO https://example.com/tool.tgz\n', fixed: 'FROM alpine:3.20\nRUN curl -fsSLO https://example.com/tool.tgz\n', safety: 'unsafe' },
  { rule: 'CGD142', code: 'FROM debian:12\nRUN curl -fsSL https://example.com/x.tgz | tar xz\n', fixed: 'FROM debian:12\nRUN set -o pipefail && curl -fsSL https://example.com/x.tgz | tar xz\n', safety: 'unsafe' },
  { rule: 'CGD020', code: 'FROM node:22\nCMD ["node", "app.js"]', fixed: 'FROM node:22\nCMD ["node", "app.js"]\nUSER 65534\n', safety: 'unsafe' },
  { rule: 'CGD129', code: 'FROM nginx:1.27\nEXPOSE 127.0.0.1:8080:80/tcp 443\n', fixed: 'FROM nginx:1.27\nEXPOSE 80/tcp 443\n' },
  { rule: 'CGD125', code: 'FROM node:22\nCMD ["npm", "run", "migrate"]\nUSER node\nCMD ["node", "server.js"]\n', fixed: 'FROM node:22\nUSER node\nCMD ["node", "server.js"]\n' },
  { rule: 'CGD126', code: "FROM node:22\nCMD ['node', 'app.js']\n", fixed: 'FROM node:22\nCMD ["node", "app.js"]\n' },
  { rule: 'CGD105', code: 'FROM debian:12\nRUN apt-get update\nRUN apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*\n', fixed: 'FROM debian:12\nRUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*\n' },
  // Compose
  { rule: 'CGC038', code: 'services:\n  web:\n    image: nginx:1.27\n    ports:\n      - "127.0.0.1:8080:80"\n      - "127.0.0.1:8080:80" # again\n      - "127.0.0.1:8443:443"\n  api:\n    image: example/api:1.0\n    ports: ["127.0.0.1:9000:9000", "127.0.0.1:9000:9000"]\n', fixed: 'services:\n  web:\n    image: nginx:1.27\n    ports:\n      - "127.0.0.1:8080:80"\n      - "127.0.0.1:8443:443"\n  api:\n    image: example/api:1.0\n    ports: ["127.0.0.1:9000:9000"]\n' },
  { rule: 'CGC002', code: 'services:\n  web:\n    image: nginx:1.27\n    restart: always\n    image: nginx:1.27\n', fixed: 'services:\n  web:\n    image: nginx:1.27\n    restart: always\n' },
  { rule: 'CGC031', code: 'version: "3.8"\nservices:\n  web:\n    image: nginx:1.27\n', fixed: 'services:\n  web:\n    image: nginx:1.27\n' },
  // external.name → name + external: true, comments kept on their lines, other keys untouched; every section.
  { rule: 'CGC052', code: 'networks:\n  proxy: # edge\n    driver: bridge\n    external: # legacy\n      name: "traefik_proxy" # shared\n    labels:\n      team: ops\n', fixed: 'networks:\n  proxy: # edge\n    driver: bridge\n    external: true # legacy\n    name: "traefik_proxy" # shared\n    labels:\n      team: ops\n' },
  { rule: 'CGC052', code: 'volumes:\n  data:\n    external: { name: pg-data }\nsecrets:\n  token:\n    external:\n      name: api_token\nconfigs:\n  conf:\n    external:\n      name: app_conf\n    labels: [a=b]\n', fixed: 'volumes:\n  data:\n    external: true\n    name: pg-data\nsecrets:\n  token:\n    external: true\n    name: api_token\nconfigs:\n  conf:\n    external: true\n    name: app_conf\n    labels: [a=b]\n' },
  // The same name beside it already: only external: true is left to write.
  { rule: 'CGC052', code: 'volumes:\n  data:\n    name: pg-data\n    external:\n      name: "pg-data"\n', fixed: 'volumes:\n  data:\n    name: pg-data\n    external: true\n' },
  { rule: 'CGC052', code: 'networks:\r\n  proxy:\r\n    external:\r\n      name: edge\r\n    driver: bridge\r\n', fixed: 'networks:\r\n  proxy:\r\n    external: true\r\n    name: edge\r\n    driver: bridge\r\n' },
  { rule: 'CGC041', code: 'services:\n  web:\n    image: nginx:1.27\n    network_mode: host\n    ports:\n      - "8080:80"\n    restart: always\n', fixed: 'services:\n  web:\n    image: nginx:1.27\n    network_mode: host\n    restart: always\n' },
  // Several entries, long syntax: the whole ignored key goes, and nothing else moves (a property test found the law
  // counting each removed entry as a change of its own).
  { rule: 'CGC041', code: 'services:\n  app:\n    image: example/app:1.0\n    network_mode: host\n    ports:\n      - target: 80\n        published: 8080\n        protocol: tcp\n      - "9090:9090"\n    restart: always\n', fixed: 'services:\n  app:\n    image: example/app:1.0\n    network_mode: host\n    restart: always\n' },
  { rule: 'CGC013', code: 'services:\n  web:\n    image: nginx:1.27\n', fixed: 'services:\n  web:\n    image: nginx:1.27\n    security_opt:\n      - no-new-privileges:true\n', safety: 'unsafe' },
  { rule: 'CGC030', code: 'services:\n  web:\n    image: nginx:1.27 # pinned\n', fixed: 'services:\n  web:\n    image: nginx:1.27 # pinned\n    read_only: true\n', safety: 'unsafe' },
  { rule: 'CGC020', code: 'services:\n  web:\n    image: nginx:1.27\n    ports:\n      - "8080:80"\n', fixed: 'services:\n  web:\n    image: nginx:1.27\n    ports:\n      - "127.0.0.1:8080:80"\n', safety: 'unsafe' },
  { rule: 'CGC021', code: 'services:\n  db:\n    image: postgres:17\n    ports:\n      - 5432:5432\n', fixed: 'services:\n  db:\n    image: postgres:17\n    ports:\n      - 127.0.0.1:5432:5432\n', safety: 'unsafe' },
  // GitHub Actions workflows
  { rule: 'CGW021', code: 'on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n      - run: make\n      - uses: actions/upload-artifact@v3\n        with:\n          path: .\n', fixed: 'on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          persist-credentials: false\n      - run: make\n      - uses: actions/upload-artifact@v3\n        with:\n          path: .\n' },
  // A one-line plain run: value: the variable is quoted inside it, the env mapping added to the step.
  { rule: 'CGW001', code: 'on: issues\npermissions: {}\njobs:\n  greet:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github.event.issue.title }} > title.txt\n', fixed: 'on: issues\npermissions: {}\njobs:\n  greet:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo "${ISSUE_TITLE}" > title.txt\n        env:\n          ISSUE_TITLE: ${{ github.event.issue.title }}\n' },
  { rule: 'CGW001', code: 'on: issues\npermissions: {}\njobs:\n  greet:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          echo "Title: ${{ github.event.issue.title }}"\n          echo ${{ github.event.issue.body }}\n', fixed: 'on: issues\npermissions: {}\njobs:\n  greet:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          echo "Title: ${ISSUE_TITLE}"\n          echo "${ISSUE_BODY}"\n        env:\n          ISSUE_TITLE: ${{ github.event.issue.title }}\n          ISSUE_BODY: ${{ github.event.issue.body }}\n' },
  { rule: 'CGW014', code: 'on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: v\n        run: echo "::set-output name=version::1.2.3"\n', fixed: 'on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: v\n        run: echo "version=1.2.3" >> "$GITHUB_OUTPUT"\n' },
  { rule: 'CGW009', code: 'on: pull_request_target\njobs:\n  check:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo "checking"\n', fixed: 'on: pull_request_target\npermissions: {}\njobs:\n  check:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo "checking"\n' },
  // A job that uses the token (an action, gh, GITHUB_TOKEN): read access to the repository is a guess a human checks.
  { rule: 'CGW009', code: 'on: pull_request_target\njobs:\n  label:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/labeler@v5\n', fixed: 'on: pull_request_target\npermissions:\n  contents: read\njobs:\n  label:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/labeler@v5\n', safety: 'unsafe' },
  { rule: 'CGW036', code: 'on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout/.@v4\n      - run: ${{ \'make\' }} test\n', fixed: 'on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n      - run: make test\n' },
  { rule: 'CGW030', code: 'on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: [20, 22, 20]\n        os:\n          - linux\n          - linux\n    steps:\n      - run: make\n', fixed: 'on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: [20, 22]\n        os:\n          - linux\n    steps:\n      - run: make\n' },
  { rule: 'CGW011', code: 'on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    env:\n      ACTIONS_ALLOW_UNSECURE_COMMANDS: true\n      CI: 1\n    steps:\n      - run: make\n', fixed: 'on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    env:\n      CI: 1\n    steps:\n      - run: make\n', safety: 'unsafe' },
  { rule: 'CGW015', code: 'on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n', fixed: 'on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n' },
  { rule: 'CGW026', code: 'on: pull_request\npermissions:\n  contents: Read\n  pull-requests: WRITE\njobs:\n  label:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make label\n', fixed: 'on: pull_request\npermissions:\n  contents: read\n  pull-requests: write\njobs:\n  label:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make label\n' },
  // GitHub Actions actions
  { rule: 'CGA001', code: 'name: greet\nruns:\n  using: composite\n  steps:\n    - run: |\n        echo "${{ github.event.pull_request.title }}"\n      shell: bash\n', fixed: 'name: greet\nruns:\n  using: composite\n  steps:\n    - run: |\n        echo "${PULL_REQUEST_TITLE}"\n      shell: bash\n      env:\n        PULL_REQUEST_TITLE: ${{ github.event.pull_request.title }}\n' },
  { rule: 'CGA006', code: 'name: version\nruns:\n  using: composite\n  steps:\n    - run: echo "::save-state name=started::yes"\n      shell: bash\n', fixed: 'name: version\nruns:\n  using: composite\n  steps:\n    - run: echo "started=yes" >> "$GITHUB_STATE"\n      shell: bash\n' },
  { rule: 'CGA008', code: 'name: build\nruns:\n  using: composite\n  steps:\n    - run: make\n', fixed: 'name: build\nruns:\n  using: composite\n  steps:\n    - run: make\n      shell: bash\n', safety: 'unsafe' },
];
