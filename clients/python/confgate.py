#!/usr/bin/env python3
"""Confgate quality gate: analyze Dockerfiles and Compose files with a Confgate service and fail the build
when a score is below the minimum.

One file, python3 (3.8 or newer), standard library only. It sends files to the service and reports what the
service says; it has no rule logic of its own. Documentation: docs/cli.md in the Confgate repository.

Exit codes: 0 the gate passes, 1 it fails (some score below --min-score), 2 technical error.
"""

import argparse
import hashlib
import http.client
import json
import os
import re
import socket
import stat
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from email.utils import parsedate_to_datetime

__version__ = "1.0.0"

# The service rewrites this one line with its public base URL when it serves the script (GET /static/confgate.py).
DEFAULT_URL = "http://localhost:8080"

# The service's limits (1 KB = 1000 bytes), checked before anything is sent.
MAX_FILE_BYTES = 100000
MAX_PROJECT_BYTES = 500000
MAX_FILES_PER_PROJECT = 10
DEFAULT_MIN_SCORE = 80
# Retries on connection failures and on 429/503 wait at most this long in all.
MAX_TOTAL_WAIT = 30.0
SKIPPED_DIRS = {".git", "node_modules"}

EXIT_PASS, EXIT_FAIL, EXIT_ERROR = 0, 1, 2

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SARIF_AUTOMATION_ID = "confgate/"  # the category "confgate" (src/formatters/sarif.ts says why)
LEVELS = {"critical": "error", "high": "error", "medium": "warning", "low": "note", "info": "note"}
SECURITY_SEVERITY = {"critical": "9.5", "high": "8.0", "medium": "5.5", "low": "3.0"}
SECURITY_CATEGORIES = {"security", "secrets", "supply-chain"}


class TechnicalError(Exception):
    """Anything that keeps the gate from reaching a verdict: exit 2, never 1."""


# ---------------------------------------------------------------------------------------------------------
# Files


class SourceFile(object):
    def __init__(self, name, content):
        self.name = name  # relative to the working directory, "/"-separated: what the service and SARIF see
        self.content = content
        self.size = len(content.encode("utf-8"))


def display_name(path):
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        rel = os.path.abspath(path)
    return rel.replace(os.sep, "/")


def glob_regex(glob, start):
    """A glob of GET /api/file-types as the service reads it: `*` is any characters but `/`, the rest is literal,
    letter case is ignored; matched at the end of a name, from `start`."""
    return re.compile(start + "[^/]*".join(re.escape(part) for part in glob.split("*")) + r"\Z", re.IGNORECASE)


class FileTypes(object):
    """The names and places the service analyzes, from its GET /api/file-types (its list of file types): this
    client keeps no copy of them, so it finds the types of the service it talks to."""

    def __init__(self, items):
        # `auto` is listed too, with no name or place: it is no type of its own.
        self.titles = [item.get("title", item.get("file_type", "")) for item in items if item.get("names") or item.get("paths")]
        self.types = [([glob_regex(g, "^") for g in item.get("names", [])],
                       [glob_regex(g, "(?:^|/)") for g in item.get("paths", [])],
                       [glob_regex(g, "^") for g in item.get("excluded_names", [])]) for item in items]
        # Hidden directories are skipped, except those a place names (`.github` of `.github/workflows/*.yml`).
        self.dirs = [glob_regex(segment, "^") for item in items for g in item.get("paths", []) for segment in g.split("/")[:-1]]

    def walks(self, directory):
        if directory in SKIPPED_DIRS:
            return False
        return not directory.startswith(".") or any(r.match(directory) for r in self.dirs)

    def claims(self, name):
        """Whether a file name (relative, "/"-separated, as the service will see it) is of a type the service analyzes."""
        base = name.rsplit("/", 1)[-1]
        for names, paths, excluded in self.types:
            if any(r.match(base) for r in excluded):
                continue
            if any(r.search(name) for r in paths) or any(r.match(base) for r in names):
                return True
        return False


