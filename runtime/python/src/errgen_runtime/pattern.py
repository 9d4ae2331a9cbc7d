"""Patterns matched in time linear in the value (docs/guide/catalog.md,
"Patterns"; docs/guide/conformance.md, "Detail values"), as pattern.js of
the TypeScript runtime matches them.

Python's ``re`` backtracks: a pattern such as ``^(a+)+$`` takes time
exponential in a value that almost matches, and a value a caller controls
would stall the server. errgen check accepts only patterns without
lookarounds and back references, which are regular, so they are matched
here as RE2 matches them: the pattern is parsed (ECMAScript syntax with the
u flag), compiled to an automaton (Thompson's construction), and the value
read once, a character at a time, through a deterministic automaton built
from it as the value needs its states and kept for the next value (a lazy
DFA). Each character costs one lookup once its state is built, and building
one costs at most the automaton's size: the work is linear in the value
whatever the pattern. A state that the characters of a set keep as it is
(``^(a+)+$`` after an ``a``) skips a run of them at once with ``re``
(a class repeated, which ``re`` reads in one pass): the same states, read
faster. The formats' expressions (check.py) are matched the same way.
"""

from __future__ import annotations

import itertools
import re
import sys
from dataclasses import dataclass, field
from typing import Final, Union

__all__ = ["Pattern", "compile_pattern"]

Ranges = list[tuple[int, int]]  # code points, inclusive, sorted and apart

_MAX_CODE_POINT: Final = sys.maxunicode
_MAX_REPEAT: Final = 1000  # the largest count of a braced quantifier, as Go's RE2 allows

# the assertions
_BEGIN: Final = 0
_END: Final = 1
_WORD_BOUNDARY: Final = 2
_NOT_WORD_BOUNDARY: Final = 3


def _normalize(ranges: Ranges) -> Ranges:
    """Sorts ranges and merges those that touch."""
    out: Ranges = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _negate(ranges: Ranges) -> Ranges:
    """The code points normalized ranges leave out."""
    out: Ranges = []
    nxt = 0
    for lo, hi in ranges:
        if lo > nxt:
            out.append((nxt, lo - 1))
        nxt = hi + 1
    if nxt <= _MAX_CODE_POINT:
        out.append((nxt, _MAX_CODE_POINT))
    return out


def _fold_ascii(ranges: Ranges) -> Ranges:
    """Adds the other case of every ASCII letter in normalized ranges:
    JavaScript's i flag without u, which folds no other character into
    ASCII."""
    more = list(ranges)
    for lo, hi in ranges:
        for a, z, shift in ((0x41, 0x5A, 0x20), (0x61, 0x7A, -0x20)):
            start, end = max(lo, a), min(hi, z)
            if start <= end:
                more.append((start + shift, end + shift))
    return _normalize(more)


def _contains(ranges: Ranges, c: int) -> bool:
    lo, hi = 0, len(ranges)
    while lo < hi:
        mid = (lo + hi) // 2
        r = ranges[mid]
        if c < r[0]:
            hi = mid
        elif c > r[1]:
            lo = mid + 1
        else:
            return True
    return False


def _is_word(c: int) -> bool:
    return 0x30 <= c <= 0x39 or 0x41 <= c <= 0x5A or c == 0x5F or 0x61 <= c <= 0x7A


_DIGIT: Final[Ranges] = [(0x30, 0x39)]
_WORD: Final[Ranges] = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]
# ECMAScript's white space and line terminators (\s)
_SPACE: Final[Ranges] = [
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
]
_DOT: Final[Ranges] = _negate([(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)])  # every character but the line terminators
_CLASS_ESCAPES: Final[dict[str, Ranges]] = {"d": _DIGIT, "s": _SPACE, "w": _WORD}
_SYNTAX: Final = frozenset("^$\\.*+?()[]{}|/")  # what an identity escape may escape with the u flag
_HEX: Final = frozenset("0123456789abcdefABCDEF")
_DECIMAL: Final = frozenset("0123456789")
_CONTROL: Final = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}


