"""The checks of a node's constraints (the facts' check: errgenrt/format.go
and its checkString, checkNumber, checkAny), and the formats of JSON
Schema 2020-12 that the wire schema keeps: a string has a format when
ajv-formats (MIT licence; its "full" mode, time and date-time with a time
zone required) takes it, with its regular expressions and functions as
they are. Each check returns the first keyword a value breaks, "" when it
keeps them all.

A pattern is an ECMAScript regular expression with the u flag, searched
anywhere in the string; it is translated into Python's syntax with
ECMAScript's meanings (ASCII \\d, \\w and \\b, ECMAScript's \\s and ., $ the
end of the input) before it is compiled (see translate).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .wire import json_float, well_formed

__all__ = ["check_any", "check_format", "check_number", "check_string", "json_equal", "translate"]

Check = Mapping[str, Any]

# ---------------------------------------------------------------- formats

_I = re.ASCII | re.IGNORECASE
_DATE = re.compile(r"(\d\d\d\d)-(\d\d)-(\d\d)\Z", re.ASCII)
_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_TIME = re.compile(r"(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?\Z", _I)
_URI = re.compile(
    r"(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?\Z",
    _I,
)
_URI_REFERENCE = re.compile(
    r"(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'\"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'\"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'\"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'\"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'\"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'\"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'\"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'\"()*+,;=:@/?]|%[0-9a-f]{2})*)?\Z",
    _I,
)
_URI_TEMPLATE = re.compile(
    r"(?:(?:[^\x00-\x20\"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*\Z",
    _I,
)
_EMAIL = re.compile(
    r"[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\Z",
    _I,
)
# hostname without its lookahead (?=.{1,253}\.?$): see _hostname
_HOSTNAME = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?\Z", _I)
_IPV4 = re.compile(r"(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\Z", re.ASCII)
_IPV6 = re.compile(
    r"((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))\Z",
    _I,
)
_UUID = re.compile(r"(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}\Z", _I)
_JSON_POINTER = re.compile(r"(?:\/(?:[^~/]|~0|~1)*)*\Z")
_RELATIVE_JSON_POINTER = re.compile(r"(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)\Z")
# duration without its lookaheads P(?!$) and T(?=\d): see _duration
_DURATION = re.compile(r"P((\d+Y)?(\d+M)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)\Z", re.ASCII)


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
    return s.isascii() and (1 <= n <= 253 or (n == 254 and s[253] == ".")) and _HOSTNAME.match(s) is not None


def _duration(s: str) -> bool:
    return s != "P" and not s.endswith("T") and _DURATION.match(s) is not None


def _matcher(r: re.Pattern[str]) -> Callable[[str], bool]:
    return lambda s: r.match(s) is not None


_FORMATS: dict[str, Callable[[str], bool]] = {
    "date": _date,
    "time": _time,
    "date-time": _date_time,
    "duration": _duration,
    "uri": lambda s: ("/" in s or ":" in s) and _URI.match(s) is not None,
    "uri-reference": _matcher(_URI_REFERENCE),
    "uri-template": _matcher(_URI_TEMPLATE),
    "email": _matcher(_EMAIL),
    "hostname": _hostname,
    "ipv4": _matcher(_IPV4),
    "ipv6": _matcher(_IPV6),
    "uuid": _matcher(_UUID),
    "json-pointer": _matcher(_JSON_POINTER),
    "relative-json-pointer": _matcher(_RELATIVE_JSON_POINTER),
}


def check_format(fmt: str, s: str) -> bool:
    """Reports whether s has the format named fmt; a format the runtime has
    no check of takes every string."""
    f = _FORMATS.get(fmt)
    return f is None or f(s)


# ---------------------------------------------------------------- patterns

_SPACE_CLASS = "\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
# every other character, as the bodies of a class (\D, \W, \S in a class)
_NON_SPACE_CLASS = (
    "\\x00-\\x08\\x0e-\\x1f\\x21-\\x9f\\xa1-\\u167f\\u1681-\\u1fff\\u200b-\\u2027\\u202a-\\u202e"
    "\\u2030-\\u205e\\u2060-\\u2fff\\u3001-\\ufefe\\uff00-\\U0010ffff"
)
_NON_DIGIT = "\\x00-\\x2f\\x3a-\\U0010ffff"
_NON_WORD = "\\x00-\\x2f\\x3a-\\x40\\x5b-\\x5e\\x60\\x7b-\\U0010ffff"
_DIGIT = "0-9"
_WORD = "0-9A-Za-z_"


def _code_point(c: int) -> str:
    return "\\U%08x" % c if c > 0xFFFF else "\\u%04x" % c


class _Reader:
    def __init__(self, s: str) -> None:
        self.s = s
        self.i = 0

    def peek(self, ahead: int = 0) -> str:
        j = self.i + ahead
        return self.s[j] if j < len(self.s) else ""

    def next(self) -> str:
        c = self.peek()
        self.i += 1
        return c


def _escape(r: _Reader, e: str) -> str:
    """Translates the escape \\e (its letter read) outside the classes'
    own: control characters, hexadecimal and Unicode escapes as code
    points, an escaped punctuation character as itself."""
    if e in "nrtfv":
        return "\\" + e
    if e == "0":
        return "\\x00"
    if e == "c":
        letter = r.peek()
        if letter.isascii() and letter.isalpha():
            r.next()
            return _code_point(ord(letter) % 32)
        return "\\\\c"
    if e == "x":
        h = r.s[r.i : r.i + 2]
        if len(h) == 2 and all(c in "0123456789abcdefABCDEF" for c in h):
            r.i += 2
            return _code_point(int(h, 16))
        return "x"
    if e == "u":
        if r.peek() == "{":
            end = r.s.find("}", r.i)
            h = r.s[r.i + 1 : end] if end > 0 else ""
            if h and all(c in "0123456789abcdefABCDEF" for c in h) and int(h, 16) <= 0x10FFFF:
                r.i = end + 1
                return _code_point(int(h, 16))
            raise re.error("bad \\u{} escape")
        h = r.s[r.i : r.i + 4]
        if len(h) == 4 and all(c in "0123456789abcdefABCDEF" for c in h):
            r.i += 4
            c = int(h, 16)
            if 0xD800 <= c <= 0xDBFF and r.s[r.i : r.i + 2] == "\\u":
                lo = r.s[r.i + 2 : r.i + 6]
                if len(lo) == 4 and all(x in "0123456789abcdefABCDEF" for x in lo) and 0xDC00 <= int(lo, 16) <= 0xDFFF:
                    r.i += 6
                    c = 0x10000 + ((c - 0xD800) << 10) + (int(lo, 16) - 0xDC00)
            return _code_point(c)
        raise re.error("bad \\u escape")
    if e in ("p", "P"):
        raise re.error("Unicode property escapes are not supported")
    if e.isascii() and e.isalnum():
        return "\\" + e
    return re.escape(e) if e else "\\\\"


def _class(r: _Reader) -> str:
    """Translates a class, its [ read, up to its ]."""
    negated = r.peek() == "^"
    if negated:
        r.next()
    if r.peek() == "]":
        r.next()  # [] matches no character, [^] every one
        return "[\\x00-\\U0010ffff]" if negated else "(?!)"
    out = "[^" if negated else "["
    dash = False  # the last character written was a range's -
    while r.i < len(r.s):
        c = r.next()
        was_dash, dash = dash, False
        if c == "]":
            return out + "]"
        if c == "\\":
            e = r.next()
            if e == "d":
                out += _DIGIT
            elif e == "w":
                out += _WORD
            elif e == "s":
                out += _SPACE_CLASS
            elif e == "D":
                out += _NON_DIGIT
            elif e == "W":
                out += _NON_WORD
            elif e == "S":
                out += _NON_SPACE_CLASS
            elif e == "b":
                out += "\\x08"
            elif e == "-":
                out += "\\-"
            else:
                out += _escape(r, e)
        elif c == "-" and was_dash:
            out += "\\-"
        elif c == "-":
            out += "-"
            dash = True
        elif c in "[&~|":
            out += "\\" + c
        else:
            out += c
    raise re.error("unterminated class")


def translate(pattern: str) -> str:
    """Translates an ECMAScript pattern (u flag) into Python's syntax: its
    classes with ECMAScript's meanings (ASCII \\d, \\w and \\b, ECMAScript's
    \\s and .), $ the end of the input, named groups as Python names
    them."""
    r = _Reader(pattern)
    out: list[str] = []
    while r.i < len(pattern):
        c = r.next()
        if c == "\\":
            e = r.next()
            if e == "d":
                out.append("[0-9]")
            elif e == "D":
                out.append("[^0-9]")
            elif e == "w":
                out.append("[0-9A-Za-z_]")
            elif e == "W":
                out.append("[^0-9A-Za-z_]")
            elif e == "s":
                out.append("[" + _SPACE_CLASS + "]")
            elif e == "S":
                out.append("[^" + _SPACE_CLASS + "]")
            elif e in ("b", "B"):
                out.append("\\" + e)
            elif e == "":
                raise re.error("\\ at end of pattern")
            else:
                out.append(_escape(r, e))
        elif c == ".":
            out.append("[^\\n\\r\\u2028\\u2029]")
        elif c == "$":
            out.append("\\Z")
        elif c == "[":
            out.append(_class(r))
        elif c == "(" and pattern.startswith("?<", r.i) and r.peek(2) not in ("=", "!"):
            r.i += 2
            out.append("(?P<")
        else:
            out.append(c)
    return "".join(out)


_COMPILED: dict[str, re.Pattern[str] | None] = {}


def _pattern(p: str) -> re.Pattern[str] | None:
    if p in _COMPILED:
        return _COMPILED[p]
    try:
        compiled: re.Pattern[str] | None = re.compile(translate(p), re.ASCII)
    except (re.error, RecursionError, OverflowError, ValueError):
        compiled = None  # errgen check refuses it; no string matches
    _COMPILED[p] = compiled
    return compiled


# ---------------------------------------------------------------- checks


def check_string(c: Check | None, s: str) -> str:
    """Returns the first keyword of c that the string s breaks (enum,
    const, minLength, maxLength, pattern, format)."""
    if not c:
        return ""
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
        if compiled is None or compiled.search(s) is None:
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
    if m is not None and m > 0 and (not math.isfinite(f) or math.fmod(f, m) != 0):
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