def unreadable(err, path):
    """What an OSError means for the gate: a path it could not read is a technical error, never a skipped file."""
    return TechnicalError("cannot read %s: %s" % (display_name(err.filename or path), (err.strerror or str(err)).lower()))


def walk_failed(err):
    raise unreadable(err, "")


def expand(paths, file_types_fn):
    """Files named on the command line as they are; directories walked for the names the service analyzes."""
    found = []
    seen = set()
    file_types = None
    for path in paths:
        try:
            is_dir = stat.S_ISDIR(os.stat(path).st_mode)
        except OSError as err:
            raise unreadable(err, path)
        if is_dir:
            if file_types is None:
                file_types = file_types_fn()
            # A directory it cannot list would otherwise be skipped silently, and the gate pass on what it never saw.
            for root, dirs, files in os.walk(path, onerror=walk_failed):
                dirs[:] = sorted(d for d in dirs if file_types.walks(d))
                for name in sorted(files):
                    if file_types.claims(display_name(os.path.join(root, name))):
                        found.append(os.path.join(root, name))
        else:
            found.append(path)
    unique = []
    for path in found:
        key = os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            unique.append(path)
    if not unique:
        kinds = "; ".join(file_types.titles) if file_types else "no type"
        raise TechnicalError("no file of a type the service analyzes (%s) found in %s" % (kinds, ", ".join(paths)))
    return unique


def read_source(path):
    name = display_name(path)
    try:
        size = os.stat(path).st_size
        if size > MAX_FILE_BYTES:
            raise TechnicalError("%s is %d bytes; the limit is 100 KB (100000 bytes) per file; nothing was sent" % (name, size))
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)  # the file may have grown since stat
    except OSError as err:
        raise unreadable(err, path)
    if len(raw) > MAX_FILE_BYTES:
        raise TechnicalError("%s is over 100 KB (100000 bytes), the limit per file; nothing was sent" % name)
    try:
        # Strict: replacing undecodable bytes would judge a text that is not the file.
        content = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise TechnicalError("cannot decode %s: not UTF-8 text (invalid byte at offset %d); nothing was sent" % (name, err.start))
    return SourceFile(name, content)


def batches(sources):
    """Groups of at most 10 files and 500 KB, in order."""
    groups, current, size = [], [], 0
    for source in sources:
        if current and (len(current) == MAX_FILES_PER_PROJECT or size + source.size > MAX_PROJECT_BYTES):
            groups.append(current)
            current, size = [], 0
        current.append(source)
        size += source.size
    if current:
        groups.append(current)
    return groups


# ---------------------------------------------------------------------------------------------------------
# HTTP


class Client(object):
    def __init__(self, base_url, timeout, retries, log):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.attempts = retries + 1
        self.log = log

    def get(self, path):
        return self._request("GET", path, None)

    def post(self, path, body):
        return self._request("POST", path, body)

    def _request(self, method, path, body):
        url = self.base_url + path
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"Accept": "application/json", "User-Agent": "confgate.py/%s python/%d.%d" % ((__version__,) + sys.version_info[:2])}
        if data is not None:
            headers["Content-Type"] = "application/json"
        waited = 0.0
        attempt = 0
        while True:
            attempt += 1
            request = urllib.request.Request(url, data=data, headers=headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return parse_json(response.read(), url, response.headers.get("X-Request-Id"))
            except urllib.error.HTTPError as err:
                problem = http_problem(err)
                delay = retry_after(err.headers.get("Retry-After")) if err.code in (429, 503) else None
                if err.code not in (429, 503) or attempt >= self.attempts:
                    raise TechnicalError("%s %s failed: %s" % (method, url, problem))
                if delay is None:
                    delay = backoff(attempt)
            except socket.timeout:
                raise TechnicalError("%s %s: no answer within %g s (--timeout)" % (method, url, self.timeout))
            except urllib.error.URLError as err:
                if isinstance(err.reason, socket.timeout):
                    raise TechnicalError("%s %s: no answer within %g s (--timeout)" % (method, url, self.timeout))
                problem = "cannot connect (%s)" % (err.reason,)
                if attempt >= self.attempts:
                    raise TechnicalError("%s %s: %s" % (method, url, problem))
                delay = backoff(attempt)
            except (http.client.HTTPException, ConnectionError) as err:
                problem = "connection failed (%s)" % (err.__class__.__name__,)
                if attempt >= self.attempts:
                    raise TechnicalError("%s %s: %s" % (method, url, problem))
                delay = backoff(attempt)
            if waited + delay > MAX_TOTAL_WAIT:
                raise TechnicalError("%s %s: %s; a retry would wait %g s, past the %g s budget"
                                     % (method, url, problem, delay, MAX_TOTAL_WAIT))
            self.log("%s; retrying in %g s (attempt %d of %d)" % (problem, delay, attempt + 1, self.attempts))
            time.sleep(delay)
            waited += delay


def backoff(attempt):
    return 0.5 * 2 ** (attempt - 1)


def retry_after(value):
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); None when absent or bad."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