@dataclass(frozen=True)
class _Chars:
    ranges: Ranges


@dataclass(frozen=True)
class _Cat:
    items: list[_Node]


@dataclass(frozen=True)
class _Alt:
    items: list[_Node]


@dataclass(frozen=True)
class _Rep:
    sub: _Node
    min: int
    max: int  # -1: unbounded


@dataclass(frozen=True)
class _Assert:
    kind: int


_Node = Union[_Chars, _Cat, _Alt, _Rep, _Assert]  # noqa: UP007 (an alias, evaluated on 3.10)


class _Refused(Exception):
    """The pattern is not one errgen check accepts."""


def _group_name(name: str) -> bool:
    """Reports whether name is an ECMAScript identifier name (ID_Start or $
    or _, then ID_Continue, $, ZWNJ or ZWJ)."""
    if not name:
        return False
    first, rest = name[0], name[1:]
    return (first in "$_" or first.isidentifier()) and all(c in "$\u200c\u200d" or ("a" + c).isidentifier() for c in rest)


class _Parser:
    """Parses an ECMAScript pattern read with the u flag (and no other)."""

    def __init__(self, source: str, ignore_case: bool) -> None:
        self.s = source
        self.i = 0
        self.ignore_case = ignore_case
        self.names: set[str] = set()

    def peek(self, ahead: int = 0) -> str:
        j = self.i + ahead
        return self.s[j] if 0 <= j < len(self.s) else ""

    def chars(self, ranges: Ranges, negated: bool = False) -> _Node:
        """A node of one class; the i flag folds it."""
        if self.ignore_case:
            ranges = _fold_ascii(ranges)
        return _Chars(_negate(ranges) if negated else ranges)

    def parse(self) -> _Node:
        n = self.disjunction()
        if self.i < len(self.s):
            raise _Refused("unmatched )")
        return n

    def disjunction(self) -> _Node:
        items = [self.alternative()]
        while self.peek() == "|":
            self.i += 1
            items.append(self.alternative())
        return items[0] if len(items) == 1 else _Alt(items)

    def alternative(self) -> _Node:
        items: list[_Node] = []
        while self.i < len(self.s) and self.peek() not in ("|", ")"):
            items.append(self.term())
        return _Cat(items)

    def term(self) -> _Node:
        c = self.peek()
        if c in ("^", "$"):
            self.i += 1
            return self.unquantified(_Assert(_BEGIN if c == "^" else _END))
        if c == "\\" and self.peek(1) in ("b", "B"):
            kind = _WORD_BOUNDARY if self.peek(1) == "b" else _NOT_WORD_BOUNDARY
            self.i += 2
            return self.unquantified(_Assert(kind))
        self.i += 1
        if c == "\\":
            atom = self.atom_escape()
        elif c == "(":
            atom = self.group()
        elif c == "[":
            atom = self.character_class()
        elif c == ".":
            atom = _Chars(_DOT)
        elif c in "*+?{}]":
            raise _Refused("nothing to repeat, or a lone bracket")
        else:
            atom = self.chars([(ord(c), ord(c))])
        return self.quantified(atom)

    def unquantified(self, atom: _Node) -> _Node:
        """An assertion, refusing a quantifier after it."""
        if self.peek() in ("*", "+", "?", "{"):
            raise _Refused("nothing to repeat")
        return atom

    def quantified(self, atom: _Node) -> _Node:
        """Reads the quantifier after atom, if any."""
        c = self.peek()
        if c == "{":
            lo, hi = self.braced()
        elif c in ("*", "+", "?"):
            lo, hi = {"*": (0, -1), "+": (1, -1), "?": (0, 1)}[c]
            self.i += 1
        else:
            return atom
        if self.peek() == "?":
            self.i += 1  # lazy: the same strings match
        if self.peek() in ("*", "+", "?", "{"):
            raise _Refused("nothing to repeat")
        return _Rep(atom, lo, hi)

    def braced(self) -> tuple[int, int]:
        """Reads {n}, {n,} or {n,m}, its } included."""
        self.i += 1
        lo = self.number()
        hi = lo
        if self.peek() == ",":
            self.i += 1
            hi = -1 if self.peek() == "}" else self.number()
        if self.peek() != "}":
            raise _Refused("incomplete quantifier")
        self.i += 1
        if hi != -1 and hi < lo:
            raise _Refused("numbers out of order in {} quantifier")
        if lo > _MAX_REPEAT or hi > _MAX_REPEAT:
            raise _Refused("repetition count over 1000")
        return lo, hi

    def number(self) -> int:
        start = self.i
        while self.peek() != "" and self.peek() in _DECIMAL:
            self.i += 1
        if self.i == start:
            raise _Refused("incomplete quantifier")
        return int(self.s[start : self.i])

    def group(self) -> _Node:
        if self.peek() == "?":
            if self.peek(1) == ":":
                self.i += 2
            elif self.peek(1) == "<" and self.peek(2) not in ("=", "!"):
                self.i += 2
                end = self.s.find(">", self.i)
                name = self.s[self.i : end] if end >= 0 else ""
                if not _group_name(name) or name in self.names:
                    raise _Refused("invalid group name")
                self.names.add(name)
                self.i = end + 1
            else:
                raise _Refused("lookaround or inline flags")
        n = self.disjunction()
        if self.peek() != ")":
            raise _Refused("unterminated group")
        self.i += 1
        return n

    def class_escape(self) -> tuple[Ranges, bool] | None:
        """Reads \\d, \\D, \\s, \\S, \\w or \\W, its \\ read: its ranges, and
        whether it is negated."""
        e = self.peek()
        ranges = _CLASS_ESCAPES.get(e.lower()) if e else None
        if ranges is None:
            return None
        self.i += 1
        return ranges, e.isupper()

    def atom_escape(self) -> _Node:
        cls = self.class_escape()
        if cls is not None:
            return self.chars(cls[0], cls[1])
        c = self.character_escape()
        return self.chars([(c, c)])

    def character_escape(self) -> int:
        """Reads an escape of one character, its \\ read."""
        e = self.peek()
        self.i += 1
        if e in _CONTROL:
            return _CONTROL[e]
        if e == "c":
            letter = self.peek()
            if letter.isascii() and letter.isalpha():
                self.i += 1
                return ord(letter) % 32
            raise _Refused("invalid \\c escape")
        if e == "0":
            if self.peek() != "" and self.peek() in _DECIMAL:
                raise _Refused("octal escape")
            return 0
        if e == "x":
            h = self.s[self.i : self.i + 2]
            if len(h) == 2 and all(d in _HEX for d in h):
                self.i += 2
                return int(h, 16)
            raise _Refused("invalid \\x escape")
        if e == "u":
            return self.unicode_escape()
        if e != "" and e in _SYNTAX:
            return ord(e)
        raise _Refused("invalid escape")  # back references, \p, identity escapes u refuses

    def unicode_escape(self) -> int:
        """Reads \\uHHHH (a surrogate pair's two as one) or \\u{H…}, its \\u
        read."""
        if self.peek() == "{":
            end = self.s.find("}", self.i)
            digits = self.s[self.i + 1 : end] if end >= 0 else ""
            if not digits or not all(d in _HEX for d in digits) or int(digits, 16) > _MAX_CODE_POINT:
                raise _Refused("invalid \\u{} escape")
            self.i = end + 1
            return int(digits, 16)
        c = self.hex4(self.i)
        if c < 0:
            raise _Refused("invalid \\u escape")
        self.i += 4
        if 0xD800 <= c <= 0xDBFF and self.s[self.i : self.i + 2] == "\\u":
            lo = self.hex4(self.i + 2)
            if 0xDC00 <= lo <= 0xDFFF:
                self.i += 6
                return 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00)
        return c

    def hex4(self, i: int) -> int:
        """The value of four hexadecimal digits at i, -1 when there are not
        four."""
        h = self.s[i : i + 4]
        return int(h, 16) if len(h) == 4 and all(d in _HEX for d in h) else -1

    def character_class(self) -> _Node:
        negated = self.peek() == "^"
        if negated:
            self.i += 1
        ranges: Ranges = []
        while True:
            if self.i >= len(self.s):
                raise _Refused("unterminated character class")
            if self.peek() == "]":
                break
            a = self.class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.i += 1
                b = self.class_atom()
                if not isinstance(a, int) or not isinstance(b, int):
                    raise _Refused("a class escape in a range")
                if b < a:
                    raise _Refused("range out of order in character class")
                ranges.append((a, b))
            elif isinstance(a, int):
                ranges.append((a, a))
            else:
                ranges.extend(a)
        self.i += 1  # ]
        return self.chars(_normalize(ranges), negated)

    def class_atom(self) -> int | Ranges:
        """Reads one character of a class, or a class escape: the
        character, or the ranges of the escape."""
        c = self.peek()
        self.i += 1
        if c != "\\":
            return ord(c)
        if self.peek() == "b":
            self.i += 1
            return 0x08
        if self.peek() == "-":
            self.i += 1
            return 0x2D
        cls = self.class_escape()
        if cls is not None:
            return _negate(cls[0]) if cls[1] else cls[0]
        return self.character_escape()


