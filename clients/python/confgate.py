#!/usr/bin/env python3
"""Confgate quality gate: analyze Dockerfiles and Compose files with a Confgate service and fail the build
when a score is below the minimum.

One file, python3 (3.8 or newer), standard library only. It sends files to the service and reports what the
service says; it has no rule logic of its own. Documentation: docs/cli.md in the Confgate repository.

Exit codes: 0 the gate passes, 1 it fails (some score below --min-score, or a finding at or above --fail-on),
2 technical error (nothing was judged).
"""

import argparse
import difflib
import http.client
import json
import os
import re
import socket
import stat
import subprocess
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

SEVERITIES = ("info", "low", "medium", "high", "critical")  # lowest first: --fail-on compares by this order
CONFIG_NAME = ".confgate.json"
STDIN = "-"
DEFAULT_STDIN_NAME = "-"
FORMATS = ("text", "json", "sarif", "github", "gitlab", "junit")

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
    def __init__(self, name, content, path=None):
        self.name = name  # relative to the working directory, "/"-separated: what the service and SARIF see
        self.content = content
        self.size = len(content.encode("utf-8"))
        self.path = path  # the file on disk; None for stdin


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
        # Only what a directory search may send: a type the service lists as `named` (.env files) has no names here.
        self.types = [(item.get("file_type"),
                       [glob_regex(g, "^") for g in item.get("names", [])],
                       [glob_regex(g, "(?:^|/)") for g in item.get("paths", [])],
                       [glob_regex(g, "^") for g in item.get("excluded_names", [])]) for item in items]
        # Files the service wants with a file of a type, when they exist beside it: `{name}` is that file's base name.
        self.sent_with = [(item["sent_with"].get("file_type"), item["sent_with"].get("names", []))
                          for item in items if isinstance(item.get("sent_with"), dict)]
        # Hidden directories are skipped, except those a place names (`.github` of `.github/workflows/*.yml`).
        self.dirs = [glob_regex(segment, "^") for item in items for g in item.get("paths", []) for segment in g.split("/")[:-1]]

    def walks(self, directory):
        if directory in SKIPPED_DIRS:
            return False
        return not directory.startswith(".") or any(r.match(directory) for r in self.dirs)

    def type_of(self, name):
        """The type a directory search finds a file name (relative, "/"-separated, as the service will see it) as, or None."""
        base = name.rsplit("/", 1)[-1]
        for file_type, names, paths, excluded in self.types:
            if any(r.match(base) for r in excluded):
                continue
            if any(r.search(name) for r in paths) or any(r.match(base) for r in names):
                return file_type
        return None

    def claims(self, name):
        """Whether a file name is of a type the service analyzes."""
        return self.type_of(name) is not None

    def companions(self, path):
        """The files beside `path` the service wants sent with it (the ignore file of a Dockerfile), that exist."""
        kind = self.type_of(display_name(path))
        directory, base = os.path.split(path)
        found = []
        for file_type, names in self.sent_with:
            if kind is None or file_type != kind:
                continue
            for template in names:
                candidate = os.path.join(directory, template.replace("{name}", base))
                if os.path.isfile(candidate) and candidate not in found:
                    found.append(candidate)
        return found


def unreadable(err, path):
    """What an OSError means for the gate: a path it could not read is a technical error, never a skipped file."""
    return TechnicalError("cannot read %s: %s" % (display_name(err.filename or path), (err.strerror or str(err)).lower()))


def walk_failed(err):
    raise unreadable(err, "")


def expand(paths, file_types_fn, excludes_for, log, with_companions=True):
    """Files named on the command line as they are; directories walked for the names the service analyzes (never
    a type the service lists as `named`: a .env file is sent only when named). A file or directory an exclude
    matches is left out (a directory is not entered); `-` (stdin) is kept as it is. With each file come the files
    the service wants sent with it that exist beside it (the ignore file of a Dockerfile). Answers units: lists of
    paths that a project request keeps together."""
    found = []
    walked = set()
    seen = set()
    file_types = None
    excluded = []
    for path in paths:
        if path == STDIN:
            found.append(path)
            continue
        excludes = excludes_for(path)
        try:
            is_dir = stat.S_ISDIR(os.stat(path).st_mode)
        except OSError as err:
            raise unreadable(err, path)
        if is_dir:
            if file_types is None:
                file_types = file_types_fn()
            # A directory it cannot list would otherwise be skipped silently, and the gate pass on what it never saw.
            for root, dirs, files in os.walk(path, onerror=walk_failed):
                kept = []
                for d in sorted(dirs):
                    if not file_types.walks(d):
                        continue
                    if excludes and excluded_by(excludes, os.path.join(root, d), True):
                        excluded.append(os.path.join(root, d) + "/")
                        continue
                    kept.append(d)
                dirs[:] = kept
                for name in sorted(files):
                    full = os.path.join(root, name)
                    if file_types.claims(display_name(full)):
                        if excludes and excluded_by(excludes, full):
                            excluded.append(full)
                        else:
                            found.append(full)
                            walked.add(full)
        else:
            rule = excluded_by(excludes, path) if excludes else None
            if rule:
                log("%s is excluded by %s (%s)" % (display_name(path), rule.pattern, rule.source))
                excluded.append(path)
            else:
                found.append(path)
    # A file the service wants sent with another (an ignore file with its Dockerfile) joins that file's unit, which
    # a request never splits; a named file with no file beside it needs no look-up.
    named = [p for p in found if p != STDIN and p not in walked]
    if file_types is None and with_companions and any(has_siblings(p) for p in named):
        file_types = file_types_fn()
    units = []
    unit_of = {}
    for path in found:
        key = path if path == STDIN else os.path.realpath(path)
        if key in seen:
            continue
        companions = []
        if path != STDIN and file_types is not None and with_companions:
            companions = [c for c in file_types.companions(path) if not (excludes_for(path) and excluded_by(excludes_for(path), c))]
        joined = next((unit_of[os.path.realpath(c)] for c in companions if os.path.realpath(c) in unit_of), None)
        unit = joined if joined is not None else []
        if joined is None:
            units.append(unit)
        for p in [path] + companions:
            k = p if p == STDIN else os.path.realpath(p)
            if k in seen:
                continue
            seen.add(k)
            unit.append(p)
            unit_of[k] = unit
    unique = [p for unit in units for p in unit]
    if excluded and unique:
        log("left out %d excluded path%s" % (len(excluded), "" if len(excluded) == 1 else "s"))
    if not unique:
        if excluded:
            raise TechnicalError("nothing to analyze in %s: every file found is excluded (%d path%s)"
                                 % (", ".join(paths), len(excluded), "" if len(excluded) == 1 else "s"))
        kinds = "; ".join(file_types.titles) if file_types else "no type"
        raise TechnicalError("no file of a type the service analyzes (%s) found in %s" % (kinds, ", ".join(paths)))
    return units