def parse_json(raw, url, request_id):
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        raise TechnicalError("%s answered with something that is not JSON (request id %s)" % (url, request_id or "unknown"))


def http_problem(err):
    """`HTTP 422 unsupported_file_type: message (request id req_...)` from the service's error envelope."""
    request_id = err.headers.get("X-Request-Id") if err.headers else None
    code, message = "", ""
    try:
        body = json.loads(err.read().decode("utf-8"))
        error = body.get("error") or {}
        code, message = error.get("code") or "", error.get("message") or ""
        request_id = error.get("request_id") or request_id
    except (ValueError, AttributeError, OSError):
        pass
    text = "HTTP %d" % err.code
    if code:
        text += " " + code
    if message:
        text += ": " + message
    return text + " (request id %s)" % (request_id or "unknown")


# ---------------------------------------------------------------------------------------------------------
# Analysis


class Analysis(object):
    """One request and its report: a single file (`file`) or a project (`project`)."""

    def __init__(self, kind, sources, request_id, report):
        self.kind = kind
        self.sources = sources
        self.request_id = request_id
        self.report = report

    def file_reports(self):
        """(source, report) for every file, in order."""
        if self.kind == "file":
            return [(self.sources[0], self.report)]
        by_name = dict((s.name, s) for s in self.sources)
        return [(by_name[f["filename"]], f["report"]) for f in self.report["files"]]

    def scores(self):
        """Every score the gate checks: each file's, then the project's."""
        out = [{"scope": "file", "files": [s.name], "score": r["score"], "grade": r["grade"]} for s, r in self.file_reports()]
        if self.kind == "project":
            out.append({"scope": "project", "files": [s.name for s in self.sources], "score": self.report["score"], "grade": self.report["grade"]})
        return out


def analyze(client, sources, file_type, log):
    if file_type or len(sources) == 1:
        if len(sources) > 1:
            log("--file-type %s: analyzing %d files one by one (cross-file checks need a project, which detects types)" % (file_type, len(sources)))
        out = []
        for source in sources:
            body = client.post("/api/analyze", {"filename": source.name, "file_type": file_type or "auto", "content": source.content})
            out.append(Analysis("file", [source], body.get("request_id"), body["data"]))
        return out
    groups = batches(sources)
    if len(groups) > 1:
        log("%d files: sending %d project requests of at most %d files and 500 KB each; cross-file checks see one request's files"
            % (len(sources), len(groups), MAX_FILES_PER_PROJECT))
    out = []
    for group in groups:
        body = client.post("/api/analyze-project", {"files": [{"filename": s.name, "content": s.content} for s in group]})
        out.append(Analysis("project", group, body.get("request_id"), body["data"]))
    return out


def file_types(client):
    """The file types the service analyzes, from GET /api/file-types."""
    return FileTypes(client.get("/api/file-types")["data"]["items"])


# ---------------------------------------------------------------------------------------------------------
# SARIF: the same shape as the service's (src/formatters/sarif.ts); test/cli-sarif.test.ts compares them.


def artifact_uri(name):
    return "/".join(urllib.parse.quote(segment, safe="!'()*") for segment in name.split("/"))