# the instructions of the automaton
_CHAR: Final = 0  # a character in ranges[pc], then out[pc]
_SPLIT: Final = 1  # out[pc] or alt[pc]
_ASSERT: Final = 2  # assertion alt[pc] holds, then out[pc]
_MATCH: Final = 3

# what came before a position: prev of a state
_AT_START: Final = 0
_AFTER_WORD: Final = 1
_AFTER_OTHER: Final = 2

# the most states and transitions kept: past them they are built anew (RE2's cache flush)
_MAX_STATES: Final = 10000
_MAX_TRANSITIONS: Final = 200000
# the characters read at once from a state that read them before: a value
# that repeats itself (ababab…) costs a lookup a block, not a character
_BLOCK: Final = 16


class _Outcome:
    """What a step finds that is no state: a match ending before the
    character (MATCHED), or none that can follow (DEAD)."""

    def __init__(self, name: str) -> None:
        self.name = name


_MATCHED: Final = _Outcome("matched")
_DEAD: Final = _Outcome("dead")


@dataclass(eq=False)
class _State:
    """A state of the deterministic automaton: the instructions the value's
    next character is read from (before their empty moves are followed),
    and what came before it."""

    threads: tuple[int, ...]
    prev: int
    next: dict[str, _State | _Outcome] = field(default_factory=dict)
    accepts: bool | None = None
    blocks: dict[str, _State | _Outcome] = field(default_factory=dict)  # after _BLOCK characters
    loop: re.Pattern[str] | None = None  # the characters that keep this state, repeated
    looped: bool = False  # loop is known