def has_siblings(path):
    """Whether another file stands in `path`'s directory (only then can a file go with it)."""
    directory, base = os.path.split(path)
    try:
        return any(name != base and os.path.isfile(os.path.join(directory or ".", name)) for name in os.listdir(directory or "."))
    except OSError:
        return False


def read_stdin(name, stream):
    raw = stream.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise TechnicalError("stdin is over 100 KB (100000 bytes), the limit per file; nothing was sent")
    try:
        content = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise TechnicalError("cannot decode stdin: not UTF-8 text (invalid byte at offset %d); nothing was sent" % err.start)
    return SourceFile(name, content)


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
    return SourceFile(name, content, path)


def batches(sources, together=None):
    """Groups of at most 10 files and 500 KB, in order; the files of one unit (`together`: lists of names, a
    Dockerfile and its ignore file) stay in one group unless the unit alone is over a limit."""
    unit_of = {}
    for unit in together or []:
        for name in unit:
            unit_of[name] = tuple(unit)
    units = []
    for source in sources:
        key = unit_of.get(source.name)
        if units and key is not None and units[-1][0] == key:
            units[-1][1].append(source)
        else:
            units.append((key, [source]))
    groups, current, size = [], [], 0
    for _, unit in units:
        unit_size = sum(s.size for s in unit)
        fits = len(unit) <= MAX_FILES_PER_PROJECT and unit_size <= MAX_PROJECT_BYTES
        if current and fits and (len(current) + len(unit) > MAX_FILES_PER_PROJECT or size + unit_size > MAX_PROJECT_BYTES):
            groups.append(current)
            current, size = [], 0
        for source in unit:
            if current and (len(current) == MAX_FILES_PER_PROJECT or size + source.size > MAX_PROJECT_BYTES):
                groups.append(current)
                current, size = [], 0
            current.append(source)
            size += source.size
    if current:
        groups.append(current)
    return groups


# ---------------------------------------------------------------------------------------------------------
# Configuration: .confgate.json, found upward from the analyzed paths or named with --config


class Config(object):
    """A validated configuration file; `values` holds only the keys it sets."""

    def __init__(self, path, values):
        self.path = path
        self.values = values
        self.directory = os.path.dirname(os.path.abspath(path)) if path else None


CONFIG_KEYS = ("profile", "rules", "exclude", "min_score", "fail_on")
RULES_KEYS = ("enable", "disable", "severity", "options")


def config_error(path, where, problem):
    return TechnicalError("%s: %s %s" % (display_name(path), where, problem))


def string_list(path, where, value):
    if not isinstance(value, list):
        raise config_error(path, where, "must be a list of strings")
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            raise config_error(path, "%s[%d]" % (where, i), "must be a non-empty string")
    return value


def validate_config(path, data):
    """The file's settings, or a technical error naming the file and the key. Types only: the service judges values
    (profile names, rule ids and names, severities, options) and answers 422 naming the field."""
    if not isinstance(data, dict):
        raise TechnicalError("%s: must hold a JSON object (keys: %s)" % (display_name(path), ", ".join(CONFIG_KEYS)))
    for key in data:
        if key not in CONFIG_KEYS:
            raise config_error(path, 'unknown key "%s";' % key, "the keys are %s" % ", ".join(CONFIG_KEYS))
    if "profile" in data and (not isinstance(data["profile"], str) or not data["profile"]):
        raise config_error(path, "profile", 'must be a string ("recommended" or "strict")')
    if "min_score" in data:
        value = data["min_score"]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
            raise config_error(path, "min_score", "must be an integer from 0 to 100")
    if "fail_on" in data and data["fail_on"] not in SEVERITIES:
        raise config_error(path, "fail_on", "must be one of %s" % ", ".join(SEVERITIES))
    if "exclude" in data:
        for i, pattern in enumerate(string_list(path, "exclude", data["exclude"])):
            try:
                exclude_regex(pattern)
            except ValueError as err:
                raise config_error(path, "exclude[%d]" % i, str(err))
    if "rules" in data:
        rules = data["rules"]
        if not isinstance(rules, dict):
            raise config_error(path, "rules", "must be an object (keys: %s)" % ", ".join(RULES_KEYS))
        for key in rules:
            if key not in RULES_KEYS:
                raise config_error(path, 'unknown key "rules.%s";' % key, "the keys of rules are %s" % ", ".join(RULES_KEYS))
        for key in ("enable", "disable"):
            if key in rules:
                string_list(path, "rules." + key, rules[key])
        if "severity" in rules:
            if not isinstance(rules["severity"], dict):
                raise config_error(path, "rules.severity", 'must be an object of rule to severity, such as {"CGD020": "low"}')
            for rule, severity in rules["severity"].items():
                if not isinstance(severity, str):
                    raise config_error(path, "rules.severity.%s" % rule, "must be a string (%s)" % ", ".join(SEVERITIES))
        if "options" in rules:
            if not isinstance(rules["options"], dict):
                raise config_error(path, "rules.options", "must be an object of rule to its options")
            for rule, options in rules["options"].items():
                if not isinstance(options, dict):
                    raise config_error(path, "rules.options.%s" % rule, "must be an object of the rule's options")
    return data


def load_config(path):
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise unreadable(err, path)
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise TechnicalError("%s: not UTF-8 text (invalid byte at offset %d)" % (display_name(path), err.start))
    except ValueError as err:
        raise TechnicalError("%s: not valid JSON: %s" % (display_name(path), err))
    return Config(path, validate_config(path, data))


def find_config(directory):
    """The nearest .confgate.json at or above `directory`; the search stops at a directory holding .git (after
    looking in it: a repository's root is where its file lives) or at the filesystem root."""
    current = os.path.abspath(directory)
    while True:
        candidate = os.path.join(current, CONFIG_NAME)
        if os.path.isfile(candidate):
            return candidate
        if os.path.exists(os.path.join(current, ".git")):
            return None
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def search_start(path, stdin_name):
    if path == STDIN:
        return os.path.dirname(os.path.abspath(stdin_name)) if stdin_name else os.getcwd()
    return os.path.abspath(path) if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))