def normalised_line(content, line):
    lines = re.split(r"\r?\n", content)
    text = lines[line - 1] if 1 <= line <= len(lines) else ""
    return re.sub(r"[ \t]+", " ", text).strip(" ")


def rule_descriptor(info, help_uri):
    security = info["category"] in SECURITY_CATEGORIES
    tags = []
    for tag in [info["category"]] + ([info["target"]] if info.get("target") else []) + (["security"] if security else []) \
            + ["external/cwe/" + c.lower() for c in info.get("cwe") or []]:
        if tag not in tags:
            tags.append(tag)
    properties = {"tags": tags}
    if security and info["severity"] in SECURITY_SEVERITY:
        properties["security-severity"] = SECURITY_SEVERITY[info["severity"]]
    return {
        "id": info["id"],
        "name": info["name"],
        "shortDescription": {"text": info["title"]},
        "fullDescription": {"text": info["description"], "markdown": info["description"]},
        "helpUri": help_uri,
        "help": {
            "text": info["remediation"],
            "markdown": "%s\n\n**Remediation.** %s\n\n[Rule documentation](%s)" % (info["description"], info["remediation"], help_uri),
        },
        "defaultConfiguration": {"level": LEVELS[info["severity"]]},
        "properties": properties,
    }


def from_finding(f):
    return {"id": f["rule_id"], "name": f["rule_name"], "title": f["title"], "description": f["title"],
            "severity": f["severity"], "category": f["category"], "remediation": f["remediation"], "cwe": f.get("cwe")}


def placed_findings(analysis):
    """(finding, source) in the service's order: each file's findings and suppressed ones, then project findings."""
    out = []
    for source, report in analysis.file_reports():
        out.extend((f, source) for f in report["findings"] + report["suppressed"])
    if analysis.kind == "project":
        by_name = dict((s.name, s) for s in analysis.sources)
        for f in analysis.report["project_findings"]:
            name = f["location"].get("file") or ""
            out.append((f, by_name.get(name) or SourceFile(name, "")))
    return out


ADO_PREFIX = "azuredevops/pipeline/build/"
GUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def ado_organization(collection_uri):
    """The organization of SYSTEM_COLLECTIONURI (https://dev.azure.com/ORG/ or https://ORG.visualstudio.com/)."""
    parts = urllib.parse.urlsplit(collection_uri)
    host = (parts.hostname or "").lower()
    if host in ("dev.azure.com", "vsrm.dev.azure.com"):
        return parts.path.strip("/").split("/")[0] or None
    if host.endswith(".visualstudio.com"):
        org = host[:-len(".visualstudio.com")]
        return (org[:-len(".vsrm")] if org.endswith(".vsrm") else org) or None
    return None


def automation_details(environ):
    """run.automationDetails: in an Azure Pipelines job (TF_BUILD=True), the pipeline's identity that GitHub Advanced
    Security for Azure DevOps requires (its id form and four properties, from the agent's predefined variables);
    elsewhere the category "confgate". A pipeline whose variables are incomplete is a technical error: its SARIF
    would be refused on upload."""
    if environ.get("TF_BUILD", "").strip().lower() not in ("true", "1"):
        return {"id": SARIF_AUTOMATION_ID}

    def get(*names):
        return next((environ[n].strip() for n in names if environ.get(n, "").strip()), "")

    org = ado_organization(get("SYSTEM_COLLECTIONURI"))
    project, definition_id, build_id = get("SYSTEM_TEAMPROJECTID"), get("BUILD_DEFINITIONID", "SYSTEM_DEFINITIONID"), get("BUILD_BUILDID")
    phase_id, phase_name, branch = get("SYSTEM_PHASEID", "SYSTEM_JOBID"), get("SYSTEM_PHASENAME", "SYSTEM_JOBNAME"), get("BUILD_SOURCEBRANCH")
    problems = [name for name, ok in (
        ("SYSTEM_COLLECTIONURI", org), ("SYSTEM_TEAMPROJECTID", GUID.match(project)),
        ("BUILD_DEFINITIONID", definition_id.isdigit() and int(definition_id) > 0), ("BUILD_DEFINITIONNAME", get("BUILD_DEFINITIONNAME")),
        ("BUILD_BUILDID", build_id.isdigit() and int(build_id) > 0), ("SYSTEM_PHASEID", GUID.match(phase_id) and phase_id.strip("0-")),
        ("SYSTEM_PHASENAME", phase_name), ("BUILD_SOURCEBRANCH", branch)) if not ok]
    if problems:
        raise TechnicalError("TF_BUILD says this is an Azure Pipelines job, but %s %s missing or invalid: SARIF for Azure DevOps "
                             "needs the pipeline's identity" % (", ".join(problems), "is" if len(problems) == 1 else "are"))
    branch = branch if branch.startswith("refs/") else "refs/heads/" + branch
    return {
        "id": "%s%s/%s/%s/%s/%s/%s" % (ADO_PREFIX, org, project, definition_id, phase_id, branch, build_id),
        "properties": {
            ADO_PREFIX + "buildDefinitionId": definition_id,
            ADO_PREFIX + "buildDefinitionName": get("BUILD_DEFINITIONNAME"),
            ADO_PREFIX + "phaseId": phase_id,
            ADO_PREFIX + "phaseName": phase_name,
        },
    }


