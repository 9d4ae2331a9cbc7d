"""The canonical bytes, held to what errgenrt makes (runtime/fixtures):
numbers as ECMAScript writes them, the sanitizers, the metrics' JSON."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import fixture_errors as fx
import pytest
from fixture_errors._rt import Catalog
from fixture_errors._rt.sanitize import sanitize_path, sanitize_text, sanitize_uri
from fixture_errors._rt.wire import format_number, quote, truncate

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_numbers_as_ecmascript_writes_them() -> None:
    lines = (FIXTURES / "floats.txt").read_text().splitlines()
    assert len(lines) > 100
    for line in lines:
        bits, text = line.split(" ")
        assert format_number(struct.unpack(">d", bytes.fromhex(bits))[0]) == text, line
    for v, text in ((1e21, "1e+21"), (1.5e-7, "1.5e-7"), (5e-324, "5e-324"), (-0.0, "0"), (100.0, "100"), (0.000001, "0.000001"), (float("nan"), "0")):
        assert format_number(v) == text


def test_the_sanitizers_as_errgenrt_scrubs() -> None:
    for line in (FIXTURES / "sanitize.jsonl").read_text().splitlines():
        case = json.loads(line)
        assert sanitize_path(case["in"]) == case["path"], case
        assert sanitize_uri(case["in"]) == case["uri"], case
        assert sanitize_text(case["in"]) == case["text"], case


@pytest.mark.parametrize(
    ("s", "limit", "want"),
    [
        ("<a & b>", -1, '"\\u003ca \\u0026 b\\u003e"'),
        ("\u2028\u2029\x01\t", -1, '"\\u2028\\u2029\\u0001\\t"'),
        ("\ud800x", -1, '"\ufffdx"'),
        ("é" * 10, 8, '"éé..."'),
        ("ab\U0001f600cd", 7, '"ab..."'),
    ],
)
def test_strings_escaped_and_bounded_in_utf8_bytes(s: str, limit: int, want: str) -> None:
    assert quote(s, limit) == want
    assert len(truncate(s, limit).encode()) <= limit or limit < 0


def test_metrics_json_as_errgenrt_writes_it() -> None:
    # the counts of the TypeScript runtime's metrics test, on the same catalog
    catalog = Catalog(fx.CATALOG.facts)
    metrics = catalog.enable_metrics()
    for symbol in ("E_UNAVAILABLE", "E_UNAVAILABLE", "E_PARSE", "E_PARSE", "E_INTERNAL", "E_FS_DENIED"):
        metrics.record(symbol)
    assert metrics.snapshot_json() == (FIXTURES / "metrics-ts.json").read_text().strip()


@pytest.mark.parametrize(
    ("pattern", "s", "matches"),
    [
        (r"^\d+$", "123", True),
        (r"^\d+$", "١٢٣", False),  # ASCII \d
        (r"^\w+$", "é", False),
        (r"^\s$", "\u00a0", True),  # ECMAScript's \s
        (r"^\s$", "\u0085", False),
        (r"^.$", "\r", False),  # . takes no line terminator
        (r"^a$", "a\n", False),  # $ is the end of the input
        (r"b", "abc", True),  # searched anywhere
        (r"^[\S]+$", "a b", False),
        (r"^[\D]$", "1", False),
        (r"^[[]$", "[", True),
        (r"^[a&&b]+$", "&&", True),
        (r"^[+--]+$", "+,-", True),
        (r"^[]$", "", False),
        (r"^[^]$", "\n", True),
        (r"^\u00e9\x41\cJ$", "éA\n", True),
        (r"^\u{1F600}$", "\U0001f600", True),
        (r"^(?<word>[a-z]+)$", "abc", True),
    ],
)
def test_patterns_read_as_ecmascript_reads_them(pattern: str, s: str, matches: bool) -> None:
    from fixture_errors._rt.check import check_string

    assert (check_string({"patterns": [pattern]}, s) == "") is matches