def discover_config(paths, stdin_name):
    """One configuration for the run: every path argument must find the same file (or none)."""
    found = [(path, find_config(search_start(path, stdin_name))) for path in paths]
    distinct = []
    for _, config in found:
        if config not in distinct:
            distinct.append(config)
    if len(distinct) > 1:
        raise TechnicalError("the paths have different configuration files (%s): analyze them in separate runs, or name "
                             "one file with --config" % "; ".join("%s: %s" % (path if path != STDIN else "stdin", display_name(c) if c else "none")
                                                                  for path, c in found))
    return distinct[0] if distinct else None


# ---------------------------------------------------------------------------------------------------------
# Excludes: gitignore-style globs


def exclude_regex(pattern):
    """A gitignore-style glob as a regular expression over "/"-separated relative paths: `*` any characters but
    `/`, `?` one of them, `[abc]` a class, `**` any depth (`**/x`, `x/**`, `a/**/b`); a pattern with a `/` before its
    end is anchored to the base directory, one without matches at any depth; a trailing `/` matches directories only."""
    if pattern.startswith("!"):
        raise ValueError('"%s": negated patterns (!) are not supported' % pattern)
    body = pattern.rstrip("/")
    if body.startswith("./"):  # "./test" as people write it: anchored, as "/test"
        body = body[1:]
    if not body:
        raise ValueError('"%s" matches nothing' % pattern)
    anchored = "/" in body
    body = body.lstrip("/")
    out = []
    i = 0
    while i < len(body):
        c = body[i]
        if body.startswith("**", i) and (i == 0 or body[i - 1] == "/"):
            if body.startswith("**/", i):
                out.append("(?:[^/]*/)*")
                i += 3
                continue
            if i + 2 == len(body):
                out.append(".*")
                i += 2
                continue
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            end = body.find("]", i + 2 if body.startswith("[!", i) or body.startswith("[^", i) else i + 1)
            if end < 0:
                out.append(re.escape(c))
            else:
                inner = body[i + 1:end]
                negate = inner[:1] in ("!", "^")
                inner = inner[1:] if negate else inner
                out.append("(?!/)[%s%s]" % ("^" if negate else "", inner.replace("\\", "\\\\")))
                i = end
        elif c == "\\" and i + 1 < len(body):
            i += 1
            out.append(re.escape(body[i]))
        else:
            out.append(re.escape(c))
        i += 1
    return re.compile(("^" if anchored else "^(?:[^/]*/)*") + "".join(out) + r"\Z"), pattern.endswith("/")


class Exclude(object):
    """One pattern, matched against paths relative to `base` (an absolute directory), from `source`."""

    def __init__(self, pattern, base, source):
        self.pattern = pattern
        self.regex, self.dirs_only = exclude_regex(pattern)
        self.base = base
        self.source = source

    def matches(self, path, is_dir=False):
        """Whether a path (absolute), or one of its directories below the base, matches."""
        rel = os.path.relpath(path, self.base).replace(os.sep, "/")
        if rel == "." or rel == ".." or rel.startswith("../"):
            return False
        parts = rel.split("/")
        for n in range(1, len(parts) + 1):
            prefix_is_dir = n < len(parts) or is_dir
            if (prefix_is_dir or not self.dirs_only) and self.regex.match("/".join(parts[:n])):
                return True
        return False


def excluded_by(excludes, path, is_dir=False):
    absolute = os.path.abspath(path)
    return next((e for e in excludes if e.matches(absolute, is_dir)), None)


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


def analyze(client, sources, file_type, log, settings=None, baseline=None, together=None):
    """Sends the files; `settings` (profile, rules) go into every request body, and each request's `baseline` lists
    the fingerprints the baseline (`{file: set of fingerprints}`) records for its files."""
    try:
        return send(client, sources, file_type, log, settings or {}, baseline or {}, together)
    except TechnicalError as err:
        raise TechnicalError(str(err) + (settings_origin(str(err), settings.origins) if settings else ""))


def with_baseline(extra, group, baseline):
    """The request body's common fields, with the fingerprints the baseline records for this request's files."""
    known = sorted(set(fp for s in group for fp in baseline.get(s.name, ())))
    if len(known) > MAX_BASELINE_PER_REQUEST:
        raise TechnicalError("the baseline records %d findings for %s, more than the %d a request takes"
                             % (len(known), ", ".join(s.name for s in group), MAX_BASELINE_PER_REQUEST))
    return dict(extra, baseline=known) if known else extra


def send(client, sources, file_type, log, extra, baseline, together=None):
    if file_type or len(sources) == 1:
        if len(sources) > 1:
            log("--file-type %s: analyzing %d files one by one (cross-file checks need a project, which detects types)" % (file_type, len(sources)))
        out = []
        for source in sources:
            body = client.post("/api/analyze", dict(with_baseline(extra, [source], baseline), filename=source.name, file_type=file_type or "auto", content=source.content))
            out.append(Analysis("file", [source], body.get("request_id"), body["data"]))
        return out
    groups = batches(sources, together)
    if len(groups) > 1:
        log("%d files: sending %d project requests of at most %d files and 500 KB each; cross-file checks see one request's files"
            % (len(sources), len(groups), MAX_FILES_PER_PROJECT))
    out = []
    for group in groups:
        body = client.post("/api/analyze-project", dict(with_baseline(extra, group, baseline), files=[{"filename": s.name, "content": s.content} for s in group]))
        out.append(Analysis("project", group, body.get("request_id"), body["data"]))
    return out


def fixed_files(analyses):
    """(source, fixed) for every file of the analyses: `fixed` is the service's {content, applied, score, remaining}."""
    out = []
    for a in analyses:
        if a.kind == "file":
            pairs = [(a.sources[0], a.report.get("fixed"))]
        else:
            by_name = dict((s.name, s) for s in a.sources)
            pairs = [(by_name[f["filename"]], f.get("fixed")) for f in a.report["files"]]
        # A .env file gets no `fixed` (its text is never echoed): it stays as it is.
        out.extend((source, fixed or {"content": source.content, "applied": 0}) for source, fixed in pairs)
    return out


