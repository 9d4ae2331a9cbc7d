"""The MCP adapter end to end: servers on the official Python SDK over
stdio, driven by the SDK's own client. Failing tools answer with the
catalog's isError result (the problem document as structured content and
as text), or its JSON-RPC error for mcp: {tool_errors: error}; foreign
exceptions are the fallback; nothing secret reaches the client."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
import pytest
from fixture_errors import client
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import McpError
from mcp.types import CallToolResult, TextContent
from pydantic import AnyUrl

from conftest import PACKAGE_ROOT

SERVER = str(Path(__file__).parent / "servers" / "mcp_server.py")
SECRET = "SECRET_9f8e7d"


async def session_run(mode: str, *flags: str) -> dict[str, object]:
    params = StdioServerParameters(command=sys.executable, args=[SERVER, mode, *flags], env={**os.environ, "PYTHONPATH": PACKAGE_ROOT})
    out: dict[str, object] = {}
    with tempfile.TemporaryFile("w+") as log:
        async with stdio_client(params, errlog=log) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = ["unavailable", "rate_limited", "crash", "fine", "mcp_error", "nope"]
            if mode == "fastmcp":
                tools += ["wrapped", "wrapped_typed", "wrapped_mcp_error", "wrapped_crash"]
            for name in tools:
                out[name] = await session.call_tool(name, {})
            try:
                await session.call_tool("denied", {})
            except McpError as exc:
                out["denied"] = exc
            if mode == "lowlevel":
                try:
                    await session.list_prompts()
                except McpError as exc:
                    out["prompts"] = exc
            else:
                asks: dict[str, Any] = {
                    "unknown resource": session.read_resource(AnyUrl("test://nope")),
                    "crashing resource": session.read_resource(AnyUrl("test://crash")),
                    "template error": session.read_resource(AnyUrl("test://items/unavailable")),
                    "template": session.read_resource(AnyUrl("test://items/fine")),
                    "unknown prompt": session.get_prompt("nope"),
                    "missing argument": session.get_prompt("greet", {}),
                    "prompt error": session.get_prompt("greet", {"who": "nobody"}),
                }
                for what, ask in asks.items():
                    try:
                        out[what] = await ask
                    except McpError as exc:
                        out[what] = exc
        log.seek(0)
        out["log"] = log.read()
    return out


def text_of(result: object) -> str:
    assert isinstance(result, CallToolResult) and isinstance(result.content[0], TextContent)
    return result.content[0].text


@pytest.mark.parametrize("mode", ["fastmcp", "lowlevel"])
def test_tools_fail_in_the_catalogs_form(mode: str) -> None:
    out = anyio.run(session_run, mode)
    for name in ("unavailable", "wrapped") if mode == "fastmcp" else ("unavailable",):
        result = out[name]
        assert result.isError  # type: ignore[attr-defined]
        assert result.structuredContent["symbol"] == "E_UNAVAILABLE"  # type: ignore[attr-defined]
        assert json.loads(result.content[0].text) == result.structuredContent  # type: ignore[attr-defined]
        assert client.symbol_of(client.from_tool_result(result)) == "E_UNAVAILABLE"
        assert client.retry_advice(result) == client.RetryAdvice("retry", None)  # retried, with a backoff of the client's own
    # a rate limit: its class and the occurrence's delay, as structured content and as text, for the SDK's client
    limited = out["rate_limited"]
    assert isinstance(limited, CallToolResult) and limited.isError and limited.structuredContent is not None
    assert limited.structuredContent["retry"] == "after_delay" and limited.structuredContent["retryAfterMs"] == 1501
    assert json.loads(text_of(limited)) == limited.structuredContent and limited.structuredContent["status"] == 429
    assert client.retry_advice(limited) == client.RetryAdvice("retry", 1501)
    assert client.retry_advice(limited.model_copy(update={"structuredContent": None})) == client.RetryAdvice("retry", 1501)
    assert client.retry_advice(client.from_tool_result(limited)) == client.RetryAdvice("retry", 1501)
    crash = out["crash"]
    assert crash.isError and crash.structuredContent["symbol"] == "E_INTERNAL"  # type: ignore[attr-defined]
    assert "hunter2" not in crash.content[0].text  # type: ignore[attr-defined]
    assert not out["fine"].isError  # type: ignore[attr-defined]
    denied = out["denied"]
    assert isinstance(denied, McpError) and denied.error.code == 2001
    assert client.symbol_of(client.from_mcp_error(denied)) == "E_FS_DENIED"
    assert denied.error.data["retry"] == "never" and client.retry_advice(denied) == client.RetryAdvice("never")  # type: ignore[index]
    assert SECRET not in str(denied.error.data) and "alice" not in str(denied.error.data)
    if mode == "lowlevel":
        prompts = out["prompts"]
        assert isinstance(prompts, McpError) and prompts.error.code == 1000 and "hunter2" not in prompts.error.message
    # the SDK's own failures, an McpError a tool raises among them, as the SDK sends them
    said = {"mcp_error": "Error executing tool mcp_error: quota exceeded" if mode == "fastmcp" else "quota exceeded", "nope": "Unknown tool: nope"}
    for name, text in said.items():
        assert out[name].isError and text_of(out[name]) == text  # type: ignore[attr-defined]
    # every crash logged once, with its traceback; a catalog error is the server's answer, not a crash
    log = str(out["log"])
    assert log.count("tools/call crash: RuntimeError raised; the client got E_INTERNAL\nTraceback (most recent call last)") == 1, log
    assert log.count("RuntimeError raised; the client got E_INTERNAL") == 2, log  # list_prompts, FastMCP's wrapped_crash
    assert "UnavailableError raised" not in log and SECRET not in log
    if mode == "fastmcp":
        # FastMCP's own failures outside tools/call pass as FastMCP sends them (code 0, its text);
        # what a resource or prompt function raises is the catalog's
        for what, message in (("unknown resource", "Unknown resource: test://nope"), ("unknown prompt", "Unknown prompt: nope")):
            sdk = out[what]
            assert isinstance(sdk, McpError) and sdk.error.code == 0 and sdk.error.message == message, (what, sdk)
        missing = out["missing argument"]
        assert isinstance(missing, McpError) and missing.error.code == 0 and "Missing required arguments" in missing.error.message
        crashed = out["crashing resource"]
        assert isinstance(crashed, McpError) and client.symbol_of(client.from_mcp_error(crashed)) == "E_INTERNAL" and "hunter2" not in str(crashed.error)
        for what in ("template error", "prompt error"):
            failed = out[what]
            assert isinstance(failed, McpError) and client.symbol_of(client.from_mcp_error(failed)) == "E_UNAVAILABLE", (what, failed)
        assert not isinstance(out["template"], McpError)


def test_with_tool_errors_on_a_tool_with_an_output_schema() -> None:
    """FastMCP gives a tool declared -> str an output schema, and checks
    even an error result against it: with_tool_errors answers as
    handle_errors does, without structuredContent, with handle_errors
    installed or not; an McpError passes as the SDK sends it."""
    for flags in ((), ("bare",)):
        out = anyio.run(session_run, "fastmcp", *flags)
        typed = out["wrapped_typed"]
        assert isinstance(typed, CallToolResult) and typed.isError and typed.structuredContent is None
        assert json.loads(text_of(typed))["symbol"] == "E_UNAVAILABLE"
        assert text_of(out["wrapped_mcp_error"]) == "Error executing tool wrapped_mcp_error: quota exceeded"
        assert json.loads(text_of(out["wrapped_crash"]))["symbol"] == "E_INTERNAL"
        log = str(out["log"])
        assert log.count("tools/call wrapped_crash: RuntimeError raised; the client got E_INTERNAL") == 1, log
        if flags:
            crash = text_of(out["crash"])  # without handle_errors: the SDK's text, the adapter not involved
            assert crash == "Error executing tool crash: password=hunter2"
