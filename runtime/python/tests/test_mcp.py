"""The MCP adapter end to end: servers on the official Python SDK over
stdio, driven by the SDK's own client. Failing tools answer with the
catalog's isError result (the problem document as structured content and
as text), or its JSON-RPC error for mcp: {tool_errors: error}; foreign
exceptions are the fallback; nothing secret reaches the client."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import pytest
from fixture_errors import client
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import McpError

from conftest import PACKAGE_ROOT

SERVER = str(Path(__file__).parent / "servers" / "mcp_server.py")
SECRET = "SECRET_9f8e7d"


async def session_run(mode: str) -> dict[str, object]:
    params = StdioServerParameters(command=sys.executable, args=[SERVER, mode], env={**os.environ, "PYTHONPATH": PACKAGE_ROOT})
    out: dict[str, object] = {}
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for name in ("unavailable", "crash", "fine", *(("wrapped",) if mode == "fastmcp" else ())):
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
    return out


@pytest.mark.parametrize("mode", ["fastmcp", "lowlevel"])
def test_tools_fail_in_the_catalogs_form(mode: str) -> None:
    out = anyio.run(session_run, mode)
    for name in ("unavailable", "wrapped") if mode == "fastmcp" else ("unavailable",):
        result = out[name]
        assert result.isError  # type: ignore[attr-defined]
        assert result.structuredContent["symbol"] == "E_UNAVAILABLE"  # type: ignore[attr-defined]
        assert json.loads(result.content[0].text) == result.structuredContent  # type: ignore[attr-defined]
        assert client.symbol_of(client.from_tool_result(result)) == "E_UNAVAILABLE"
    crash = out["crash"]
    assert crash.isError and crash.structuredContent["symbol"] == "E_INTERNAL"  # type: ignore[attr-defined]
    assert "hunter2" not in crash.content[0].text  # type: ignore[attr-defined]
    assert not out["fine"].isError  # type: ignore[attr-defined]
    denied = out["denied"]
    assert isinstance(denied, McpError) and denied.error.code == 2001
    assert client.symbol_of(client.from_mcp_error(denied)) == "E_FS_DENIED"
    assert SECRET not in str(denied.error.data) and "alice" not in str(denied.error.data)
    if mode == "lowlevel":
        prompts = out["prompts"]
        assert isinstance(prompts, McpError) and prompts.error.code == 1000 and "hunter2" not in prompts.error.message