def build_sarif(analyses, rule_info, information_uri, automation):
    placed = [p for a in analyses for p in placed_findings(a)]
    first_of = {}
    for f, _ in placed:
        first_of.setdefault(f["rule_id"], f)
    ids = sorted(first_of)
    rules = [rule_descriptor(rule_info(i) or from_finding(first_of[i]), first_of[i]["help_url"]) for i in ids]
    index = dict((rule_id, i) for i, rule_id in enumerate(ids))
    occurrences = {}
    results = []
    for f, source in placed:
        uri = artifact_uri(source.name)
        key = "%s\0%s\0%s" % (f["rule_id"], uri, normalised_line(source.content, f["location"]["start_line"]))
        digest = hashlib.sha256(key.encode("utf-8")).hexdigest()
        occurrences[digest] = occurrences.get(digest, 0) + 1
        loc = f["location"]
        result = {
            "ruleId": f["rule_id"],
            "ruleIndex": index[f["rule_id"]],
            "level": LEVELS[f["severity"]],
            "message": {"text": f["message"]},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": uri},
                "region": {"startLine": loc["start_line"], "startColumn": loc["start_column"], "endLine": loc["end_line"], "endColumn": loc["end_column"]},
            }}],
            "partialFingerprints": {"confgate/v1": "%s:%d" % (digest, occurrences[digest])},
            "properties": {"severity": f["severity"], "category": f["category"], "score_impact": f["score_impact"]},
        }
        suppression = f.get("suppression")
        if suppression:
            result["suppressions"] = [{"kind": "inSource", "justification": suppression.get("reason") or "Suppressed in source: %s" % suppression["pragma"]}]
        results.append(result)
    report = analyses[0].report
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": {
                "name": "Confgate",
                "fullName": "Confgate %s (scoring %s)" % (report["ruleset_version"], report["scoring_version"]),
                "version": report["ruleset_version"],
                "informationUri": information_uri,
                "rules": rules,
            }},
            "automationDetails": automation,
            "columnKind": "utf16CodeUnits",
            "results": results,
            "properties": {
                "ruleset_version": report["ruleset_version"],
                "scoring_version": report["scoring_version"],
                "scores": [{"scope": s["scope"], "uris": [artifact_uri(n) for n in s["files"]], "score": s["score"], "grade": s["grade"]}
                           for a in analyses for s in a.scores()],
            },
        }],
    }


def catalogue(client):
    """GET /api/rules/{id}, once per rule; None for a rule the catalogue does not know (SARIF uses the finding)."""
    cache = {}

    def lookup(rule_id):
        if rule_id not in cache:
            try:
                cache[rule_id] = client.get("/api/rules/" + urllib.parse.quote(rule_id, safe=""))["data"]
            except TechnicalError as err:
                if "HTTP 404" not in str(err):
                    raise
                cache[rule_id] = None
        return cache[rule_id]

    return lookup