def write_fixed(path, text):
    """The fixed file in place of the original, atomically, with the original's mode and line breaks as given."""
    directory = os.path.dirname(os.path.abspath(path))
    handle = tempfile.NamedTemporaryFile("w", encoding="utf-8", newline="", dir=directory, prefix=".confgate-", suffix=".tmp", delete=False)
    try:
        with handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, stat.S_IMODE(os.stat(path).st_mode))
        os.replace(handle.name, path)
    except OSError as err:
        try:
            os.unlink(handle.name)
        except OSError:
            pass
        raise TechnicalError("cannot write the fixed %s: %s" % (display_name(path), err.strerror or err))


def fix_sources(client, sources, file_type, log, settings, baseline, mode, diff, together=None):
    """Asks the service for the fixed files (`fix`: safe or all); writes them, or prints their unified diff, only once
    every request has succeeded; then analyzes the fixed files, which the gate judges."""
    extra = Settings()
    extra.update(settings or {})
    extra.origins = dict(getattr(settings, "origins", {}))
    extra["fix"] = mode
    fixes = fixed_files(analyze(client, sources, file_type, log, extra, baseline, together))
    changed = [(source, fixed) for source, fixed in fixes if fixed["content"] != source.content]
    for source, fixed in changed:
        if diff:
            sys.stdout.write("".join(difflib.unified_diff(source.content.splitlines(True), fixed["content"].splitlines(True),
                                                          "a/" + source.name, "b/" + source.name)))
        else:
            write_fixed(source.path, fixed["content"])
    applied = sum(fixed["applied"] for _, fixed in fixes)
    log("%s %d fix%s in %d of %d files (%s)" % ("would apply" if diff else "applied", applied, "" if applied == 1 else "es",
                                              len(changed), len(fixes), "safe fixes" if mode == "safe" else "safe and unsafe fixes"))
    fixed_sources = [SourceFile(source.name, fixed["content"], source.path) for source, fixed in fixes]
    return analyze(client, fixed_sources, file_type, log, settings, baseline, together)


def file_types(client):
    """The file types the service analyzes, from GET /api/file-types."""
    return FileTypes(client.get("/api/file-types")["data"]["items"])


# ---------------------------------------------------------------------------------------------------------
# SARIF: the same shape as the service's (src/formatters/sarif.ts); test/cli-sarif.test.ts compares them.


def artifact_uri(name):
    return "/".join(urllib.parse.quote(segment, safe="!'()*") for segment in name.split("/"))


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
        for f in analysis.report["project_findings"] + analysis.report.get("project_suppressed", []):
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


def fingerprinted(analyses):
    """(finding, source, fingerprint) for every finding and suppressed finding, in the service's order. The
    fingerprint is the service's own (the finding's `fingerprint`: its rule, its file and a hash of the text it
    points at, secrets masked), as SARIF's partialFingerprints["confgate/v1"] carries it; for GitLab, whose issues
    need distinct fingerprints, a repeat of the same text in one file gets an occurrence number (`:2`, `:3`...)."""
    occurrences = {}
    out = []
    for f, source in [p for a in analyses for p in placed_findings(a)]:
        n = occurrences[f["fingerprint"]] = occurrences.get(f["fingerprint"], 0) + 1
        out.append((f, source, f["fingerprint"] if n == 1 else "%s:%d" % (f["fingerprint"], n)))
    return out


def build_sarif(analyses, rule_info, information_uri, automation):
    placed = fingerprinted(analyses)
    first_of = {}
    for f, _, _ in placed:
        first_of.setdefault(f["rule_id"], f)
    ids = sorted(first_of)
    rules = [rule_descriptor(rule_info(i) or from_finding(first_of[i]), first_of[i]["help_url"]) for i in ids]
    index = dict((rule_id, i) for i, rule_id in enumerate(ids))
    results = []
    for f, source, _ in placed:
        uri = artifact_uri(source.name)
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
            "partialFingerprints": {"confgate/v1": f["fingerprint"]},
            "properties": {"severity": f["severity"], "category": f["category"], "score_impact": f["score_impact"]},
        }
        fix = f.get("fix")
        if fix and fix.get("edits"):
            # The fix as SARIF's fixes[]: never an empty artifactChanges or replacements (GitHub rejects the upload).
            result["fixes"] = [{"description": {"text": fix["description"]}, "artifactChanges": [{
                "artifactLocation": {"uri": uri},
                "replacements": [dict([("deletedRegion", {"startLine": e["start_line"], "startColumn": e["start_column"], "endLine": e["end_line"], "endColumn": e["end_column"]})]
                                      + ([("insertedContent", {"text": e["text"]})] if e["text"] else [])) for e in fix["edits"]],
            }]}]
        suppression = f.get("suppression")
        if suppression and suppression["kind"] == "baseline":
            result["suppressions"] = [{"kind": "external", "justification": "In the baseline: a known finding, not gated on."}]
        elif suppression:
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
            "properties": dict([
                ("ruleset_version", report["ruleset_version"]),
                ("scoring_version", report["scoring_version"]),
            ] + [(key, report[key]) for key in ("profile", "rules") if key in report] + [  # the configuration the scores were made with
                ("scores", [{"scope": s["scope"], "uris": [artifact_uri(n) for n in s["files"]], "score": s["score"], "grade": s["grade"]}
                            for a in analyses for s in a.scores()]),
            ]),
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
# Baselines: the findings known today, by the service's fingerprint (rule, file, a hash of the text with secrets
# masked: a committed baseline reveals no secret). --baseline sends them so that only new findings count.

BASELINE_VERSION = 1
MAX_BASELINE_PER_REQUEST = 5000


def baseline_text(analyses):
    """The baseline of these analyses: every finding that counts, and those a baseline already knew (so writing a
    baseline while reading one keeps them); pragma-suppressed findings are left out, their pragma stays."""
    entries = set()
    for analysis in analyses:
        for f, source in placed_findings(analysis):
            suppression = f.get("suppression")
            if not suppression or suppression["kind"] == "baseline":
                entries.add((source.name, f["rule_id"], f["fingerprint"]))
    findings = [{"file": name, "rule_id": rule_id, "fingerprint": fp} for name, rule_id, fp in sorted(entries)]
    return json.dumps({"version": BASELINE_VERSION, "tool": "confgate", "findings": findings}, indent=2, ensure_ascii=False) + "\n"


