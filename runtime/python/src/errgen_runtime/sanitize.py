"""The scrubbing of x-sanitize fields and of the cause chain in debugInfo,
as errgen's Go runtime (errgenrt/sanitize.go) does it, character for
character (docs/guide/conformance.md, "Sanitizing"). Go's regexp \\s is
ASCII white space only: [\\t\\n\\f\\r ].
"""

from __future__ import annotations

import re

__all__ = ["REDACTED", "sanitize", "sanitize_path", "sanitize_text", "sanitize_uri"]

#: What a long token of free text becomes: the rules' redaction marker.
REDACTED = "<redacted>"

_HOME_PATH = re.compile("(/home/[^/\\t\\n\\f\\r \"']+|/Users/[^/\\t\\n\\f\\r \"']+|/root|[A-Za-z]:\\\\Users\\\\[^\\\\\\t\\n\\f\\r \"']+)")
# errgenrt's token expressions, [A-Za-z0-9_+/-]{32,} and [A-Za-z0-9]{32,},
# tried from the first character of a run only: their matches are whole
# runs, and re would otherwise read up to 31 characters from each character
# of a shorter run
_TOKEN = re.compile("(?<![A-Za-z0-9_+/-])[A-Za-z0-9_+/-]{32,}")
_ALNUM = re.compile("(?<![A-Za-z0-9])[A-Za-z0-9]{32,}")
_AUTHORITY_END = re.compile("[/?#]")

# errgenrt's URL and e-mail expressions, [a-zA-Z][a-zA-Z0-9+.-]*://[^\\s"'<>]+
# and [A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}, as re finds their RE2
# matches in time linear in the text. Written as they are, re would try
# them from every character of a run of scheme (or local-part) characters
# and read the rest of the run each time: quadratic in a run without :// (or
# @). A match's run ends at its :// (or @), which those characters never
# are, so every start in a run meets the same end, and the leftmost start
# is the run's first character (for a URL its first letter): each
# expression is tried from the first character of a run only (the
# lookbehind), reading each run once. A URL ends at a character no scheme
# has, so the next run starts after it; an address may end where a run goes
# on (a@b.cc1@d.ee), so the next is also tried from its end (_EMAIL_AT).
_URL = re.compile("(?<![a-zA-Z0-9+.-])[0-9+.-]*([a-zA-Z][a-zA-Z0-9+.-]*://[^\\t\\n\\f\\r \"'<>]+)")
_EMAIL_AT = re.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}")
_EMAIL = re.compile("(?<![A-Za-z0-9._%+-])" + _EMAIL_AT.pattern)
_DIGIT = re.compile("[0-9]")
_UPPER = re.compile("[A-Z]")
_LOWER = re.compile("[a-z]")


def sanitize_path(s: str) -> str:
    """Replaces home-directory prefixes by ~ (/home/alice/x -> ~/x):
    x-sanitize: path."""
    if "/home/" not in s and "/Users/" not in s and "/root" not in s and ":\\Users\\" not in s:
        return s
    return _HOME_PATH.sub("~", s)


def sanitize_uri(s: str) -> str:
    """Redacts, in every URL of s, the password of its user information and
    the value of each query parameter whose name is secret; everything else
    of the URL is kept: x-sanitize: uri."""
    if "://" not in s:
        return s
    return _URL.sub(_scrub_url_match, s)


def _scrub_url_match(m: re.Match[str]) -> str:
    # the run's characters before its first letter, then the URL scrubbed
    return m.string[m.start() : m.start(1)] + _scrub_url(m.group(1))


def _scrub_url(u: str) -> str:
    if "@" not in u and "?" not in u:
        return u  # no password, no query: nothing to scrub
    i = u.index("://") + 3
    out = u[:i]
    rest = u[i:]
    # the authority runs to the first /, ? or #; its user information to
    # the last @ in it, and the password from the first : in that
    e = _AUTHORITY_END.search(rest)
    end = e.start() if e is not None else len(rest)
    auth = rest[:end]
    at = auth.rfind("@")
    if at >= 0:
        colon = auth[:at].find(":")
        if colon >= 0:
            auth = auth[: colon + 1] + "redacted" + auth[at:]
    out += auth
    rest = rest[end:]
    # the query runs from the first ? (before any #) to the first # after
    # it; its parameters are separated by &
    q = rest.find("?")
    if q < 0 or "#" in rest[:q]:
        return out + rest
    out += rest[: q + 1]
    query = rest[q + 1 :]
    fragment = ""
    h = query.find("#")
    if h >= 0:
        query, fragment = query[:h], query[h:]
    params = []
    for param in query.split("&"):
        name = param.split("=", 1)[0]
        params.append(name + "=redacted" if _secret_param(name) else param)
    return out + "&".join(params) + fragment