class Pattern:
    """A compiled pattern: test(s) reports whether it matches anywhere in s."""

    def __init__(self, node: _Node) -> None:
        self.op: list[int] = []
        self.out: list[int] = []
        self.alt: list[int] = []
        self.ranges: list[Ranges] = []
        self.words = False  # the pattern has \b or \B: states tell word characters apart
        match = self._emit(_MATCH, -1, -1, [])
        self.start = self._compile(node, match)
        self._mark = [0] * len(self.op)
        self._generation = 0
        # anchored: no match can start past the first character (every way
        # from the start meets ^ first), so a position past it adds no
        # thread of the start
        self.anchored = all(
            self._closure((self.start,), False, at_end, prev_word, next_word) == ([], False)
            for at_end in (False, True)
            for prev_word in (False, True)
            for next_word in (False, True)
        )
        self.states: dict[tuple[int, tuple[int, ...]], _State] = {}
        self.transitions = 0
        self.first = _State((self.start,), _AT_START)
        self.states[(_AT_START, self.first.threads)] = self.first

    def _emit(self, op: int, out: int, alt: int, ranges: Ranges) -> int:
        self.op.append(op)
        self.out.append(out)
        self.alt.append(alt)
        self.ranges.append(ranges)
        return len(self.op) - 1

    def _compile(self, node: _Node, nxt: int) -> int:
        """Emits the instructions of node, continuing at nxt, and returns
        where they start."""
        if isinstance(node, _Chars):
            return self._emit(_CHAR, nxt, -1, node.ranges)
        if isinstance(node, _Assert):
            if node.kind in (_WORD_BOUNDARY, _NOT_WORD_BOUNDARY):
                self.words = True
            return self._emit(_ASSERT, nxt, node.kind, [])
        if isinstance(node, _Cat):
            for item in reversed(node.items):
                nxt = self._compile(item, nxt)
            return nxt
        if isinstance(node, _Alt):
            entries = [self._compile(item, nxt) for item in node.items]
            entry = entries[-1]
            for e in reversed(entries[:-1]):
                entry = self._emit(_SPLIT, e, entry, [])
            return entry
        tail = nxt
        if node.max == -1:
            tail = self._emit(_SPLIT, -1, nxt, [])
            self.out[tail] = self._compile(node.sub, tail)
        else:
            for _ in range(node.min, node.max):
                tail = self._emit(_SPLIT, self._compile(node.sub, tail), nxt, [])
        for _ in range(node.min):
            tail = self._compile(node.sub, tail)
        return tail

    def _closure(self, threads: tuple[int, ...], at_start: bool, at_end: bool, prev_word: bool, next_word: bool) -> tuple[list[int], bool]:
        """Follows the empty moves from threads at a position: whether it
        is the start or the end of the value, and whether the characters
        before and after it are word characters. Returns the character
        instructions reached, and whether the match is."""
        self._generation += 1
        gen = self._generation
        mark, op, out, alt = self._mark, self.op, self.out, self.alt
        chars: list[int] = []
        matched = False
        stack = list(reversed(threads))
        while stack:
            pc = stack.pop()
            if mark[pc] == gen:
                continue
            mark[pc] = gen
            o = op[pc]
            if o == _CHAR:
                chars.append(pc)
            elif o == _MATCH:
                matched = True
            elif o == _SPLIT:
                stack.append(alt[pc])
                stack.append(out[pc])
            else:
                kind = alt[pc]
                if kind == _BEGIN:
                    holds = at_start
                elif kind == _END:
                    holds = at_end
                elif kind == _WORD_BOUNDARY:
                    holds = prev_word != next_word
                else:
                    holds = prev_word == next_word
                if holds:
                    stack.append(out[pc])
        return chars, matched

    def _state(self, threads: tuple[int, ...], prev: int) -> _State:
        """The state of threads after prev, built once."""
        key = (prev, threads)
        s = self.states.get(key)
        if s is None:
            if len(self.states) >= _MAX_STATES or self.transitions >= _MAX_TRANSITIONS:
                self._flush()
            s = _State(threads, prev)
            self.states[key] = s
        return s

    def _flush(self) -> None:
        """Forgets every state built but the first, so that the memory a
        pattern keeps stays bounded whatever the values; the states a value
        needs are then built again, each at most once more per character."""
        for s in self.states.values():
            s.next.clear()
            s.blocks.clear()
        self.states.clear()
        self.transitions = 0
        self.states[(_AT_START, self.first.threads)] = self.first

    def _targets(self, chars: list[int], c: int) -> tuple[int, ...]:
        """The threads after the character c, read from chars."""
        nxt = {self.out[pc] for pc in chars if _contains(self.ranges[pc], c)}
        if not self.anchored:
            nxt.add(self.start)
        return tuple(sorted(nxt))

    def _step(self, s: _State, ch: str) -> _State | _Outcome:
        """Reads the character ch in state s: the state after it, MATCHED
        when a match ends before it, DEAD when none can follow."""
        c = ord(ch)
        word = _is_word(c)
        chars, matched = self._closure(s.threads, s.prev == _AT_START, False, s.prev == _AFTER_WORD, word)
        t: _State | _Outcome
        if matched:
            t = _MATCHED
        else:
            nxt = self._targets(chars, c)
            t = self._state(nxt, _AFTER_WORD if self.words and word else _AFTER_OTHER) if nxt else _DEAD
        s.next[ch] = t
        self.transitions += 1
        if t is s and not s.looped:
            s.loop, s.looped = self._loop(s), True
        return t

    def _loop(self, s: _State) -> re.Pattern[str] | None:
        """The characters that keep the state s as it is, as a class
        repeated: every character whose step from s is s."""
        keep: Ranges = []
        word_states = (s.prev == _AFTER_WORD,) if self.words else (False, True)
        for word in word_states:
            chars, matched = self._closure(s.threads, False, False, s.prev == _AFTER_WORD, word)
            if matched:
                continue
            # the atoms: the stretches of code points every class of chars,
            # and the word characters, hold whole or not at all
            cuts = {0, _MAX_CODE_POINT + 1}
            for pc in chars:
                for lo, hi in self.ranges[pc]:
                    cuts.update((lo, hi + 1))
            for lo, hi in _WORD:
                cuts.update((lo, hi + 1))
            bounds = sorted(cuts)
            for lo, end in itertools.pairwise(bounds):
                if _is_word(lo) == word and self._targets(chars, lo) == s.threads:
                    keep.append((lo, end - 1))
        if not keep:
            return None
        body = "".join("\\U%08x-\\U%08x" % r for r in _normalize(keep))
        return re.compile("[" + body + "]*")

    def _accepts(self, s: _State) -> bool:
        """Reports whether a match ends at the end of the value, in state s."""
        if s.accepts is None:
            s.accepts = self._closure(s.threads, s.prev == _AT_START, True, s.prev == _AFTER_WORD, False)[1]
        return s.accepts

    def _read(self, s: _State, block: str) -> _State | _Outcome:
        """Reads the characters of block from the state s, a step each: the
        state after them, or the outcome of the first step that ends the
        match."""
        t: _State | _Outcome = s
        for ch in block:
            st: _State = t  # type: ignore[assignment]
            t = st.next.get(ch) or self._step(st, ch)
            if type(t) is not _State:
                break
        s.blocks[block] = t
        self.transitions += 1
        return t

    def test(self, s: str) -> bool:
        """Reports whether the pattern matches anywhere in the well-formed
        string s."""
        state = self.first
        i, n = 0, len(s)
        while i < n:
            loop = state.loop
            if loop is not None:
                i = loop.match(s, i).end()  # type: ignore[union-attr]
                if i == n:
                    break
            if i + _BLOCK <= n:
                block = s[i : i + _BLOCK]
                t = state.blocks.get(block) or self._read(state, block)
                i += _BLOCK
            else:
                ch = s[i]
                t = state.next.get(ch) or self._step(state, ch)
                i += 1
            if type(t) is not _State:
                return t is _MATCHED
            state = t
        return self._accepts(state)


def compile_pattern(source: str, ignore_case: bool = False) -> Pattern | None:
    """Compiles a detail schema's pattern: an ECMAScript regular expression
    with the u flag, without lookarounds, back references or property
    escapes, counts at most 1000 (the patterns errgen check accepts). Returns
    None for any other, which no string matches. ignore_case reads it with
    the i flag and without u, as the formats' expressions are written (ASCII
    letters fold, no other character)."""
    try:
        return Pattern(_Parser(source, ignore_case).parse())
    except (_Refused, RecursionError):
        return None