def read_baseline(path):
    """{file: set of fingerprints} from a baseline --write-baseline wrote."""
    try:
        with open(path, "rb") as handle:
            data = json.loads(handle.read().decode("utf-8"))
    except OSError as err:
        raise TechnicalError("cannot read the baseline %s: %s" % (path, err.strerror or err))
    except ValueError as err:
        raise TechnicalError("the baseline %s is not JSON in UTF-8: %s" % (path, err))
    findings = data.get("findings") if isinstance(data, dict) and data.get("version") == BASELINE_VERSION else None
    valid = isinstance(findings, list) and all(
        isinstance(f, dict) and isinstance(f.get("file"), str) and isinstance(f.get("fingerprint"), str)
        and 0 < len(f["fingerprint"]) <= 64 for f in findings)
    if not valid:
        raise TechnicalError("the baseline %s is not a Confgate baseline: expected {\"version\": %d, \"findings\": "
                             "[{\"file\", \"rule_id\", \"fingerprint\"}...]}, as --write-baseline writes" % (path, BASELINE_VERSION))
    by_file = {}
    for f in findings:
        by_file.setdefault(f["file"], set()).add(f["fingerprint"])
    return by_file


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


def rank(severity):
    return SEVERITIES.index(severity) if severity in SEVERITIES else -1


def active(placed):
    """The findings that count (not suppressed), with their file and fingerprint."""
    return [(f, source, fingerprint) for f, source, fingerprint in placed if not f.get("suppression")]


def where(f, source):
    return "%s:%d:%d" % (source.name or "(project)", f["location"]["start_line"], f["location"]["start_column"])


class Gate(object):
    """The verdict: every score at least min_score and, with fail_on, no finding at or above that severity."""

    def __init__(self, analyses, min_score, fail_on):
        self.min_score = min_score
        self.fail_on = fail_on
        self.scores = [s for a in analyses for s in a.scores()]
        self.findings = active(fingerprinted(analyses))
        order = {}
        for _, source, _ in self.findings:
            order.setdefault(source.name, len(order))
        self.blocking = sorted([(f, s) for f, s, _ in self.findings if fail_on and rank(f["severity"]) >= rank(fail_on)],
                               key=lambda x: (order[x[1].name], x[0]["location"]["start_line"], x[0]["location"]["start_column"], x[0]["rule_id"]))
        failing = [s for s in self.scores if s["score"] < min_score]
        problems = []
        if failing:
            names = "; ".join("%s %s: %d" % (s["scope"], ", ".join(s["files"]), s["score"]) for s in failing)
            problems.append("%d of %d scores are below %d (%s)" % (len(failing), len(self.scores), min_score, names))
        if self.blocking:
            shown = ", ".join("%s %s" % (where(f, s), f["rule_id"]) for f, s in self.blocking[:10])
            more = " and %d more" % (len(self.blocking) - 10) if len(self.blocking) > 10 else ""
            problems.append("%d finding%s at or above %s (%s%s)" % (len(self.blocking), "" if len(self.blocking) == 1 else "s", fail_on, shown, more))
        self.passed = not problems
        if problems:
            self.message = "FAIL: " + "; ".join(problems)
        else:
            lowest = min(s["score"] for s in self.scores)
            self.message = "PASS: every score is at least %d (lowest %d)" % (min_score, lowest)
            if fail_on:
                self.message += "; no finding at or above %s" % fail_on

    def score_passed(self, score):
        return score["score"] >= self.min_score

    def blocks(self, f):
        return bool(self.fail_on) and rank(f["severity"]) >= rank(self.fail_on)


# GitHub workflow commands: https://docs.github.com/actions/reference/workflow-commands-for-github-actions
GITHUB_LEVELS = {"critical": "error", "high": "error", "medium": "warning", "low": "notice", "info": "notice"}
# GitLab Code Quality severities: info, minor, major, critical, blocker.
GITLAB_SEVERITIES = {"critical": "blocker", "high": "critical", "medium": "major", "low": "minor", "info": "info"}


def github_data(text):
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def github_property(text):
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


def github_report(analyses, gate):
    """One workflow command per finding (error for critical and high, warning for medium, notice for low and info),
    each score, and the verdict; GitHub turns the commands into annotations on the files."""
    lines = []
    for f, source, _ in gate.findings:
        loc = f["location"]
        properties = [("file", source.name), ("line", str(loc["start_line"])), ("col", str(loc["start_column"])),
                      ("title", "%s %s" % (f["rule_id"], f["rule_name"]))]
        message = "%s\n\nFix: %s\n%s" % (f["message"], f["remediation"], f["help_url"])
        lines.append("::%s %s::%s" % (GITHUB_LEVELS[f["severity"]], ",".join("%s=%s" % (k, github_property(v)) for k, v in properties), github_data(message)))
    for s in gate.scores:
        lines.append("%s %s: score %d/100, grade %s" % (s["scope"], ", ".join(s["files"]), s["score"], s["grade"]))
    lines.append(gate.message)
    return "\n".join(lines) + "\n"


def gitlab_report(gate):
    """A GitLab Code Quality report: a JSON array of issues, each with a fingerprint that stays when lines move."""
    return json.dumps([{
        "description": "%s %s: %s" % (f["rule_id"], f["rule_name"], f["message"]),
        "check_name": f["rule_id"],
        "fingerprint": fingerprint,
        "severity": GITLAB_SEVERITIES[f["severity"]],
        "location": {"path": source.name, "lines": {"begin": f["location"]["start_line"]}},
    } for f, source, fingerprint in gate.findings], indent=2, ensure_ascii=False) + "\n"


