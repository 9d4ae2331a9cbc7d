"""An MCP server of the fixture catalog for test_mcp.py: FastMCP
(handle_errors after its tools; none with "fastmcp bare") or the
low-level Server (before), over stdio."""

from __future__ import annotations

import sys
from typing import Any

import anyio
import mcp.server.stdio
from fixture_errors.core_errors import RateLimitedError, UnavailableError
from fixture_errors.files_errors import FsDeniedError
from fixture_errors.mcp import handle_errors, with_tool_errors
from mcp import types
from mcp.server.fastmcp import FastMCP
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

TOKEN = "tok_" + "SECRET_9f8e7d"


def fail(name: str) -> str:
    if name == "unavailable":
        raise UnavailableError(service="db")
    if name == "rate_limited":
        raise RateLimitedError(service="search", retry_after_ms=1500.5)
    if name == "denied":
        raise FsDeniedError(path="/home/alice/x", token=TOKEN)
    if name == "crash":
        raise RuntimeError("password=hunter2")
    if name == "mcp_error":
        raise McpError(types.ErrorData(code=-32001, message="quota exceeded"))
    if name != "fine":
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown tool: {name}"))
    return "fine"


def fastmcp() -> None:
    server = FastMCP("fixture")
    for name in ("unavailable", "rate_limited", "denied", "crash", "fine", "mcp_error"):
        server.add_tool(lambda n=name: fail(n), name=name, structured_output=False)

    @with_tool_errors
    def wrapped() -> str:
        return fail("unavailable")

    # FastMCP gives a tool declared -> str an output schema
    @with_tool_errors
    def wrapped_typed() -> str:
        return fail("unavailable")

    @with_tool_errors
    def wrapped_mcp_error() -> str:
        return fail("mcp_error")

    @with_tool_errors
    async def wrapped_crash() -> str:
        return fail("crash")

    server.add_tool(wrapped, name="wrapped", structured_output=False)
    server.add_tool(wrapped_typed, name="wrapped_typed")
    server.add_tool(wrapped_mcp_error, name="wrapped_mcp_error")
    server.add_tool(wrapped_crash, name="wrapped_crash")

    @server.resource("test://crash")
    def crash_resource() -> str:
        return fail("crash")

    @server.resource("test://items/{name}")
    async def item(name: str) -> str:
        return fail(name)

    @server.prompt()
    def greet(who: str) -> str:
        return fail("unavailable" if who == "nobody" else "fine")

    if sys.argv[2:] != ["bare"]:
        handle_errors(server)
    server.run()


def lowlevel() -> None:
    server: Server[Any, Any] = Server("fixture")
    handle_errors(server)

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return [types.Tool(name=n, inputSchema={"type": "object"}) for n in ("unavailable", "rate_limited", "denied", "crash", "fine", "mcp_error")]

    @server.call_tool()
    async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
        return [types.TextContent(type="text", text=fail(name))]

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        fail("crash")
        return []

    async def main() -> None:
        async with mcp.server.stdio.stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(main)


if __name__ == "__main__":
    {"fastmcp": fastmcp, "lowlevel": lowlevel}[sys.argv[1]]()
