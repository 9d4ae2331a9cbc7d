"""The checks of a node's constraints (the facts' check: errgenrt/format.go
and its checkString, checkNumber, checkAny), and the formats of JSON
Schema 2020-12 that the wire schema keeps: a string has a format when
ajv-formats (MIT licence; its "full" mode, time and date-time with a time
zone required) takes it, with its regular expressions and functions as
they are. Each check returns the first keyword a value breaks, "" when it
keeps them all.

A pattern is an ECMAScript regular expression with the u flag, searched
anywhere in the string. Patterns, and every expression of a format run on a
value, are matched by pattern.py, in time linear in the value (re
backtracks, and a value a caller controls could stall the server on
^(a+)+$); but _DATE and _TIME, whose parts are read: fixed widths with a
single repetition (a fraction of a second) anchored at both ends, which re
backtracks over at most once a character.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .pattern import Pattern, compile_pattern
from .sanitize import LONG
from .wire import json_float, well_formed

__all__ = ["check_any", "check_format", "check_number", "check_string", "json_equal"]

Check = Mapping[str, Any]

# ---------------------------------------------------------------- formats


class _Linear:
    """A format's expression (ECMAScript syntax, as ajv-formats writes it),
    matched by pattern.py in time linear in the value; compiled on first
    use."""

    def __init__(self, source: str, ignore_case: bool = False) -> None:
        self.source = source
        self.ignore_case = ignore_case
        self.compiled: Pattern | None = None

    def __call__(self, s: str) -> bool:
        if self.compiled is None:
            self.compiled = compile_pattern(self.source, self.ignore_case)
            if self.compiled is None:
                raise ValueError("errgen: a format's expression does not compile: " + self.source)
        return self.compiled.test(s)


_I = re.ASCII | re.IGNORECASE
_DATE = re.compile(r"(\d\d\d\d)-(\d\d)-(\d\d)\Z", re.ASCII)
_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_TIME = re.compile(r"(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?\Z", _I)
_URI = _Linear(
    r"^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$",
    ignore_case=True,
)
_URI_REFERENCE = _Linear(
    r"""^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$""",
    ignore_case=True,
)
_URI_TEMPLATE = _Linear(
    r"""^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$""",
    ignore_case=True,
)
_EMAIL = _Linear(
    r"^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$",
    ignore_case=True,
)
# hostname without its lookahead (?=.{1,253}\.?$): see _hostname
_HOSTNAME = _Linear(r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$", ignore_case=True)
_IPV4 = _Linear(r"^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$")
_IPV6 = _Linear(
    r"^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$",
    ignore_case=True,
)
_UUID = _Linear(r"^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$", ignore_case=True)
_JSON_POINTER = _Linear(r"^(?:\/(?:[^~/]|~0|~1)*)*$")
_RELATIVE_JSON_POINTER = _Linear(r"^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$")
# duration without its lookaheads P(?!$) and T(?=\d): see _duration
_DURATION = _Linear(r"^P((\d+Y)?(\d+M)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$")


def _date(s: str) -> bool:
    m = _DATE.match(s)
    if m is None:
        return False
    year, month, day = int(m[1]), int(m[2]), int(m[3])
    if month < 1 or month > 12 or day < 1:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return day <= (29 if month == 2 and leap else _DAYS[month])


def _time(s: str) -> bool:
    """time: a time zone required; a leap second only at 23:59:60 UTC."""
    m = _TIME.match(s)
    if m is None or m[4] is None:
        return False
    hr, mins, sec = int(m[1]), int(m[2]), float(m[3])
    sign = -1 if m[5] == "-" else 1
    tz_h = int(m[6]) if m[6] is not None else 0
    tz_m = int(m[7]) if m[7] is not None else 0
    if tz_h > 23 or tz_m > 59:
        return False
    if hr <= 23 and mins <= 59 and sec < 60:
        return True
    utc_min = mins - tz_m * sign
    utc_hr = hr - tz_h * sign - (1 if utc_min < 0 else 0)
    return utc_hr in (23, -1) and utc_min in (59, -1) and sec < 61


# JavaScript's \s: white space and line terminators
_JS_SPACE = "\t\n\x0b\x0c\r \xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_DATE_TIME_SPLIT = re.compile("[tT" + _JS_SPACE + "]")


def _date_time(s: str) -> bool:
    parts = _DATE_TIME_SPLIT.split(s)
    return len(parts) == 2 and _date(parts[0]) and _time(parts[1])


def _hostname(s: str) -> bool:
    n = len(s)
    return s.isascii() and (1 <= n <= 253 or (n == 254 and s[253] == ".")) and _HOSTNAME(s)


def _duration(s: str) -> bool:
    return s != "P" and not s.endswith("T") and _DURATION(s)


_FORMATS: dict[str, Callable[[str], bool]] = {
    "date": _date,
    "time": _time,
    "date-time": _date_time,
    "duration": _duration,
    "uri": lambda s: ("/" in s or ":" in s) and _URI(s),
    "uri-reference": _URI_REFERENCE,
    "uri-template": _URI_TEMPLATE,
    "email": _EMAIL,
    "hostname": _hostname,
    "ipv4": _IPV4,
    "ipv6": _IPV6,
    "uuid": _UUID,
    "json-pointer": _JSON_POINTER,
    "relative-json-pointer": _RELATIVE_JSON_POINTER,
}


def check_format(fmt: str, s: str) -> bool:
    """Reports whether s has the format named fmt; a format the runtime has
    no check of takes every string."""
    f = _FORMATS.get(fmt)
    return f is None or f(s)


# ---------------------------------------------------------------- patterns

_COMPILED: dict[str, Pattern | None] = {}


def _pattern(p: str) -> Pattern | None:
    """The compiled pattern p (pattern.py: matched in time linear in the
    value), None for one that does not compile (errgen check refuses it),
    which no string matches."""
    if p not in _COMPILED:
        _COMPILED[p] = compile_pattern(p)
    return _COMPILED[p]


# ---------------------------------------------------------------- checks


# The last long string checked, as sanitize.py keeps the last scrubbed: a
# value is checked in every payload of an occurrence.
_last: list[tuple[Check | None, str, str]] = [(None, "", "")]  # check, string, keyword


def check_string(c: Check | None, s: str) -> str:
    """Returns the first keyword of c that the string s breaks (enum,
    const, minLength, maxLength, pattern, format)."""
    if not c:
        return ""
    last = _last[0]
    if last[0] is c and last[1] is s:
        return last[2]
    broken = _check_string(c, s)
    if len(s) >= LONG:
        _last[0] = (c, s, broken)
    return broken


def _check_string(c: Check, s: str) -> str:
    s = well_formed(s)  # what is written
    enum = c.get("enum")
    if enum and s not in enum:
        return "enum"
    if "const" in c and not json_equal(c["const"], s):
        return "const"
    lo, hi = c.get("minLength"), c.get("maxLength")
    if lo is not None or hi is not None:
        n = len(s)
        if lo is not None and n < lo:
            return "minLength"
        if hi is not None and n > hi:
            return "maxLength"
    for p in c.get("patterns", ()):
        compiled = _pattern(p)
        if compiled is None or not compiled.test(s):
            return "pattern"
    for f in c.get("formats", ()):
        if not check_format(f, s):
            return "format"
    return ""


def _bound(c: Check, name: str) -> float | None:
    v = c.get(name)
    return None if v is None else float(v)


def check_number(c: Check | None, f: float) -> str:
    """Returns the first keyword of c that the number f breaks (enum,
    const, minimum, maximum, exclusiveMinimum, exclusiveMaximum,
    multipleOf). Bounds compare as doubles, as JavaScript compares them."""
    if not c:
        return ""
    if c.get("enum"):
        return "enum"  # enum lists strings
    if "const" in c and not json_equal(c["const"], f):
        return "const"
    b = _bound(c, "minimum")
    if b is not None and f < b:
        return "minimum"
    b = _bound(c, "maximum")
    if b is not None and f > b:
        return "maximum"
    b = _bound(c, "exclusiveMinimum")
    if b is not None and f <= b:
        return "exclusiveMinimum"
    b = _bound(c, "exclusiveMaximum")
    if b is not None and f >= b:
        return "exclusiveMaximum"
    m = _bound(c, "multipleOf")
    # a quotient past 1e21 is one Ajv's check (x/m === parseInt(x/m)) refuses,
    # reading it in exponent notation
    if m is not None and m > 0 and (not math.isfinite(f) or math.fmod(f, m) != 0 or abs(f / m) >= 1e21):
        return "multipleOf"
    return ""


def _is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _to_float(x: int | float) -> float:
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf


def check_any(c: Check | None, x: object) -> str:
    """Returns the first keyword of c that the untyped value x breaks, each
    keyword applying to the values of its type."""
    if not c:
        return ""
    if isinstance(x, str):
        return check_string(c, x)
    if _is_number(x):
        return check_number(c, json_float(_to_float(x)))  # type: ignore[arg-type]
    if isinstance(x, Sequence) and not isinstance(x, (str, bytes, bytearray)):
        lo, hi = c.get("minItems"), c.get("maxItems")
        if lo is not None and len(x) < lo:
            return "minItems"
        if hi is not None and len(x) > hi:
            return "maxItems"
    if c.get("enum"):
        return "enum"
    if "const" in c and not json_equal(c["const"], x):
        return "const"
    return ""


def json_equal(a: object, b: object) -> bool:
    """Reports whether two JSON values are equal as JSON Schema compares
    them (numbers by value, as doubles; objects by their members)."""
    if a is None:
        return b is None
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if _is_number(a):
        return _is_number(b) and _to_float(a) == _to_float(b)  # type: ignore[arg-type]
    if isinstance(a, str):
        return isinstance(b, str) and a == b
    if isinstance(a, Mapping):
        if not isinstance(b, Mapping) or len(a) != len(b):
            return False
        return all(k in b and json_equal(v, b[k]) for k, v in a.items())
    if isinstance(a, Sequence):
        if not isinstance(b, Sequence) or isinstance(b, str) or len(a) != len(b):
            return False
        return all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    return False