XML_INVALID = re.compile(u"[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text):
    text = XML_INVALID.sub(u"\ufffd", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def finding_text(f, source):
    return "%s: %s %s %s: %s" % (where(f, source), f["severity"], f["rule_id"], f["rule_name"], f["message"])


def junit_report(analyses, gate):
    """JUnit XML: one test case per file (and one per project score). A case fails when its score is below the
    minimum or it holds a finding at or above --fail-on; its one <failure> lists the findings, one per line."""
    cases = []
    for analysis in analyses:
        by_name = dict((s.name, s) for s in analysis.sources)
        file_scores = [s for s in analysis.scores() if s["scope"] == "file"]
        for (source, report), score in zip(analysis.file_reports(), file_scores):
            cases.append(("file", source.name, report, score, [(f, source) for f in report["findings"]]))
        if analysis.kind == "project":
            score = [s for s in analysis.scores() if s["scope"] == "project"][0]
            own = []
            for f in analysis.report["project_findings"]:
                name = f["location"].get("file") or ""
                if not f.get("suppression"):
                    own.append((f, by_name.get(name) or SourceFile(name, "")))
            cases.append(("project", "project (%s)" % ", ".join(s.name for s in analysis.sources), analysis.report, score, own))
    body = []
    failures = 0
    for scope, name, report, score, own in cases:
        reasons = []
        if not gate.score_passed(score):
            reasons.append("score %d/100 is below %d" % (score["score"], gate.min_score))
        blocking = [f for f, _ in own if gate.blocks(f)]
        if blocking:
            reasons.append("%d finding%s at or above %s" % (len(blocking), "" if len(blocking) == 1 else "s", gate.fail_on))
        listing = "\n".join(finding_text(f, s) for f, s in own)
        attrs = 'classname="confgate.%s" name="%s"' % (scope, xml_text(name))
        if scope == "file":
            attrs += ' file="%s"' % xml_text(name)
        summary = "score %d/100, grade %s: %s" % (score["score"], score["grade"], counts_text(report))
        if reasons:
            failures += 1
            body.append('    <testcase %s>\n      <failure type="confgate" message="%s">%s</failure>\n    </testcase>'
                        % (attrs, xml_text("; ".join(reasons) + " (" + summary + ")"), xml_text(listing + "\n" if listing else summary + "\n")))
        else:
            body.append('    <testcase %s>\n      <system-out>%s</system-out>\n    </testcase>' % (attrs, xml_text(summary + ("\n" + listing if listing else "") + "\n")))
    head = 'name="confgate" tests="%d" failures="%d" errors="0"' % (len(cases), failures)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites %s>\n  <testsuite %s skipped="0">\n%s\n  </testsuite>\n</testsuites>\n'
            % (head, head, "\n".join(body)))


# ---------------------------------------------------------------------------------------------------------
# Settings: profile and rules sent with every analysis, from the configuration file and the command line


class Settings(dict):
    """The fields every analysis request carries (`profile`, `rules`), and where each value came from
    (`origins`: field path -> the file or flag), so that a 422 naming a field can say where to fix it."""

    def __init__(self):
        dict.__init__(self)
        self.origins = {}


def split_rules(values):
    """--enable/--disable values: repeatable, each a comma-separated list."""
    return [part.strip() for value in values or [] for part in value.split(",") if part.strip()]


def rule_aliases(client):
    """The ids a rule reference names, from GET /api/rules (ids in any letter case, or names; a name two file types
    share names both): to tell that a flag and a file entry name the same rule."""
    aliases = {}
    for item in client.get("/api/rules")["data"]["items"]:
        for key in (item["id"].lower(), item["name"]):
            aliases.setdefault(key, set()).add(item["id"])
    return lambda rule: aliases.get(rule) or aliases.get(rule.lower()) or set([rule])


def rule_settings(config, args, aliases_fn):
    """The file's profile and rules with the command line over them: --profile replaces the file's profile; a rule
    given to --enable leaves the file's disable list (and one given to --disable its enable list)."""
    settings = Settings()
    values = config.values if config else {}
    origin = display_name(config.path) if config else None
    profile = args.profile or values.get("profile")
    if profile:
        settings["profile"] = profile
        settings.origins["profile"] = "--profile" if args.profile else origin
    file_rules = values.get("rules", {})
    flags = {"enable": split_rules(args.enable), "disable": split_rules(args.disable)}
    canonical = (lambda rule: set([rule]))
    if (flags["enable"] and file_rules.get("disable")) or (flags["disable"] and file_rules.get("enable")):
        canonical = aliases_fn()
    rules = {}
    for key, other in (("enable", "disable"), ("disable", "enable")):
        overridden = set(i for r in flags[other] for i in canonical(r))
        entries = [(r, origin) for r in file_rules.get(key, []) if not canonical(r) & overridden] + [(r, "--" + key) for r in flags[key]]
        kept, seen = [], set()
        for rule, source in entries:
            if rule not in seen:
                seen.add(rule)
                kept.append((rule, source))
        if kept:
            rules[key] = [rule for rule, _ in kept]
            for i, (rule, source) in enumerate(kept):
                settings.origins["rules.%s[%d]" % (key, i)] = source
    for key in ("severity", "options"):
        if file_rules.get(key):
            rules[key] = file_rules[key]
            for rule in file_rules[key]:
                settings.origins["rules.%s.%s" % (key, rule)] = origin
    if rules:
        settings["rules"] = rules
    return settings


# The rules that trust an owner's actions as the repository's own, by the type of file they check: their option
# `first_party_owners` (an owner's action on a branch is then a medium finding, as GitHub's own, not a high one).
FIRST_PARTY_RULES = {"github-workflow": "CGW003", "github-action": "CGA002"}
FIRST_PARTY_RULE_NAME = "action-unpinned"
OWNER_NAME = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,99})$")


def remote_owner(url):
    """The owner of a git remote URL (`https://github.com/acme/app.git`, `git@github.com:acme/app.git`,
    `ssh://git@host:22/acme/app`): the path segment before the repository's; None for a local path or anything else.
    Nothing else of the URL (credentials it may carry) is kept."""
    url = url.strip()
    match = re.match(r"^([a-z][a-z0-9+.-]*)://[^/]+/(.+)$", url, re.IGNORECASE)
    if match:
        if match.group(1).lower() == "file":
            return None
        path = match.group(2)
    else:
        match = re.match(r"^(?:[^@/\s]+@)?[^/:\s]{2,}:(?!/)(.+)$", url)  # scp-like; a drive letter (C:) is no host
        if not match:
            return None
        path = match.group(1)
    parts = [part for part in path.split("/") if part]
    if len(parts) < 2:
        return None
    owner = parts[-2]
    return owner if OWNER_NAME.match(owner) else None


