"""The canonical bytes of the wire: JSON strings (escaped, and bounded in
UTF-8 bytes cut on characters), numbers as ECMAScript writes them, and
the code point order of keys. Each rule is errgen's Go runtime's
(errgenrt/encode.go), so the bytes are the same: docs/guide/conformance.md
is the contract. write.py writes detail values with them.
"""

from __future__ import annotations

import json
import math
import re

__all__ = [
    "MAX_SAFE_INTEGER",
    "format_integer",
    "format_number",
    "json_float",
    "quote",
    "truncate",
    "utf8_length",
    "well_formed",
]

#: 2^53 - 1, JavaScript's Number.MAX_SAFE_INTEGER: an integer value is one
#: whose magnitude is at most this, which every runtime holds exactly.
MAX_SAFE_INTEGER = (1 << 53) - 1

#: The largest double, what JSON writes for an infinity.
MAX_DOUBLE = 1.7976931348623157e308

_SURROGATE = re.compile("[\ud800-\udfff]")


def well_formed(s: str) -> str:
    """Returns s with each surrogate code point (a lone surrogate of
    JavaScript, invalid UTF-8 of Go) replaced by U+FFFD."""
    if s.isascii():
        return s
    return _SURROGATE.sub("\ufffd", s)


def utf8_length(s: str) -> int:
    """Returns the length of the well-formed string s in UTF-8 bytes."""
    if s.isascii():
        return len(s)
    return len(s.encode("utf-8"))


# What the wire escapes beyond json.dumps (ensure_ascii off), in its
# output: <, >, & and U+2028, U+2029, which it leaves raw, and backspace
# and form feed, which it writes \b and \f where the wire writes \u0008 and
# \u000c. An escaped backslash is matched whole, so that the character after
# it is not read as an escape's. json.dumps escapes in C what a table of
# str.translate took 30 ns a character for (a second on 5 MB).
_BEYOND_JSON = re.compile("\\\\\\\\|\\\\[bf]|[<>&\u2028\u2029]")
_BEYOND_JSON_INPUT = re.compile("[\b\f<>&\u2028\u2029]")


def _beyond_json(m: re.Match[str]) -> str:
    c = m.group(0)
    if c == "\\\\":
        return c
    if c == "\\b":
        return "\\u0008"
    if c == "\\f":
        return "\\u000c"
    return "\\u%04x" % ord(c)


def _json_string(t: str) -> str:
    """The well-formed t as a JSON string, its quotes included: json.dumps's
    escapes (quotes, backslashes, \\n, \\r, \\t, other control characters
    as \\u00xx), and _BEYOND_JSON's."""
    out = json.dumps(t, ensure_ascii=False)
    if _BEYOND_JSON_INPUT.search(t) is None:
        return out
    if "\b" in t or "\f" in t:
        return _BEYOND_JSON.sub(_beyond_json, out)
    # characters json.dumps leaves raw, each replaced at once, in C
    return out.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


# the characters a plain string has none of: ones to escape, surrogates
_NOT_PLAIN = re.compile('[\\x00-\\x1f"\\\\<>&\u2028\u2029\ud800-\udfff]')


def _cut(s: str, limit: int) -> str | None:
    """Returns the well-formed s cut to bound it to limit bytes, without its
    "..." mark; None where it fits. A longer string is cut to its first
    limit - 3 bytes, moved back to a character's start."""
    if limit < 0 or len(s) * 4 <= limit:
        return None
    b = s.encode("utf-8")
    if len(b) <= limit:
        return None
    return _cut_to(s, limit)


def _cut_to(s: str, limit: int) -> str:
    """The well-formed s, longer than limit bytes, cut to its first limit
    - 3 bytes, moved back to a character's start."""
    b = s[: max(limit - 3, 0)].encode("utf-8")
    cut = max(limit - 3, 0)
    while cut > 0 and cut < len(b) and (b[cut] & 0xC0) == 0x80:
        cut -= 1
    return b[:cut].decode("utf-8")


def truncate(s: str, limit: int) -> str:
    """Bounds s to limit UTF-8 bytes as quote does; a negative limit means
    none. Surrogates become U+FFFD."""
    if 0 <= limit < len(s):
        return _cut_to(well_formed(s[:limit]), limit) + "..."  # see quote
    t = well_formed(s)
    cut = _cut(t, limit)
    return t if cut is None else cut + "..."


def quote(s: str, limit: int) -> str:
    """Writes s as a JSON string, bounded to limit UTF-8 bytes (negative:
    whole). Quotes, backslashes and control characters are escaped, and
    so are <, >, & (the JSON stays safe in HTML) and U+2028, U+2029 (it
    stays valid JavaScript); a surrogate is U+FFFD."""
    if 0 <= limit < len(s):
        # more characters than bytes allowed: cut whatever they are, and
        # read no more of s than the cut keeps (each character a byte at
        # least), however long it is
        t = well_formed(s[:limit])
        return _json_string(_cut_to(t, limit) + "...")
    if _NOT_PLAIN.search(s) is None:
        cut = _cut(s, limit)
        if cut is None:
            return '"' + s + '"'
        return _json_string(cut + "...")
    t = well_formed(s)
    cut = _cut(t, limit)
    if cut is None:
        return _json_string(t)
    return _json_string(cut + "...")


def json_float(f: float) -> float:
    """The number JSON writes for f: NaN is 0, the infinities the largest
    finite numbers."""
    if math.isnan(f):
        return 0.0
    if f == math.inf:
        return MAX_DOUBLE
    if f == -math.inf:
        return -MAX_DOUBLE
    return f


def format_number(v: float) -> str:
    """Writes a number as ECMAScript's Number.prototype.toString does: the
    shortest digits that read back as v, plain from 1e-6 up to 1e21,
    exponent notation outside; -0 is 0, NaN is 0 and the infinities the
    largest finite numbers."""
    if math.isnan(v) or v == 0:
        return "0"
    if v == math.inf:
        return "1.7976931348623157e+308"
    if v == -math.inf:
        return "-1.7976931348623157e+308"
    r = repr(float(v))
    sign = ""
    if r[0] == "-":
        sign = "-"
        r = r[1:]
    mantissa, _, exp = r.partition("e")
    whole, _, frac = mantissa.partition(".")
    if frac == "0":
        frac = ""
    digits = whole + frac
    # value = 0.DIGITS x 10^n
    n = len(whole) + (int(exp) if exp else 0)
    stripped = digits.lstrip("0")
    n -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    es = ("+" if e >= 0 else "-") + str(abs(e))
    if k == 1:
        return sign + digits + "e" + es
    return sign + digits[0] + "." + digits[1:] + "e" + es


def format_integer(i: int) -> str:
    """Writes an integer in decimal digits."""
    return str(int(i))
