"""How the runtime writes detail values and templates: the one interpreter
of the wire's rules (errgenrt/write.go), reading the catalog's facts. A
value is first checked against its node; one that breaks a check is not
written as given: an optional member is left out, an item dropped, a
required member written as the node's replacement (without one its object
fails in turn, and failed details make the error its catalog's fallback).
A string is then redacted when sensitive and scrubbed by its x-sanitize,
both unless the options show sensitive values, and bounded unless it is
exact.

Values are JSON values as Python holds them: None, bool, int, float, str,
a list or tuple (an array), a Mapping with str keys (an object). A member
that is absent or None is absent, and None where a value of a type is
expected is that type's empty value. Members are read by their exact
names.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal
from typing import cast as _t_cast

from .check import check_any, check_number, check_string
from .sanitize import LONG, sanitize
from .wire import MAX_SAFE_INTEGER, format_integer, format_number, json_float, quote, truncate

__all__ = ["Encoder", "Field", "Tables", "Violation", "is_array", "is_object"]

Node = Mapping[str, Any]
Outcome = Literal["omitted", "replaced", "fallback"]


@dataclass(frozen=True)
class Violation:
    """A detail value the runtime did not write as given, since it breaks
    its schema (errgenrt.Violation)."""

    #: the error
    symbol: str
    #: where the value is in the details, a JSON Pointer ("/limit", "/paths/2")
    path: str
    #: the keyword it breaks: type, enum, const, pattern, format, minimum, minItems, uniqueItems, ...
    keyword: str
    #: what was written instead: omitted, replaced or fallback
    outcome: Outcome


ViolationHook = Callable[[Violation], None]


def is_object(v: object) -> bool:
    """Reports whether v is a JSON object: a Mapping."""
    return isinstance(v, Mapping)


def is_array(v: object) -> bool:
    """Reports whether v is a JSON array: a list or a tuple."""
    return isinstance(v, (list, tuple))


_EMPTY_LIST: tuple[()] = ()
_EMPTY_OBJECT: Mapping[str, object] = {}


def empty_value(n: Node) -> object:
    """The value a required member absent from the details has, and what
    None is where a value of n's type is expected: "", 0, False, [], an
    object of its required properties, None."""
    t = n["type"]
    if t == "string":
        return ""
    if t in ("integer", "number"):
        return 0
    if t == "boolean":
        return False
    if t == "array":
        return _EMPTY_LIST
    if t == "object":
        return _EMPTY_OBJECT
    return None


def integer(v: object) -> int | None:
    """Returns v as an integer value: an int (not a bool) or a float with no
    fraction whose magnitude is at most 2^53 - 1; None for anything else."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v if -MAX_SAFE_INTEGER <= v <= MAX_SAFE_INTEGER else None
    if isinstance(v, float) and math.isfinite(v) and v == math.trunc(v) and abs(v) <= MAX_SAFE_INTEGER:
        return int(v)
    return None


def number(v: object) -> float | None:
    """Returns v as a float, None when it is no number."""
    if isinstance(v, bool):
        return None
    if isinstance(v, float):
        return v
    if isinstance(v, int):
        try:
            return float(v)
        except OverflowError:
            return math.inf if v > 0 else -math.inf
    return None


@dataclass(frozen=True)
class Field:
    """One declared property of an object node as the interpreter reads it."""

    name: str
    key: str  # its name as a JSON member's name, then ":"
    required: bool
    node: Node


class _Fields:
    __slots__ = ("by_name", "list")

    def __init__(self, fields: list[Field]) -> None:
        self.list = fields
        self.by_name = {f.name: f for f in fields}