def repository_owner(environ, start):
    """Whose repository this is, and where that came from: $GITHUB_REPOSITORY_OWNER (set in GitHub Actions), else
    the owner of the `origin` remote of the git repository holding `start`; (None, None) when neither says."""
    owner = environ.get("GITHUB_REPOSITORY_OWNER", "").strip()
    if owner and OWNER_NAME.match(owner):
        return owner, "$GITHUB_REPOSITORY_OWNER"
    try:
        done = subprocess.run(["git", "-C", start, "config", "--get", "remote.origin.url"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, timeout=10)
    except (OSError, subprocess.SubprocessError):  # no git, or it hangs: the owner is unknown, which is no error
        return None, None
    if done.returncode != 0:
        return None, None
    owner = remote_owner(done.stdout.decode("utf-8", "replace"))
    return (owner, "the git remote origin") if owner else (None, None)


def with_first_party_owner(settings, types, owner, origin):
    """Adds `first_party_owners: [owner]` to the options of the pinning rule of each type among `types`, unless the
    configuration gives that rule's option itself (by id, in any letter case, or by name)."""
    rules = settings.get("rules", {})
    given = rules.get("options", {})
    named = set(key.lower() for key, value in given.items() if isinstance(value, dict) and "first_party_owners" in value)
    added = {}
    for file_type in sorted(types):
        rule = FIRST_PARTY_RULES.get(file_type)
        if not rule or rule.lower() in named or FIRST_PARTY_RULE_NAME in named:
            continue
        merged = dict(given.get(rule, {}))
        merged["first_party_owners"] = [owner]
        added[rule] = merged
    if added:
        options = dict(given)
        options.update(added)
        settings["rules"] = dict(rules, options=options)
        for rule in added:
            settings.origins["rules.options.%s" % rule] = origin
    return sorted(added)


def settings_origin(message, origins):
    """ ` (rules.disable[0] "x" is from --disable)` when the service's message names a field the CLI sent."""
    if "HTTP 422" not in message:
        return ""
    for field in sorted(origins, key=len, reverse=True):
        if re.search(re.escape(field) + r"(?![\w-])", message):
            return " (%s is from %s)" % (field, origins[field])
    return ""


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
        epilog="Exit codes: 0 the gate passes; 1 a score is below --min-score or a finding is at or above --fail-on; "
               "2 technical error (unreadable path, bad configuration file, file over 100 KB, network failure or timeout, "
               "HTTP error, invalid arguments). Configuration: --config FILE, else the nearest %s at or above the "
               "paths (up to the repository root). Server: --url, else $CONFGATE_URL, else %s." % (CONFIG_NAME, DEFAULT_URL),
    )
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="files, directories to search for Dockerfile and Compose file names, or - for stdin")
    p.add_argument("--min-score", type=score_arg, metavar="N",
                   help="lowest passing score, 0-100 (default: the configuration's min_score, else %d: any critical or "
                        "high finding fails)" % DEFAULT_MIN_SCORE)
    p.add_argument("--fail-on", choices=SEVERITIES[::-1], metavar="SEVERITY",
                   help="also fail when any finding is at or above this severity (%s)" % ", ".join(SEVERITIES[::-1]))
    p.add_argument("--profile", metavar="NAME", help="the service's rule profile: recommended (its default) or strict")
    p.add_argument("--enable", action="append", metavar="RULES", help="turn rules on (ids or names, comma-separated; repeatable)")
    p.add_argument("--disable", action="append", metavar="RULES", help="turn rules off (ids or names, comma-separated; repeatable)")
    p.add_argument("--exclude", action="append", metavar="GLOB",
                   help="leave out paths matching a gitignore-style glob, relative to each path argument (repeatable)")
    p.add_argument("--config", metavar="FILE", help="the configuration file (default: the nearest %s)" % CONFIG_NAME)
    p.add_argument("--no-config", action="store_true", help="read no configuration file")
    p.add_argument("--stdin-filename", "--filename", dest="stdin_filename", metavar="NAME",
                   help="the name of the file read from stdin (-): its type and its name in reports")
    p.add_argument("--format", choices=FORMATS, default="text", help="report format: %s (default text)" % ", ".join(FORMATS))
    p.add_argument("--output", metavar="FILE", help="write the report to FILE instead of stdout (stdout then gets the verdict line)")
    p.add_argument("--sarif", metavar="FILE", help="also write a SARIF 2.1.0 report to FILE")
    p.add_argument("--baseline", metavar="FILE",
                   help="a baseline --write-baseline wrote: its findings are suppressed (reason baseline) and do not count, "
                        "so the gate judges only new findings")
    p.add_argument("--write-baseline", metavar="FILE",
                   help="record today's findings in FILE (commit it, then pass it to --baseline); the gate still judges them")
    p.add_argument("--file-type", metavar="TYPE", help="force the file type (dockerfile, compose) instead of detecting it")
    p.add_argument("--url", type=url_arg, help="base URL of the Confgate service")
    p.add_argument("--timeout", type=positive_float, default=30.0, metavar="SECONDS", help="per request (default 30)")
    p.add_argument("--retries", type=retries_arg, default=3, metavar="N",
                   help="retries on connection failures and 429/503 answers, within %g s in all (default 3)" % MAX_TOTAL_WAIT)
    p.add_argument("--fix", dest="fix", action="store_const", const="safe",
                   help="write the service's safe fixes into the files (only after every file was analyzed); the gate then "
                        "judges the fixed files. --fix=all applies the unsafe fixes too")
    p.add_argument("--fix-mode", dest="fix", choices=("safe", "all"), help=argparse.SUPPRESS)
    p.add_argument("--diff", action="store_true",
                   help="print the fixes (--fix=all: the unsafe ones too) as a unified diff on stdout instead of writing them; "
                        "the report goes to stderr and the gate judges the fixed files")
    p.add_argument("--quiet", action="store_true", help="print only the verdict line (and errors)")
    p.add_argument("--version", action="version", version="%(prog)s " + __version__)
    return p


def writable(path):
    if not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        raise TechnicalError("cannot write %s: its directory does not exist" % path)