def write_atomically(path, text):
    """Writes to a temporary file beside `path` and renames it over, so a reader never sees half a report."""
    directory = os.path.dirname(os.path.abspath(path))
    handle = tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=directory, prefix=".confgate-", suffix=".tmp", delete=False)
    try:
        with handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(handle.name, 0o666 & ~umask)
        os.replace(handle.name, path)
    except OSError as err:
        try:
            os.unlink(handle.name)
        except OSError:
            pass
        raise TechnicalError("cannot write %s: %s" % (path, err.strerror or err))


# ---------------------------------------------------------------------------------------------------------
# Output


class Style(object):
    COLOURS = {"critical": "1;31", "high": "31", "medium": "33", "low": "36", "info": "2", "pass": "1;32", "fail": "1;31", "dim": "2"}

    def __init__(self, enabled):
        self.enabled = enabled

    def __call__(self, what, text):
        if not self.enabled:
            return text
        return "\033[%sm%s\033[0m" % (self.COLOURS[what], text)


def colours_wanted(stream):
    # https://no-color.org: any non-empty NO_COLOR turns colours off.
    return stream.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def counts_text(report):
    parts = ["%d %s" % (report["summary"][s], s) for s in ("critical", "high", "medium", "low", "info") if report["summary"].get(s)]
    return ", ".join(parts) or "no findings"


def finding_lines(f, name, style):
    loc = f["location"]
    yield "%s:%d:%d: %s %s %s: %s" % (name, loc["start_line"], loc["start_column"], style(f["severity"], f["severity"]),
                                      f["rule_id"], f["rule_name"], f["message"])
    yield "    fix: %s" % f["remediation"]
    yield "    help: %s" % f["help_url"]


def by_position(findings):
    return sorted(findings, key=lambda f: (f["location"]["start_line"], f["location"]["start_column"]))


def text_report(analyses, style):
    lines = []
    for analysis in analyses:
        for source, report in analysis.file_reports():
            for f in by_position(report["findings"]):
                lines.extend(finding_lines(f, source.name, style))
            suppressed = " (%d suppressed)" % len(report["suppressed"]) if report["suppressed"] else ""
            lines.append(style("dim", "%s: score %d/100, grade %s: %s%s" % (source.name, report["score"], report["grade"], counts_text(report), suppressed)))
        if analysis.kind == "project":
            for f in analysis.report["project_findings"]:
                lines.extend(finding_lines(f, f["location"].get("file") or "(project)", style))
            names = ", ".join(s.name for s in analysis.sources)
            lines.append(style("dim", "project (%s): score %d/100, grade %s: %s" % (names, analysis.report["score"], analysis.report["grade"], counts_text(analysis.report))))
        lines.append("")
    return lines


def verdict(scores, min_score):
    failing = [s for s in scores if s["score"] < min_score]
    if not failing:
        lowest = min(s["score"] for s in scores)
        return True, "PASS: every score is at least %d (lowest %d)" % (min_score, lowest)
    names = "; ".join("%s %s: %d" % (s["scope"], ", ".join(s["files"]), s["score"]) for s in failing)
    return False, "FAIL: %d of %d scores are below %d (%s)" % (len(failing), len(scores), min_score, names)


# ---------------------------------------------------------------------------------------------------------
# Command line


def score_arg(value):
    try:
        score = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError("must be an integer from 0 to 100")
    if not 0 <= score <= 100:
        raise argparse.ArgumentTypeError("must be an integer from 0 to 100")
    return score


def positive_float(value):
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError("must be a number of seconds")
    if not 0 < number <= 3600:
        raise argparse.ArgumentTypeError("must be more than 0 and at most 3600 seconds")
    return number


def retries_arg(value):
    if not value.isdigit() or int(value) > 10:
        raise argparse.ArgumentTypeError("must be an integer from 0 to 10")
    return int(value)


def url_arg(value):
    parsed = urllib.parse.urlparse(value)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise argparse.ArgumentTypeError("must be an http(s) URL such as https://confgate.example.com")
    return value