class Tables:
    """A catalog's facts as the interpreter reads them: its object shapes by
    name, the properties of each object node (made on first use, then
    kept), its rules, and the hook that learns of violations."""

    def __init__(self, facts: Mapping[str, Any]) -> None:
        self.facts = facts
        self.rules: Mapping[str, Any] = facts["rules"]
        self.redacted: str = self.rules["redacted"]
        self.untyped_depth: int = self.rules["untypedDepth"]
        self.problem_members: frozenset[str] = frozenset(self.rules["problemMembers"])
        self.shapes: dict[str, Node] = {s["name"]: s["node"] for s in facts["shapes"]}
        self._fields: dict[int, _Fields] = {}
        #: learns of every detail value not written as given, once per payload rendered
        self.on_violation: ViolationHook | None = None

    def shape_of(self, n: Node) -> Node:
        """Returns the node that declares the properties of object node n:
        the shape it names, or itself."""
        shape = n.get("shape")
        if shape is None:
            return n
        s = self.shapes.get(shape)
        if s is None:
            raise ValueError(f"errgen: no detail shape {shape}")
        return s

    def fields(self, n: Node) -> _Fields:
        """Returns the declared properties of object node n."""
        f = self._fields.get(id(n))
        if f is None:
            o = self.shape_of(n)
            f = _Fields([Field(p["name"], quote(p["name"], -1) + ":", p.get("required") is True, p["node"]) for p in o.get("properties", ())])
            self._fields[id(n)] = f
        return f

    def type_error(self, n: Node, v: object, path: str, seen: list[int] | None = None) -> str:
        """Returns what makes v no value of node n as the details' type has
        it (a value of another JSON type, a required property missing, a
        member an object without additionalProperties does not declare),
        or "" when nothing does; the constraints are the writer's to check."""
        if seen is None:
            seen = []
        t = n["type"]
        if t == "string":
            return "" if isinstance(v, str) else _must_be(path, "a str", v)
        if t == "integer":
            return "" if integer(v) is not None or number(v) is not None else _must_be(path, "an int", v)
        if t == "number":
            return "" if number(v) is not None else _must_be(path, "a float", v)
        if t == "boolean":
            return "" if isinstance(v, bool) else _must_be(path, "a bool", v)
        if t == "any":
            return ""
        if t == "array":
            if not is_array(v):
                return _must_be(path, "a list", v)
        elif not is_object(v):
            return _must_be(path, "a dict", v)
        if id(v) in seen:
            return f"{path} contains itself"
        seen.append(id(v))
        try:
            if t == "array":
                items: Node = n["items"]
                for i, x in enumerate(_t_cast(Sequence[object], v)):
                    err = self.type_error(items, x, f"{path}[{i}]", seen)
                    if err:
                        return err
                return ""
            d = _t_cast(Mapping[Any, object], v)
            fields = self.fields(n)
            for p in fields.list:
                at = f"{path}[{p.name!r}]"
                if p.node["type"] == "any":
                    if p.name not in d:
                        if p.required:
                            return f"{at} is required"
                        continue
                else:
                    x = d.get(p.name)
                    if x is None:
                        if p.required:
                            return f"{at} is required"
                        continue
                err = self.type_error(p.node, d.get(p.name), at, seen)
                if err:
                    return err
            extra = self.shape_of(n).get("additionalProperties")
            for k, x in d.items():
                if not isinstance(k, str):
                    return f"{path} has a key of type {type(k).__name__}, not str"
                if k in fields.by_name:
                    continue
                if extra is None:
                    return f"{path} has no field {k!r}"
                err = self.type_error(extra, x, f"{path}[{k!r}]", seen)
                if err:
                    return err
            return ""
        finally:
            seen.pop()


def _must_be(path: str, what: str, v: object) -> str:
    return f"{path} must be {what}, got {type(v).__name__}"


def _pointer_segment(seg: str | int) -> str:
    if isinstance(seg, int):
        return "/" + str(seg)
    return "/" + seg.replace("~", "~0").replace("/", "~1")


def _json_key(k: object) -> str | None:
    """The JSON member name of a key of an untyped object, as json.dumps
    makes it; None for a key JSON has no name for."""
    if isinstance(k, str):
        return k
    if k is True:
        return "true"
    if k is False:
        return "false"
    if k is None:
        return "null"
    if isinstance(k, int):
        return str(k)
    if isinstance(k, float):
        return format_number(k)
    return None


_UNTYPED: Node = {"type": "any"}
_BROKEN: str | None = None  # the JSON of a value that breaks its node


# The text of the last long string a template named (see Encoder.placeholder).
_last_text: list[tuple[object, ...]] = [(None, None, None, None, None, None, "")]