def run(args, err, stdin=None):
    log = (lambda message: None) if args.quiet else (lambda message: err.write("confgate: %s\n" % message))
    base_url = args.url or os.environ.get("CONFGATE_URL") or DEFAULT_URL
    try:
        url_arg(base_url)
    except argparse.ArgumentTypeError as problem:
        raise TechnicalError("the server URL %s (from $CONFGATE_URL or the default) %s" % (base_url, problem))
    if args.paths.count(STDIN) > 1:
        raise TechnicalError("stdin (-) can be read once only")
    if args.stdin_filename and STDIN not in args.paths:
        raise TechnicalError("--stdin-filename names the file read from stdin, but no path is - (stdin)")
    for target in (args.sarif, args.output, args.write_baseline):
        if target:
            writable(target)
    if args.config and args.no_config:
        raise TechnicalError("--config and --no-config contradict each other")
    config_path = args.config or (None if args.no_config else discover_config(args.paths, args.stdin_filename))
    config = load_config(config_path) if config_path else None
    if config and not args.config:
        log("configuration: %s" % display_name(config.path))
    min_score = args.min_score if args.min_score is not None else (config.values.get("min_score", DEFAULT_MIN_SCORE) if config else DEFAULT_MIN_SCORE)
    fail_on = args.fail_on or (config.values.get("fail_on") if config else None)
    config_excludes = [Exclude(p, config.directory, display_name(config.path)) for p in config.values.get("exclude", [])] if config else []
    cli_patterns = args.exclude or []
    for pattern in cli_patterns:
        try:
            exclude_regex(pattern)
        except ValueError as problem:
            raise TechnicalError("--exclude %s" % problem)

    def excludes_for(path):
        # --exclude is relative to a directory argument; a file argument is matched by its name as given.
        base = os.path.abspath(path) if os.path.isdir(path) else os.getcwd()
        return config_excludes + [Exclude(p, base, "--exclude") for p in cli_patterns]

    automation = automation_details(os.environ) if (args.sarif or args.format == "sarif") else None
    baseline = read_baseline(args.baseline) if args.baseline else None
    client = Client(base_url, args.timeout, args.retries, log)
    settings = rule_settings(config, args, lambda: rule_aliases(client))
    known_types = []  # GET /api/file-types, asked at most once

    def types_fn():
        if not known_types:
            known_types.append(file_types(client))
        return known_types[0]

    units = expand(args.paths, types_fn, excludes_for, log, with_companions=not args.file_type)
    paths = [p for unit in units for p in unit]
    stdin_name = display_name(args.stdin_filename) if args.stdin_filename else DEFAULT_STDIN_NAME
    rule = excluded_by(excludes_for(STDIN), args.stdin_filename) if STDIN in paths and args.stdin_filename else None
    if rule:
        log("%s (stdin) is excluded by %s (%s)" % (stdin_name, rule.pattern, rule.source))
        paths = [p for p in paths if p != STDIN]
        if not paths:
            raise TechnicalError("nothing to analyze: the file on stdin (%s) is excluded by %s (%s)" % (stdin_name, rule.pattern, rule.source))
    sources = [read_stdin(stdin_name, stdin or sys.stdin.buffer) if path == STDIN else read_source(path) for path in paths]
    # Workflows and actions: the repository's owner is first party (its actions on a branch are not a third party's).
    owner, owner_origin = repository_owner(os.environ, search_start(args.paths[0], args.stdin_filename))
    if owner:
        if args.file_type:
            types = set([args.file_type])
        elif any(s.name.lower().endswith((".yml", ".yaml")) for s in sources):
            types = set(types_fn().type_of(s.name) for s in sources)
        else:
            types = set()
        for rule in with_first_party_owner(settings, types, owner, owner_origin):
            log("%s: %s's actions are first party (owner from %s)" % (rule, owner, owner_origin))
    together = [[display_name(p) for p in unit if p != STDIN] for unit in units if len(unit) > 1]
    fix_mode = args.fix or ("safe" if args.diff else None)
    if fix_mode and not args.diff and any(source.path is None for source in sources):
        raise TechnicalError("--fix writes the fixed files in place, and stdin (-) is no file: use --diff")
    if fix_mode:
        analyses = fix_sources(client, sources, args.file_type, log, settings, baseline, fix_mode, args.diff, together)
    else:
        analyses = analyze(client, sources, args.file_type, log, settings, baseline, together)
    gate = Gate(analyses, min_score, fail_on)
    if args.write_baseline:
        write_atomically(args.write_baseline, baseline_text(analyses))
    sarif = None
    if args.sarif or args.format == "sarif":
        sarif = json.dumps(build_sarif(analyses, catalogue(client), client.base_url, automation), indent=2, ensure_ascii=False) + "\n"
    if args.sarif:
        write_atomically(args.sarif, sarif)
    # With --diff, stdout holds the diff alone (for `git apply`); the report goes to stderr.
    out = err if args.diff else sys.stdout
    style = Style(colours_wanted(out) and not args.output)
    if args.format == "json":
        report = json.dumps({
            "version": __version__,
            "url": client.base_url,
            "config": display_name(config.path) if config else None,
            "profile": settings.get("profile"),
            "rules": settings.get("rules"),
            "min_score": min_score,
            "fail_on": fail_on,
            "passed": gate.passed,
            "verdict": gate.message,
            "scores": [dict(s, passed=gate.score_passed(s)) for s in gate.scores],
            "failing_findings": [{"file": s.name, "line": f["location"]["start_line"], "column": f["location"]["start_column"],
                                  "rule_id": f["rule_id"], "severity": f["severity"]} for f, s in gate.blocking],
            "analyses": [{"kind": a.kind, "files": [s.name for s in a.sources], "request_id": a.request_id, "report": a.report} for a in analyses],
        }, indent=2, ensure_ascii=False) + "\n"
    elif args.format == "sarif":
        report = sarif
    elif args.format == "github":
        report = github_report(analyses, gate)
    elif args.format == "gitlab":
        report = gitlab_report(gate)
    elif args.format == "junit":
        report = junit_report(analyses, gate)
    else:
        lines = [] if args.quiet and not args.output else text_report(analyses, style)
        report = "\n".join(lines + [style("pass" if gate.passed else "fail", gate.message)]) + "\n"
    if args.output:
        write_atomically(args.output, report)
        out.write(Style(colours_wanted(out))("pass" if gate.passed else "fail", gate.message) + "\n")
    else:
        out.write(report)
    return EXIT_PASS if gate.passed else EXIT_FAIL


def main(argv=None):
    # Messages from the service may hold any character; never let a narrow terminal encoding crash the report.
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    # `--fix=all` / `--fix=safe`: a bare `--fix` takes no value (so `--fix Dockerfile` reads a path).
    argv = ["--fix-mode=" + a[len("--fix="):] if a.startswith("--fix=") else a for a in (sys.argv[1:] if argv is None else argv)]
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