def parser():
    p = argparse.ArgumentParser(
        prog="confgate.py",
        description="Analyze Dockerfiles and Compose files with a Confgate service and gate on their scores.",
        epilog="Exit codes: 0 the gate passes; 1 a score is below --min-score; 2 technical error (unreadable path, "
               "file over 100 KB, network failure or timeout, HTTP error, invalid arguments). "
               "Server: --url, else $CONFGATE_URL, else %s." % DEFAULT_URL,
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="files, or directories to search for Dockerfile and Compose file names")
    p.add_argument("--min-score", type=score_arg, default=DEFAULT_MIN_SCORE, metavar="N",
                   help="lowest passing score, 0-100 (default %d: any critical or high finding fails)" % DEFAULT_MIN_SCORE)
    p.add_argument("--sarif", metavar="FILE", help="write a SARIF 2.1.0 report to FILE")
    p.add_argument("--format", choices=("text", "json"), default="text", help="what to print on stdout (default text)")
    p.add_argument("--file-type", metavar="TYPE", help="force the file type (dockerfile, compose) instead of detecting it")
    p.add_argument("--url", type=url_arg, help="base URL of the Confgate service")
    p.add_argument("--timeout", type=positive_float, default=30.0, metavar="SECONDS", help="per request (default 30)")
    p.add_argument("--retries", type=retries_arg, default=3, metavar="N",
                   help="retries on connection failures and 429/503 answers, within %g s in all (default 3)" % MAX_TOTAL_WAIT)
    p.add_argument("--quiet", action="store_true", help="print only the verdict line (and errors)")
    p.add_argument("--version", action="version", version="%(prog)s " + __version__)
    return p


def run(args, err):
    log = (lambda message: None) if args.quiet else (lambda message: err.write("confgate: %s\n" % message))
    base_url = args.url or os.environ.get("CONFGATE_URL") or DEFAULT_URL
    try:
        url_arg(base_url)
    except argparse.ArgumentTypeError as problem:
        raise TechnicalError("the server URL %s (from $CONFGATE_URL or the default) %s" % (base_url, problem))
    if args.sarif and not os.path.isdir(os.path.dirname(os.path.abspath(args.sarif))):
        raise TechnicalError("cannot write %s: its directory does not exist" % args.sarif)
    automation = automation_details(os.environ) if args.sarif else None
    client = Client(base_url, args.timeout, args.retries, log)
    sources = [read_source(path) for path in expand(args.paths, lambda: file_types(client))]
    analyses = analyze(client, sources, args.file_type, log)
    scores = [s for a in analyses for s in a.scores()]
    passed, message = verdict(scores, args.min_score)
    if args.sarif:
        sarif = build_sarif(analyses, catalogue(client), client.base_url, automation)
        write_atomically(args.sarif, json.dumps(sarif, indent=2, ensure_ascii=False) + "\n")
    out = sys.stdout
    if args.format == "json":
        json.dump({
            "version": __version__,
            "url": client.base_url,
            "min_score": args.min_score,
            "passed": passed,
            "verdict": message,
            "scores": [dict(s, passed=s["score"] >= args.min_score) for s in scores],
            "analyses": [{"kind": a.kind, "files": [s.name for s in a.sources], "request_id": a.request_id, "report": a.report} for a in analyses],
        }, out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        style = Style(colours_wanted(out))
        if not args.quiet:
            out.write("\n".join(text_report(analyses, style)) + "\n")
        out.write(style("pass" if passed else "fail", message) + "\n")
    return EXIT_PASS if passed else EXIT_FAIL


def main(argv=None):
    # Messages from the service may hold any character; never let a narrow terminal encoding crash the report.
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    args = parser().parse_args(argv)
    try:
        return run(args, sys.stderr)
    except TechnicalError as error:
        sys.stderr.write("confgate: error: %s\n" % error)
        return EXIT_ERROR
    except KeyboardInterrupt:
        sys.stderr.write("confgate: error: interrupted\n")
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