class Encoder:
    """Writes detail values and templates under one set of options, as
    errgenrt's Encoder: it is minimal while a payload is written again past
    its bound, with strings cut to min_string bytes, and in text mode while
    it writes a placeholder's value (strings unbounded)."""

    def __init__(self, tables: Tables, *, verbose: bool, show_sensitive: bool, max_string_bytes: int) -> None:
        self.tables = tables
        self.redacted = tables.redacted
        self.verbose = verbose
        self.show = show_sensitive
        m = max_string_bytes if max_string_bytes > 0 else 0
        if m <= 0:
            m = int(tables.facts["limits"]["maxStringBytes"])
        if m <= 0:
            m = 1024
        self.max_string = max(m, int(tables.rules["minMaxStringBytes"]))
        self.minimal = False
        self.min_string = 0
        self.text = False
        self.def_: Mapping[str, Any] | None = None
        self.report = False
        self.path: list[str | int] = []
        self.last_keyword = ""
        self.failed = False
        self.pending: list[tuple[str, str, str]] = []
        self.flatten = False
        self.flat_keys: list[str] = []
        self._seen: set[int] = set()

    # ------------------------------------------------------------ strings

    def bound(self, n: Node | None) -> int:
        """The byte bound of the strings of node n (None: the message's),
        -1 for none."""
        if self.text or (n is not None and n.get("exact") is True):
            return -1
        b = self.max_string
        if n is not None:
            mb = n.get("maxBytes", 0)
            if mb and mb > 0:
                b = mb
        if self.minimal and b > self.min_string:
            b = self.min_string
        return b

    def scrub(self, n: Node, sensitive: bool, s: str) -> str:
        """The string s of node n as it is written: redacted when sensitive,
        else scrubbed by its x-sanitize, both unless shown."""
        if self.show:
            return s
        if sensitive or n.get("sensitive") is True:
            return self.redacted
        return sanitize(n.get("sanitize"), s)

    # ------------------------------------------------------------ violations

    def invalid(self, kw: str) -> str | None:
        """Notes that the value at the current path breaks keyword kw; the
        value's JSON is then None."""
        self.last_keyword = kw
        return _BROKEN

    def _reporting(self) -> bool:
        return self.report and self.def_ is not None and self.tables.on_violation is not None

    def pointer(self) -> str:
        return "".join(_pointer_segment(s) for s in self.path)

    def violation(self, outcome: Outcome) -> None:
        if not self._reporting():
            return
        pending, self.pending = self.pending, []
        for symbol, path, kw in pending:
            self._tell(Violation(symbol, path, kw, outcome))
        assert self.def_ is not None
        self._tell(Violation(self.def_["symbol"], self.pointer(), self.last_keyword, outcome))

    def hold(self) -> None:
        if self._reporting():
            assert self.def_ is not None
            self.pending.append((self.def_["symbol"], self.pointer(), self.last_keyword))

    def flush(self, outcome: Outcome) -> None:
        pending, self.pending = self.pending, []
        if self._reporting():
            for symbol, path, kw in pending:
                self._tell(Violation(symbol, path, kw, outcome))

    def _tell(self, v: Violation) -> None:
        hook = self.tables.on_violation
        if hook is not None:
            hook(v)

    # ------------------------------------------------------------ values

    def write_value(self, n: Node, v: object, sensitive: bool) -> str | None:
        """The JSON of v, a value of node n, or None when v breaks n
        (last_keyword says how)."""
        t = n["type"]
        if v is None and t != "any":
            v = empty_value(n)
        if t == "string":
            if not isinstance(v, str):
                return self.invalid("type")
            kw = check_string(n.get("check"), v)
            if kw:
                return self.invalid(kw)
            return quote(self.scrub(n, sensitive, v), self.bound(n))
        if t == "integer":
            i = integer(v)
            if i is None:
                return self.invalid("type")
            kw = check_number(n.get("check"), float(i))
            if kw:
                return self.invalid(kw)
            return format_integer(i)
        if t == "number":
            f = number(v)
            if f is None:
                return self.invalid("type")
            g = json_float(f)
            kw = check_number(n.get("check"), g)
            if kw:
                return self.invalid(kw)
            return format_number(g)
        if t == "boolean":
            if not isinstance(v, bool):
                return self.invalid("type")
            return "true" if v else "false"
        if t == "array":
            if not is_array(v):
                return self.invalid("type")
            return self.write_array(n, v)  # type: ignore[arg-type]
        if t == "object":
            if not is_object(v):
                return self.invalid("type")
            return self.write_object(n, v, False)  # type: ignore[arg-type]
        kw = check_any(n.get("check"), v)
        if kw:
            return self.invalid(kw)
        if v is not None and (sensitive or n.get("sensitive") is True) and not self.show:
            return quote(self.redacted, -1)
        return self.write_any(n, v, 0)

    def write_array(self, n: Node, items: Sequence[object]) -> str | None:
        """The items that pass the items node: an item that breaks it is
        dropped, and so is (uniqueItems) one written as an earlier item was;
        at most maxItems are written, in a minimal payload at most keep. Too
        few items for minItems fail the array."""
        c = n.get("check") or {}
        item_node: Node = n["items"]
        max_items: int = c.get("maxItems", -1)
        keep: int = n.get("keep", 0)
        if self.minimal and keep >= 0 and (max_items < 0 or keep < max_items):
            max_items = keep
        # each item written, for uniqueItems: a lookup an item, not a comparison with each earlier one
        written: set[str] | None = set() if c.get("uniqueItems") is True else None
        out: list[str] = []
        for i, x in enumerate(items):
            if max_items >= 0 and len(out) >= max_items:
                break
            self.path.append(i)
            item = self.write_value(item_node, x, False)
            if item is None:
                self.violation("omitted")
            elif written is not None and item in written:
                self.last_keyword = "uniqueItems"
                self.violation("omitted")
                item = None
            self.path.pop()
            if item is not None:
                out.append(item)
                if written is not None:
                    written.add(item)
        min_items = c.get("minItems")
        if min_items is not None and min_items > len(out):
            return self.invalid("minItems")
        return "[" + ",".join(out) + "]"

    def write_object(self, n: Node, d: Mapping[str, object] | None, top: bool) -> str | None:
        """Object d (None: every member absent) of node n: its declared
        properties in order, then (with additionalProperties, in a full
        payload) its other members sorted by key; None when a required
        property breaks its node and has no replacement. top marks an
        error's details, whose properties also take the error's sensitive
        list."""
        o = self.tables.shape_of(n)
        sensitives: Sequence[str] = ()
        if top and self.def_ is not None:
            sensitives = self.def_.get("sensitive", ())
        parts: list[str] = []
        for p in self.tables.fields(o).list:
            f = p.node
            if f.get("verbose") is True and not self.verbose:
                continue
            v = None if d is None else d.get(p.name)
            if v is None:
                if not p.required:
                    continue
                v = empty_value(f)
            elif not p.required and self.minimal and o.get("trim") is True:
                continue
            sensitive = p.name in sensitives
            self.path.append(p.name)
            js = self.write_value(f, v, sensitive)
            if js is None:
                if not p.required:
                    self.violation("omitted")
                elif "replacement" in f:
                    self.violation("replaced")
                    js = self.write_value(f, f["replacement"], sensitive)
                else:
                    self.hold()  # this object fails: what becomes of it decides
            self.path.pop()
            if js is None:
                if p.required:
                    return None
                continue
            parts.append(p.key + js)
        extra = o.get("additionalProperties")
        if extra is not None and d is not None and not self.minimal and (extra.get("verbose") is not True or self.verbose):
            self._write_extra(o, extra, d, top, parts)
        return "{" + ",".join(parts) + "}"

    def _write_extra(self, o: Node, extra: Node, d: Mapping[str, object], top: bool, parts: list[str]) -> None:
        """Appends the other members of the open object d of node o, sorted
        by key in code point order; a key named like a declared property is
        left out, and so is, in a problem document's flattened details, one
        named like a member of the document. A member whose value breaks
        the node extra is left out."""
        flat = top and self.flatten
        declared = self.tables.fields(o).by_name
        keys = sorted(k for k in d if isinstance(k, str))
        written: set[str] = set()
        for k in keys:
            if k in declared or (flat and k in self.tables.problem_members):
                continue
            key = quote(k, -1)
            if key in written:
                continue
            self.path.append(k)
            js = self.write_value(extra, d[k], False)
            if js is None:
                self.violation("omitted")
            self.path.pop()
            if js is None:
                continue
            written.add(key)
            parts.append(key + ":" + js)
            if flat:
                self.flat_keys.append(k)

    def write_any(self, n: Node, x: object, depth: int) -> str:
        """The JSON of an untyped value x of node n: strings scrubbed by the
        node's x-sanitize (unless shown) and bounded, object members sorted
        by key (their keys scrubbed and bounded too; of members whose keys
        come out the same, only the first is written); past the rules'
        untypedDepth levels a value is null, and so is a value JSON has no
        form of."""
        if depth >= self.tables.untyped_depth:
            return "null"
        if x is None:
            return "null"
        if isinstance(x, str):
            return quote(x if self.show else sanitize(n.get("sanitize"), x), self.bound(n))
        if isinstance(x, bool):
            return "true" if x else "false"
        if isinstance(x, (int, float)):
            f = number(x)
            return format_number(f if f is not None else 0.0)
        if not isinstance(x, (list, tuple, Mapping)):
            return "null"
        if id(x) in self._seen:
            return "null"  # a value inside itself
        self._seen.add(id(x))
        try:
            if not isinstance(x, Mapping):
                return "[" + ",".join(self.write_any(n, it, depth + 1) for it in x) + "]"
            bound = self.bound(n)
            members: list[tuple[str, str, object]] = []
            for k, v in x.items():
                key = _json_key(k)
                if key is None:
                    continue
                written = truncate(key if self.show else sanitize(n.get("sanitize"), key), bound)
                members.append((written, key, v))
            members.sort(key=lambda m: (m[0], m[1]))
            out: list[str] = []
            last: str | None = None
            for written, _, v in members:
                if written == last:
                    continue  # a key that came out as the one before: the first wins
                last = written
                out.append(quote(written, -1) + ":" + self.write_any(n, v, depth + 1))
            return "{" + ",".join(out) + "}"
        finally:
            self._seen.discard(id(x))

    # ------------------------------------------------------------ templates

    def render(self, tpl: Mapping[str, Any], def_: Mapping[str, Any], d: Mapping[str, object] | None) -> str:
        """The text of template tpl of the error def_ for its details d
        (None: none): its literal text and each placeholder's text."""
        self.def_ = def_
        out: list[str] = []
        details = def_.get("details")
        for p in tpl["parts"]:
            field = p.get("field")
            if field is None:
                out.append(p.get("text", ""))
            elif details is not None:
                out.append(self.placeholder(details, d, field))
        return "".join(out)

    def placeholder(self, n: Node, d: Mapping[str, object] | None, name: str) -> str:
        """The text of the top-level property name of details d (node n)."""
        p = self.tables.fields(n).by_name.get(name)
        if p is None:
            return ""
        f = p.node
        if f.get("verbose") is True and not self.verbose:
            return ""
        v = None if d is None else d.get(name)
        if v is None:
            if not p.required:
                return ""
            v = empty_value(f)
        sensitive = self.def_ is not None and name in self.def_.get("sensitive", ())
        replaces = p.required and "replacement" in f
        if not isinstance(v, str) or len(v) < LONG:
            return self.value_text(f, v, sensitive, replaces)
        # a long string's text, remembered as sanitize remembers the last
        # one scrubbed: every payload of an occurrence writes its message
        key = (f, v, sensitive, replaces, self.show, self.verbose)
        last = _last_text[0]
        if last[0] is key[0] and last[1] == key[1] and last[2:6] == key[2:]:
            return str(last[6])
        text = self.value_text(f, v, sensitive, replaces)
        _last_text[0] = (*key, text)
        return text

    def value_text(self, f: Node, v: object, sensitive: bool, replaces: bool) -> str:
        """The text of value v of node f in a template."""
        text = self.scalar_text(f, v, sensitive)
        if text is None and replaces:
            text = self.scalar_text(f, f["replacement"], sensitive)
        if text is not None:
            return text
        minimal, in_text, report = self.minimal, self.text, self.report
        self.minimal, self.text, self.report = False, True, False
        js = self.write_value(f, v, sensitive)
        if js is None and replaces:
            js = self.write_value(f, f["replacement"], sensitive)
        self.minimal, self.text, self.report = minimal, in_text, report
        return "" if js is None else _json_text(js)

    def scalar_text(self, n: Node, v: object, sensitive: bool) -> str | None:
        """The text of a string, integer, number or boolean v of node n that
        keeps its checks; None for another kind of node, or a value that
        breaks its checks."""
        if v is None:
            return None
        t = n["type"]
        if t == "string":
            if isinstance(v, str) and not check_string(n.get("check"), v):
                return self.scrub(n, sensitive, v)
            return None
        if t == "integer":
            i = integer(v)
            if i is not None and not check_number(n.get("check"), float(i)):
                return format_integer(i)
            return None
        if t == "number":
            f = number(v)
            if f is None:
                return None
            g = json_float(f)
            return format_number(g) if not check_number(n.get("check"), g) else None
        if t == "boolean":
            return ("true" if v else "false") if isinstance(v, bool) else None
        return None


def untyped() -> Node:
    """The node of legacy data and extension values: any JSON value."""
    return _UNTYPED


def _json_text(js: str) -> str:
    """The text of the JSON value js (written by the encoder): a string its
    characters, an array its items joined by ", " (a string as its
    characters, any other item as its JSON; [] for none), null nothing,
    anything else its JSON."""
    c = js[0]
    if c == '"':
        s: str = json.loads(js)
        return s
    if c == "n":
        return ""
    if c == "[":
        items = _json_items(js)
        if not items:
            return "[]"
        return ", ".join(json.loads(it) if it[0] == '"' else it for it in items)
    return js


def _json_items(js: str) -> list[str]:
    """The JSON text of each item of the compact JSON array js."""
    out: list[str] = []
    depth = 0
    start = 1
    in_string = False
    i = 1
    end = len(js) - 1
    while i < end:
        c = js[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        elif c == "," and depth == 0:
            out.append(js[start:i])
            start = i + 1
        i += 1
    if len(js) > 2:
        out.append(js[start:end])
    return out
