"""Parsers and guards of every payload: the catalog's errors come back as
themselves, a newer catalog's as UnknownError, anything else as None;
nothing raises."""

from __future__ import annotations

import json

import fixture_errors as fx
from fixture_errors import client
from fixture_errors.core_errors import UnavailableError
from fixture_errors.files_errors import FsTooLargeError


def test_payloads_of_the_catalog_parse_as_themselves() -> None:
    err = FsTooLargeError(resource="r", limit=1, actual=2, unit="bytes")
    rpc = fx.render_jsonrpc_error(err)
    problem = fx.render_problem(err)
    response = fx.render_response(err)
    assert client.is_jsonrpc_error(json.loads(rpc)) and client.parse_jsonrpc_error(rpc) == json.loads(rpc)
    assert client.is_problem_details(json.loads(problem)) and client.parse_problem_details(problem) == json.loads(problem)
    assert client.is_error_response(json.loads(response)) and client.parse_error_response(response.encode()) == json.loads(response)
    context = json.loads(rpc)["data"]["context"]
    assert client.is_error_context(context) and client.parse_error_context(context) == context
    for payload in (rpc, problem, response):
        assert client.symbol_of(json.loads(payload)) == "E_FS_TOO_LARGE"
        assert client.is_symbol(json.loads(payload), "E_FS_TOO_LARGE")
    assert client.is_retryable(json.loads(fx.render_problem(UnavailableError(service="s")))) is True
    assert client.symbol_of(client.from_tool_result(json.loads(fx.render_tool_result(err)))) == "E_FS_TOO_LARGE"
    assert client.symbol_of("E_INVALID") == "E_VALIDATION"


def test_a_newer_catalogs_errors_are_unknown_errors() -> None:
    rpc = {"code": 4242, "message": "new", "data": {"domain": "x", "symbol": "E_NEWER", "retryable": True, "context": {}}}
    u = client.parse_jsonrpc_error(rpc)
    assert isinstance(u, client.UnknownError) and u.symbol == "E_NEWER" and u.retryable and client.is_unknown_error(u)
    p = client.parse_problem_details({"type": "https://new/", "title": "New", "status": 409, "symbol": "E_NEWER"})
    assert isinstance(p, client.UnknownError) and p.status == 409
    r = client.parse_error_response({"error": True, "code": "E_NEWER", "message": "m"})
    assert isinstance(r, client.UnknownError) and r.message == "m"
    c = client.parse_error_context({"schemaVersion": 1, "type": "newer_kind", "details": {}, "retryable": False})
    assert isinstance(c, client.UnknownError) and c.type == "newer_kind"


def test_payloads_that_break_the_rules_are_none_and_nothing_raises() -> None:
    err = json.loads(fx.render_response(FsTooLargeError(resource="r", limit=1, actual=2, unit="bytes")))
    err["details"]["limit"] = "one"
    assert client.parse_error_response(err) is None
    for junk in (
        None,
        1,
        "not json",
        b"\xff",
        [],
        {"code": "x"},
        {"error": True},
        {"type": 1},
        {"isError": True, "content": [1, {"type": "text", "text": "{"}]},
    ):
        for parse in (
            client.parse_jsonrpc_error,
            client.parse_problem_details,
            client.parse_error_response,
            client.parse_error_context,
            client.from_tool_result,
        ):
            assert parse(junk) is None
        assert client.symbol_of(junk) is None and client.from_mcp_error(junk) is None


def test_extensions_and_mcp_errors() -> None:
    err = UnavailableError(service="s", data={"method": "m"}, extensions={"tool": "t"})
    assert client.extensions_of(json.loads(fx.render_jsonrpc_error(err))) == {"method": "m"}
    problem = json.loads(fx.render_problem(err))
    assert client.extensions_of(problem) == {"tool": "t"}

    class ErrorData:
        def __init__(self) -> None:
            code, message, data = fx.jsonrpc_parts(err)
            self.code, self.message, self.data = code, message, json.loads(data)

    class McpError(Exception):
        def __init__(self) -> None:
            self.error = ErrorData()

    assert client.symbol_of(client.from_mcp_error(McpError())) == "E_UNAVAILABLE"
