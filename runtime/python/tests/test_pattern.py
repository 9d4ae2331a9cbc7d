"""pattern.py against re on the same patterns translated with ECMAScript's
meanings (tests/ecmascript.py): the same verdict on every pattern and short
string; the formats' expressions against re reading them likewise; and
values that stall re read in one pass."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from fixture_errors._rt.check import check_format
from fixture_errors._rt.pattern import compile_pattern

from ecmascript import translate

ATOMS = [
    "a", "b", "c", "1", " ", "_", ".", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "[ab]", "[^a]", "[a-c1]", "[^]", "[]", "[\\d_]",
    "[\\-a]", "\\u0061", "\\x62", "\\u{1F600}", "\\uD83D\\uDE00", "😀", "\\n", "\\.", "\\*", "[\\b]", "\\0", "\\cJ", "[😀-😂]", "é",
]  # fmt: skip
QUANTIFIERS = ["", "", "", "*", "+", "?", "{2}", "{0,2}", "{1,}", "*?", "+?", "??", "{1,3}?"]
STRING_CHARS = ["a", "b", "c", "1", " ", "_", "\n", "😀", "😁", "é", "-", ".", "*", "\b", "\0"]


def pattern(r: random.Random, depth: int) -> str:
    """A pattern of the language errgen check accepts."""
    terms = []
    for _ in range(r.randrange(5)):
        pick = r.randrange(10)
        if pick == 0:
            terms.append(r.choice(["^", "$", "\\b", "\\B"]))
        elif pick <= 2 and depth < 3:
            name = "(?<g%d%d>" % (depth, r.randrange(1000))
            alts = [pattern(r, depth + 1) for _ in range(1 + r.randrange(2))]
            terms.append(r.choice(["(", "(?:", name]) + "|".join(alts) + ")" + r.choice(QUANTIFIERS))
        else:
            terms.append(r.choice(ATOMS) + r.choice(QUANTIFIERS))
    alt = "".join(terms)
    return alt + "|" + pattern(r, depth + 1) if depth == 0 and r.randrange(5) == 0 else alt


def test_patterns_match_as_re_reads_them_with_ecmascripts_meanings() -> None:
    r = random.Random(20261128)
    compared = 0
    for _ in range(2500):
        p = pattern(r, 0)
        compiled = compile_pattern(p)
        if compiled is None:
            # u refuses \0 before a digit, and a group name drawn twice
            names = re.findall(r"\(\?<(\w+)>", p)
            assert re.search(r"\\0[0-9]", p) or len(set(names)) < len(names), p
            continue
        oracle = re.compile(translate(p), re.ASCII)
        for _ in range(20):
            s = "".join(r.choice(STRING_CHARS) for _ in range(r.randrange(9)))
            if not s and "\\B" in p:
                continue  # re's \B never matches the empty string; ECMAScript's (and Go's) does
            assert compiled.test(s) == (oracle.search(s) is not None), (p, s)
            compared += 1
    assert compared > 40000


def test_patterns_match_as_errgenrt_matches_them() -> None:
    """runtime/fixtures/patterns.jsonl: random patterns errgen check accepts,
    with the Go runtime's verdict on short strings (TestFixtures in
    runtime/fixtures, which holds them to JavaScript's RegExp)."""
    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "patterns.jsonl"
    n = 0
    for line in fixture.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        compiled = compile_pattern(case["pattern"])
        assert compiled is not None, case["pattern"]
        for s, want in case["matches"]:
            assert compiled.test(s) == want, (case["pattern"], s)
            n += 1
    assert n > 10000


def test_refused() -> None:
    for p in [
        "(?=a)",
        "(?!a)",
        "(?<=a)",
        "(?<!a)",
        "(a)\\1",
        "(?<n>a)\\k<n>",
        "\\p{L}",
        "\\P{L}",
        "a{1001}",
        "(?i)a",
        "(?i:a)",
        "a\\-b",
        "]",
        "{",
        "a{,2}",
        "(",
        "[a",
        "a**",
    ]:
        assert compile_pattern(p) is None, p
    assert compile_pattern("a{1000}") is not None


FORMAT_VALUES = [
    "", "P", "PT", "P1D", "PT1H", "P1DT", "P1W", "P1Y2M3DT4H5M6S", "P1YT", "http://example.com/a?b#c", "HTTP://EXAMPLE.COM", "a:b",
    "//host/path", "/a/b", "a/b", "mailto:x@y", "http://[::1]:80/", "http://[v1.x]/", "http://%41/", "http://a b", "x:", "https://{x}/",
    "{+path}/x", "{a,b:3}", "{a*}", "a{", "x@y.z", "X.Y@Z.CO", "a@b", "@b.co", "a..b@c.d", "a@-b.c", "a@b-.c", "host", "HOST.example.",
    "-host", "a" * 63 + ".b", "a" * 64, ("a" * 60 + ".") * 4 + "ab.", "1.2.3.4", "256.1.1.1", "01.2.3.4", "::", "::1", "1::", "1:2:3:4:5:6:7:8",
    "1:2:3:4:5:6:1.2.3.4", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8:9", "ABCD::EF", "00000000-0000-4000-8000-000000000000",
    "URN:UUID:00000000-0000-4000-8000-000000000000", "/a~0b/c~1d", "/a~2", "~", "0", "1/a", "0#", "01", "10/a~1", "é", "😀", "http://é.com",
    "a@é.com", "K@example.com", "ſ@example.com",
]  # fmt: skip


def test_formats_as_re_reads_their_expressions() -> None:
    from fixture_errors._rt import check

    expressions = {
        "uri": check._URI, "uri-reference": check._URI_REFERENCE, "uri-template": check._URI_TEMPLATE, "email": check._EMAIL,
        "ipv4": check._IPV4, "ipv6": check._IPV6, "uuid": check._UUID, "json-pointer": check._JSON_POINTER,
        "relative-json-pointer": check._RELATIVE_JSON_POINTER,
    }  # fmt: skip
    for name, expr in expressions.items():
        oracle = re.compile(translate(expr.source), re.ASCII | (re.IGNORECASE if expr.ignore_case else 0))
        for v in FORMAT_VALUES:
            assert expr(v) == (oracle.search(v) is not None), (name, v)
    assert check_format("uri", "http://example.com/a?b#c")
    assert not check_format("email", "a@b")
    assert check_format("hostname", ("a" * 60 + ".") * 4 + "a" * 9 + ".")  # 254 characters, a dot last
    assert not check_format("hostname", ("a" * 60 + ".") * 4 + "a" * 10)  # 254, no dot last
    assert not check_format("duration", "P1DT")


def test_a_value_that_stalls_re_is_read_once() -> None:
    # ^(a+)+$ on 28 a's and a ! takes re minutes; here a run of a's is one
    # state, skipped at once, and the ! ends the match
    p = compile_pattern("^(a+)+$")
    assert p is not None
    assert not p.test("a" * 28 + "!")
    assert p.test("a" * 100000)
    before = len(p.states)
    assert not p.test("a" * 200000 + "!")
    assert len(p.states) == before
    # a value that repeats itself: blocks read once
    q = compile_pattern("^(ab|a)*c$")
    assert q is not None
    assert not q.test("ab" * 100000 + "!")
    assert q.test("ab" * 100000 + "c")


def test_the_states_kept_stay_bounded() -> None:
    p = compile_pattern("^(a|b)*a(a|b){12}$")
    assert p is not None
    r = random.Random(7)
    s = "".join(r.choice("ab") for _ in range(100000))
    assert p.test(s) == (re.search("^(a|b)*a(a|b){12}$", s) is not None)
    assert len(p.states) <= 10000