_SECRET_NAMES = frozenset(["pass", "password", "pwd", "code", "credential", "credentials", "sig", "signature"])


def _secret_param(name: str) -> bool:
    """Reports whether a URL query parameter name (its %XX escapes and +
    decoded here) names a secret: ASCII case aside, it contains "token",
    "key" or "secret", starts with "auth" or "session", or is one of
    _SECRET_NAMES."""
    n = _lower(_unescape_query(name))
    if n in _SECRET_NAMES:
        return True
    return "token" in n or "key" in n or "secret" in n or n.startswith("auth") or n.startswith("session")


def _lower(s: str) -> str:
    """Lower-cases s as Go's strings.ToLower does: each character alone."""
    if s.isascii():
        return s.lower()
    out = []
    for c in s:
        lc = "i" if c == "\u0130" else c.lower()
        out.append(lc if len(lc) == 1 else c)
    return "".join(out)


def _unescape_query(s: str) -> str:
    """Decodes + and the %XX escapes of a query component, as bytes read as
    UTF-8; a % not followed by two hex digits stays as it is."""
    if "%" not in s and "+" not in s:
        return s
    src = s.encode("utf-8", "surrogatepass")
    out = bytearray()
    i = 0
    hexdigits = b"0123456789abcdefABCDEF"
    while i < len(src):
        c = src[i]
        if c == 0x2B:
            out.append(0x20)
        elif c == 0x25 and i + 2 < len(src) and src[i + 1] in hexdigits and src[i + 2] in hexdigits:
            out.append(int(src[i + 1 : i + 3], 16))
            i += 2
        else:
            out.append(c)
        i += 1
    return out.decode("utf-8", "replace")


def sanitize_text(s: str) -> str:
    """Scrubs free text: home paths, URL secrets, e-mail addresses and long
    tokens. It is applied to x-sanitize: text fields and always to the text
    of the cause chain."""
    s = sanitize_uri(sanitize_path(s))
    if "@" in s:
        s = _replace_emails(s)
    if len(s) >= 32:
        s = _TOKEN.sub(_redact_token, s)
    return s


def _replace_emails(s: str) -> str:
    """Replaces every e-mail address of s by <email>: the matches of
    errgenrt's expression (see _URL)."""
    out: list[str] = []
    pos = 0
    while True:
        m = _EMAIL_AT.match(s, pos) if out else None  # from the end of the last
        if m is None:
            m = _EMAIL.search(s, pos)
            if m is None:
                break
        out.append(s[pos : m.start()])
        out.append("<email>")
        pos = m.end()
    if not out:
        return s
    out.append(s[pos:])
    return "".join(out)


def _redact_token(m: re.Match[str]) -> str:
    """Scrubs one run of 32 or more of A-Z a-z 0-9 _ + / -: the whole run
    when it looks like a secret (a digit, an upper-case and a lower-case
    letter, and at most one of _ + / - per 8 characters), else each stretch
    of 32 or more letters and digits in it."""
    run = m.group(0)
    marks = run.count("_") + run.count("+") + run.count("/") + run.count("-")
    if 8 * marks <= len(run) and _DIGIT.search(run) and _UPPER.search(run) and _LOWER.search(run):
        return REDACTED
    return _ALNUM.sub(REDACTED, run)


# The last long string (LONG characters or more) scrubbed: a value is written in every payload of an
# occurrence (each format, its message's placeholders, a minimal payload
# after a full one), and scrubbing megabytes again each time took most of
# the time of one; the same string object gives the same text. One entry,
# swapped whole (a thread reads the old or the new).
LONG = 4096
_last: list[tuple[str, str, str]] = [("", "", "")]  # mode, string, scrubbed


def sanitize(mode: str | None, s: str) -> str:
    """Scrubs s by the sanitizer mode names (path, uri, text; None: none)."""
    if mode is None:
        return s
    last = _last[0]
    if last[0] == mode and last[1] == s:  # the same object at once; another, compared in C
        return last[2]
    if mode == "path":
        out = sanitize_path(s)
    elif mode == "uri":
        out = sanitize_uri(s)
    elif mode == "text":
        out = sanitize_text(s)
    else:
        return s
    if len(s) >= LONG:
        _last[0] = (mode, s, out)
    return out
