"""The Python runtime's matcher before pattern.py, kept as the oracle of
test_pattern.py: an ECMAScript pattern (u flag) translated into re's
syntax with ECMAScript's meanings (ASCII \\d, \\w and \\b, ECMAScript's \\s
and ., $ the end of the input). re backtracks, so it is an oracle for
short values only."""

from __future__ import annotations

import re

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
