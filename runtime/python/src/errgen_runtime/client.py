"""The client half of the runtime: guards, parsers and lookups of a
catalog's payloads (as the TypeScript package's index.js has them). A
payload of an error of the catalog that keeps its rules comes back as
itself (the dict); a well-formed payload naming an error the catalog does
not have (a newer catalog's) as an UnknownError; anything else as None.
retry_advice reads what to do about any error payload, of this catalog or
not. Nothing here raises on a payload.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, cast

if TYPE_CHECKING:
    from .core import Catalog

__all__ = ["Client", "RetryAdvice", "UnknownError", "retry_advice"]

#: The naming rules of errgen catalogs, which any well-formed payload follows.
SYMBOL_RE = re.compile(r"[A-Z][A-Z0-9]*(_[A-Z0-9]+)*\Z")
TYPE_RE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*\Z")
_DATE_TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))\Z", re.ASCII)

Payload = dict[str, Any]


@dataclass(frozen=True)
class UnknownError:
    """A well-formed payload of an error this catalog does not have: an
    error of a newer catalog, or of another server."""

    format: str
    raw: object = field(repr=False)
    code: int | None = None
    symbol: str | None = None
    type: str | None = None
    message: str | None = None
    status: int | None = None
    data: object = field(default=None, repr=False)
    retryable: bool = False
    unknown: bool = True
    #: the retry class the payload carries ("never", "after_change", "after_delay", or a newer one), None when it has none
    retry: str | None = None
    #: the delay the payload carries before a retry, in milliseconds (retryAfterMs), None when it has none
    retry_after_ms: int | None = None


def _is_object(v: object) -> bool:
    return isinstance(v, Mapping)


def _is_str(v: object) -> bool:
    return isinstance(v, str)


def _is_bool(v: object) -> bool:
    return isinstance(v, bool)


def _is_int(v: object) -> bool:
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return True
    return isinstance(v, float) and math.isfinite(v) and v == math.trunc(v)


def _is_delay(v: object) -> bool:
    """A well-formed retryAfterMs: an integer of no sign."""
    return _is_int(v) and cast(float, v) >= 0


#: the largest delay a client reads: 2^53 - 1, which every runtime holds exactly
_MAX_DELAY = (1 << 53) - 1


def _delay(v: object) -> int | None:
    """The delay a retryAfterMs gives a client: a JSON number whose value is
    a whole number from 0 to 2^53 - 1 (3e3 and 3000.0 are 3000), as every
    runtime holds it exactly; else None."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    if isinstance(v, float) and not v.is_integer():
        return None  # a fraction, NaN or an infinity
    if 0 <= v <= _MAX_DELAY:
        return int(v)
    return None


def _is_str_list(v: object) -> bool:
    return isinstance(v, (list, tuple)) and all(isinstance(s, str) for s in v)


def _optional(o: Mapping[str, Any], name: str, check: Any) -> bool:
    return name not in o or bool(check(o[name]))


def _is_date_time(s: object) -> bool:
    if not isinstance(s, str):
        return False
    m = _DATE_TIME.match(s)
    if m is None:
        return False
    year, month, day, hour, minute, second = (int(m[i]) for i in range(1, 7))
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if month < 1 or month > 12 or day < 1 or day > days[month - 1] or hour > 23 or minute > 59 or second > 60:
        return False
    return m[9] is None or (int(m[10]) <= 23 and int(m[11]) <= 59)


def _has_kind(v: object, kind: str) -> bool:
    if kind == "string":
        return isinstance(v, str)
    if kind == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    if kind == "integer":
        return _is_int(v)
    if kind == "boolean":
        return isinstance(v, bool)
    if kind == "array":
        return isinstance(v, (list, tuple))
    if kind == "object":
        return _is_object(v)
    return True


def _json(value: object) -> object:
    """The value a JSON text holds (str or bytes), and any other value as it is."""
    if isinstance(value, (bytes, bytearray)):
        try:
            value = bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value, parse_constant=_not_json)  # NaN and Infinity are not JSON
    except (ValueError, RecursionError):
        return None


def _not_json(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def _get(o: object, name: str) -> object:
    """A member of a mapping, or an attribute of an object (an SDK's model)."""
    if isinstance(o, Mapping):
        return o.get(name)
    return getattr(o, name, None)


class Client:
    """The guards and parsers of one catalog's payloads."""

    def __init__(self, catalog: Catalog[Any], reserved_domains: Sequence[str] = ()) -> None:
        facts = catalog.facts
        rules = facts["rules"]
        self._schema_version: int = facts["schemaVersion"]
        self._max_suggestions: int = facts["limits"]["maxSuggestions"]
        self._chain_entries: int = rules["errorChainEntries"]
        self._rpc_members: frozenset[str] = frozenset(rules["jsonrpcDataMembers"])
        self._problem_members: frozenset[str] = frozenset(rules["problemMembers"])
        self._by_symbol: dict[str, Mapping[str, Any]] = {}
        self._by_type: dict[str, Mapping[str, Any]] = {}
        self._by_code: dict[int, Mapping[str, Any]] = {}
        self._by_problem: dict[str, list[Mapping[str, Any]]] = {}
        by_wire: dict[int, list[Mapping[str, Any]]] = {}
        #: each error's top-level detail fields: (name, JSON type, required); None for an error without details
        self._fields: dict[str, list[tuple[str, str, bool]] | None] = {}
        for d in facts["errors"]:
            for s in [d["symbol"], *d.get("aliases", ())]:
                self._by_symbol[s] = d
            self._by_type[d["type"]] = d
            self._by_code[d["code"]] = d
            self._by_problem.setdefault(d["problemType"], []).append(d)
            by_wire.setdefault(d["wireCode"], []).append(d)
            n = d.get("details")
            if n is None:
                self._fields[d["symbol"]] = None
            else:
                props = catalog.tables.shape_of(n).get("properties", ())
                self._fields[d["symbol"]] = [(p["name"], p["node"]["type"], p.get("required") is True) for p in props]
        # the protocol errors a JSON-RPC code alone names
        self._by_protocol_code = {code: ds[0] for code, ds in by_wire.items() if len(ds) == 1 and ds[0]["domain"] in reserved_domains}

    # ---------------------------------------------------------- shapes

    def _debug_info(self, v: object) -> bool:
        if not isinstance(v, Mapping):
            return False
        return (
            _is_date_time(v.get("timestamp"))
            and _optional(v, "errorChain", lambda c: _is_str_list(c) and len(c) <= self._chain_entries)
            and _optional(v, "requestId", _is_str)
            and _optional(v, "serverVersion", _is_str)
        )

    def _check_fields(self, obj: Mapping[str, Any], symbol: str) -> bool:
        fields = self._fields.get(symbol)
        if fields is None:
            return True
        for name, kind, required in fields:
            if name not in obj:
                if required:
                    return False
                continue
            if not _has_kind(obj[name], kind):
                return False
        return True

    def _context_shape(self, v: object) -> bool:
        return (
            isinstance(v, Mapping)
            and _is_int(v.get("schemaVersion"))
            and _is_str(v.get("type"))
            and _is_object(v.get("details"))
            and _is_bool(v.get("retryable"))
            and _optional(v, "userMessage", _is_str)
            and _optional(v, "suggestions", _is_str_list)
            and _optional(v, "debugInfo", self._debug_info)
        )

    @staticmethod
    def _rpc_like(v: object) -> bool:
        return isinstance(v, Mapping) and _is_int(v.get("code")) and _is_str(v.get("message"))

    def _rpc_shape(self, v: object) -> bool:
        return self._rpc_like(v) and all(k in ("code", "message", "data") for k in cast(Mapping[str, object], v))

    def _rpc_meta(self, v: Mapping[str, Any]) -> Mapping[str, Any] | None:
        data = v.get("data") if _is_object(v.get("data")) else None
        symbol = _get(data, "symbol") if data is not None else None
        if isinstance(symbol, str) and SYMBOL_RE.match(symbol):
            return self._by_symbol.get(symbol)
        ctx = _get(data, "context") if data is not None else None
        t = _get(ctx, "type") if _is_object(ctx) else None
        if isinstance(t, str) and TYPE_RE.match(t):
            return self._by_type.get(t)
        code = v.get("code")
        return self._by_protocol_code.get(int(code)) if _is_int(code) else None  # type: ignore[arg-type]

    def _problem_shape(self, v: object) -> bool:
        return (
            isinstance(v, Mapping)
            and _is_str(v.get("type"))
            and _is_str(v.get("title"))
            and _is_int(v.get("status"))
            and all(_optional(v, name, _is_str) for name in ("detail", "instance", "symbol", "userMessage"))
            and _optional(v, "timestamp", _is_date_time)
            and _optional(v, "retryable", _is_bool)
            and _optional(v, "retry", _is_str)
            and _optional(v, "retryAfterMs", _is_delay)
            and _optional(v, "suggestions", _is_str_list)
            and _optional(v, "debugInfo", self._debug_info)
        )

    @staticmethod
    def _response_shape(v: object) -> bool:
        return (
            isinstance(v, Mapping)
            and v.get("error") is True
            and _is_str(v.get("code"))
            and _is_str(v.get("message"))
            and _optional(v, "details", _is_object)
            and _optional(v, "retry", _is_str)
            and _optional(v, "retryAfterMs", _is_delay)
        )

    def _few_suggestions(self, v: Mapping[str, Any]) -> bool:
        s = v.get("suggestions")
        return not isinstance(s, (list, tuple)) or len(s) <= self._max_suggestions

    def _check_context(self, v: object, meta: Mapping[str, Any]) -> bool:
        if not self._context_shape(v):
            return False
        assert isinstance(v, Mapping)
        if v["type"] != meta["type"] or v["schemaVersion"] != self._schema_version or not self._few_suggestions(v):
            return False
        details = v["details"]
        if self._fields.get(meta["symbol"]) is None:
            return len(details) == 0
        return self._check_fields(details, meta["symbol"])

    def _check_rpc(self, v: Mapping[str, Any], meta: Mapping[str, Any]) -> bool:
        if v["code"] != meta["wireCode"]:
            return False
        if "data" not in v:
            return True
        data = v["data"]
        return (
            isinstance(data, Mapping)
            and _optional(data, "symbol", lambda s: isinstance(s, str) and self._by_symbol.get(s) is meta)
            and _optional(data, "domain", lambda d: d == meta["domain"])
            and _optional(data, "retryable", _is_bool)
            and _optional(data, "retry", _is_str)
            and _optional(data, "retryAfterMs", _is_delay)
            and _optional(data, "context", lambda c: self._check_context(c, meta))
        )

    def _problem_matches(self, v: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        metas = self._by_problem.get(v["type"], [])
        if "symbol" in v:
            metas = [m for m in metas if self._by_symbol.get(v["symbol"]) is m]
        return [m for m in metas if v["status"] in m["statuses"] and self._check_fields(v, m["symbol"])]

    # ---------------------------------------------------------- guards

    def is_error_context(self, value: object) -> bool:
        """Reports whether value is the data.context of an error of the catalog."""
        if not self._context_shape(value):
            return False
        meta = self._by_type.get(value["type"])  # type: ignore[index]
        return meta is not None and self._check_context(value, meta)

    def is_jsonrpc_error(self, value: object) -> bool:
        """Reports whether value is the JSON-RPC error object of an error of the catalog."""
        if not self._rpc_shape(value):
            return False
        assert isinstance(value, Mapping)
        meta = self._rpc_meta(value)
        return meta is not None and self._check_rpc(value, meta)

    def is_problem_details(self, value: object) -> bool:
        """Reports whether value is the problem document of an error of the catalog."""
        return self._problem_shape(value) and self._few_suggestions(value) and len(self._problem_matches(value)) > 0  # type: ignore[arg-type]

    def is_error_response(self, value: object) -> bool:
        """Reports whether value is the plain response of an error of the catalog."""
        if not self._response_shape(value):
            return False
        assert isinstance(value, Mapping)
        meta = self._by_symbol.get(value["code"])
        if meta is None:
            return False
        details = value.get("details")
        if self._fields.get(meta["symbol"]) is None:
            return not isinstance(details, Mapping) or len(details) == 0
        return isinstance(details, Mapping) and self._check_fields(details, meta["symbol"])

    @staticmethod
    def is_unknown_error(value: object) -> bool:
        """Reports whether value is what a parser returns for an error this
        catalog does not have."""
        return isinstance(value, UnknownError)

    # ---------------------------------------------------------- parsers

    def parse_error_context(self, value: object) -> Payload | UnknownError | None:
        """The data.context of an error of the catalog (a dict or its JSON text)."""
        v = _json(value)
        if self.is_error_context(v):
            return dict(v)  # type: ignore[call-overload, no-any-return]
        if not self._context_shape(v):
            return None
        assert isinstance(v, Mapping)
        if not TYPE_RE.match(v["type"]) or v["type"] in self._by_type:
            return None
        return UnknownError("context", v, type=v["type"], retryable=v["retryable"])

    def parse_jsonrpc_error(self, value: object) -> Payload | UnknownError | None:
        """The JSON-RPC error object of an error of the catalog (a dict or its JSON text)."""
        v = _json(value)
        if not self._rpc_shape(v):
            return None
        assert isinstance(v, Mapping)
        meta = self._rpc_meta(v)
        if meta is None:
            data = v.get("data")
            ctx = _get(data, "context") if _is_object(data) else None
            symbol = _get(data, "symbol") if _is_object(data) else None
            t = _get(ctx, "type") if _is_object(ctx) else None
            flag = _get(data, "retryable") if _is_object(data) else None
            if not isinstance(flag, bool):
                flag = _get(ctx, "retryable") if _is_object(ctx) else None
            retry = _get(data, "retry") if _is_object(data) else None
            return UnknownError(
                "jsonrpc",
                v,
                code=int(v["code"]),
                symbol=symbol if isinstance(symbol, str) else None,
                type=t if isinstance(t, str) else None,
                message=v["message"],
                data=data,
                retryable=flag if isinstance(flag, bool) else False,
                retry=retry if isinstance(retry, str) else None,
                retry_after_ms=_delay(_get(data, "retryAfterMs")) if _is_object(data) else None,
            )
        return dict(v) if self._check_rpc(v, meta) else None

    def parse_problem_details(self, value: object) -> Payload | UnknownError | None:
        """The problem document of an error of the catalog (a dict or its JSON text)."""
        v = _json(value)
        if self.is_problem_details(v):
            return dict(v)  # type: ignore[call-overload, no-any-return]
        if not self._problem_shape(v):
            return None
        assert isinstance(v, Mapping)
        if "symbol" in v:
            if not SYMBOL_RE.match(v["symbol"]) or v["symbol"] in self._by_symbol:
                return None
        elif any(v["status"] in m["statuses"] for m in self._by_problem.get(v["type"], [])):
            return None
        flag = v.get("retryable")
        return UnknownError(
            "problem",
            v,
            symbol=v.get("symbol"),
            type=v["type"],
            message=v.get("detail"),
            status=int(v["status"]),
            retryable=flag if isinstance(flag, bool) else False,
            retry=v.get("retry"),
            retry_after_ms=_delay(v.get("retryAfterMs")),
        )

    def parse_error_response(self, value: object) -> Payload | UnknownError | None:
        """The plain response of an error of the catalog (a dict or its JSON text)."""
        v = _json(value)
        if self.is_error_response(v):
            return dict(v)  # type: ignore[call-overload, no-any-return]
        if not self._response_shape(v):
            return None
        assert isinstance(v, Mapping)
        if not SYMBOL_RE.match(v["code"]) or v["code"] in self._by_symbol:
            return None
        retry = v.get("retry")
        return UnknownError(
            "response",
            v,
            symbol=v["code"],
            message=v["message"],
            retryable=retry == "after_delay",
            retry=retry,
            retry_after_ms=_delay(v.get("retryAfterMs")),
        )

    def from_mcp_error(self, error: object) -> Payload | UnknownError | None:
        """The catalog error an MCP SDK's JSON-RPC error carries: an McpError
        (its .error), an ErrorData or a dict of code, message and data; None
        for the SDK's own errors."""
        inner = _get(error, "error")
        if inner is not None and not isinstance(error, Mapping):
            error = inner
        code, message = _get(error, "code"), _get(error, "message")
        if not _is_int(code) or not isinstance(message, str):
            return None
        value: dict[str, object] = {"code": int(cast(float, code)), "message": message}
        data = _get(error, "data")
        if data is not None:
            value["data"] = data
        return self.parse_jsonrpc_error(value)

    def from_tool_result(self, result: object) -> Payload | UnknownError | None:
        """The problem document an isError MCP tool result carries (a
        CallToolResult, or its dict): from its structured content, else
        from a text content; None for another result."""
        is_error = _get(result, "isError")
        if is_error is None:
            is_error = _get(result, "is_error")
        if is_error is not True:
            return None
        structured = _get(result, "structuredContent")
        if structured is None:
            structured = _get(result, "structured_content")
        if structured is not None:
            p = self.parse_problem_details(structured)
            if p is not None:
                return p
        content = _get(result, "content")
        if not isinstance(content, (list, tuple)):
            return None
        for item in content:
            text = _get(item, "text")
            if _get(item, "type") != "text" or not isinstance(text, str):
                continue
            p = self.parse_problem_details(text)
            if p is not None:
                return p
        return None

    # ---------------------------------------------------------- lookups

    def symbol_of(self, value: object) -> str | None:
        """The symbol of the error a payload (or a symbol, or an alias) names;
        None for anything else."""
        if isinstance(value, str):
            d = self._by_symbol.get(value)
            return None if d is None else str(d["symbol"])
        if not isinstance(value, Mapping):
            return None
        if value.get("error") is True:
            if not self.is_error_response(value):
                return None
            return str(self._by_symbol[value["code"]]["symbol"])
        if self._rpc_like(value):
            rpc: dict[str, Any] = {"code": value["code"], "message": value["message"]}
            if value.get("data") is not None:
                rpc["data"] = value["data"]
            meta = self._rpc_meta(rpc)
            return str(meta["symbol"]) if meta is not None and self._check_rpc(rpc, meta) else None
        if self._problem_shape(value):
            metas = self._problem_matches(value)
            return str(metas[0]["symbol"]) if len(metas) == 1 else None
        if self.is_error_context(value):
            return str(self._by_type[value["type"]]["symbol"])
        return None

    def is_symbol(self, value: object, symbol: str) -> bool:
        """Reports whether a payload is of the error symbol (or alias) names."""
        d = self._by_symbol.get(symbol)
        return d is not None and self.symbol_of(value) == d["symbol"]

    def is_retryable(self, value: object) -> bool:
        """Whether the error of a payload may be retried as it is: the
        payload's retry class or flag, else the catalog's."""
        if isinstance(value, UnknownError):
            return value.retryable
        symbol = self.symbol_of(value)
        if symbol is None:
            return False
        if isinstance(value, Mapping):
            data = value.get("data")
            data = data if _is_object(data) else None
            ctx = _get(data, "context") if data is not None else None
            retry = value.get("retry") if data is None else _get(data, "retry")
            if retry in _ACTIONS:
                return retry == "after_delay"
            for flag in (value.get("retryable"), _get(data, "retryable") if data is not None else None, _get(ctx, "retryable") if _is_object(ctx) else None):
                if isinstance(flag, bool):
                    return flag
        return self._by_symbol[symbol]["retryable"] is True

    def extensions_of(self, value: object) -> dict[str, object]:
        """A payload's members beyond its typed ones: legacy data of a
        JSON-RPC error, extension members of a problem document."""
        out: dict[str, object] = {}
        if not isinstance(value, Mapping):
            return out
        if self._rpc_like(value) and "title" not in value:
            data = value.get("data")
            if isinstance(data, Mapping):
                for k, v in data.items():
                    if k not in self._rpc_members:
                        out[k] = v
            return out
        symbol = self.symbol_of(value)
        fields = {f[0] for f in (self._fields.get(symbol) or [])} if symbol is not None else set()
        for k, v in value.items():
            if k not in self._problem_members and k not in fields:
                out[k] = v
        return out


# ---------------------------------------------------------------- retry advice

Action = Literal["retry", "change", "never"]

#: the action of each retry class
_ACTIONS: dict[object, Action] = {"after_delay": "retry", "after_change": "change", "never": "never"}


@dataclass(frozen=True)
class RetryAdvice:
    """What a client should do about a failed request: "retry" it as it is
    (after delay_ms milliseconds, or with a backoff of its own when
    delay_ms is None), "change" it before sending it again, or "never"
    send it again."""

    action: Action
    #: the delay the server asked for before a retry (retryAfterMs), None for none
    delay_ms: int | None = None


_NEVER = RetryAdvice("never")


def retry_advice(payload: object) -> RetryAdvice:
    """The advice an error payload carries, of any catalog (a newer
    one's included): a JSON-RPC error object or a JSON-RPC response
    holding one (an McpError, its ErrorData), a problem document, a plain
    response, an MCP tool result (its structuredContent, else its text
    content) or a JSON-RPC response holding one, each a dict, its JSON
    text or an SDK object, or what a parser returned. Its retry class
    says: after_delay is "retry" (delay_ms its retryAfterMs when that is
    a whole number from 0 to 2^53 - 1), after_change "change", never
    "never"; without a class it knows, its retryable flag true is "retry"
    (with its retryAfterMs), anything else "never". It reads a payload as
    errgenrt.AdviseRetry does, and never raises on one."""
    v = _carrier(_json(payload))
    if v is None:
        return _NEVER
    retry = _get(v, "retry")
    delay = _delay(_get(v, "retryAfterMs"))
    action = _ACTIONS.get(retry) if isinstance(retry, str) else None
    if action is None:
        action = "retry" if _get(v, "retryable") is True else "never"
    return RetryAdvice(action, delay if action == "retry" else None)


def _carrier(v: object) -> object:
    """The object of an error payload that holds its retry members: a
    problem document or a plain response itself, the data of a JSON-RPC
    error, the problem document of a tool result, found through a JSON-RPC
    response and an McpError; None for no object."""
    for _ in range(8):  # a response, its error or result, a tool result, an error's data
        if isinstance(v, UnknownError):
            v = v.raw
            continue
        if not _is_node(v):
            return None
        if _get(v, "retry") is not None or _get(v, "retryable") is not None:
            return v  # a problem document, a plain response, an error's data
        if _get(v, "content") is not None:
            return _tool_problem(v)
        error = _get(v, "error")
        if _is_node(error):
            v = error  # a JSON-RPC response or an McpError: its error object
            continue
        result = _get(v, "result")
        if _is_node(result):
            v = result  # a JSON-RPC response holding a tool result
            continue
        data = _get(v, "data")
        if _get(v, "code") is not None and _is_node(data):
            return data  # a JSON-RPC error object
        return v
    return None


def _is_node(v: object) -> bool:
    """An object of a payload: a mapping, or an SDK's model (not a JSON
    scalar or array)."""
    return v is not None and not isinstance(v, (str, bytes, bytearray, int, float, list, tuple))


def _tool_problem(result: object) -> object:
    """The problem document a tool result carries: its structuredContent,
    else the first text content holding a JSON object, else the result
    itself."""
    structured = _get(result, "structuredContent")
    if structured is None:
        structured = _get(result, "structured_content")
    if _is_node(structured):
        return structured
    content = _get(result, "content")
    for item in content if isinstance(content, (list, tuple)) else ():
        text = _get(item, "text")
        if _get(item, "type") == "text" and isinstance(text, str):
            doc = _json(text)
            if isinstance(doc, Mapping):
                return doc
    return result
