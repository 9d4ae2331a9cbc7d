"""An MCP server on the official Python SDK whose tools fail every way a
tool fails, each failure sent in the catalog's wire form by the generated
package's adapter (files_errors.mcp.handle_errors): a catalog error as an
isError tool result carrying its problem document, or, for an error whose
catalog entry says mcp: {tool_errors: error}, as a JSON-RPC error; any other
exception as the catalog's fallback. The verbose form, with the causes and
no sensitive value, goes to the server's log (standard error) only.

    python server.py fastmcp     # FastMCP, handle_errors installed after its tools
    python server.py lowlevel    # the low-level Server, installed before them
"""

from __future__ import annotations

import logging
import sys
from typing import Any

import anyio
import mcp.server.stdio
from files_errors import LogFilter, options_from_env
from files_errors.files_errors import FsFileTooLargeError
from files_errors.mcp import handle_errors
from files_errors.policy_errors import PolicyEnvNotAllowedError
from mcp import types
from mcp.server.fastmcp import FastMCP
from mcp.server.lowlevel import Server

log = logging.getLogger("files")
handler = logging.StreamHandler(sys.stderr)
handler.addFilter(LogFilter())
handler.setFormatter(logging.Formatter("%(message)s | %(errgen_message)s | %(errgen_cause)s"))
log.addHandler(handler)
log.propagate = False
OPTIONS = options_from_env("FILES_ERRORS")
# what a request asked for: a secret, which the wire and the log redact
VARIABLE = "_".join(["AWS", "SECRET", "ACCESS", "KEY"])
POLICY = "/home/" + "alice/policy.yaml"


def run(name: str) -> str:
    """Runs a tool: its text, or the error it fails with (logged)."""
    try:
        if name == "read_file":
            raise FsFileTooLargeError(resource="file_size", limit=1 << 20, actual=5 << 20, unit="bytes")
        if name == "read_env":
            raise PolicyEnvNotAllowedError(variable=VARIABLE, policy_location=POLICY)
        if name == "fetch":
            try:
                raise OSError("connect https://svc:hunter2@db.internal/?token=abc")
            except OSError as exc:
                raise RuntimeError("fetch failed") from exc
    except Exception:
        log.exception("tool %s failed", name)
        raise
    return name + ": done"


def fastmcp() -> None:
    server = FastMCP("files")

    @server.tool(structured_output=False)
    def read_file(path: str = "") -> str:
        return run("read_file")

    @server.tool(structured_output=False)
    def read_env(name: str = "") -> str:
        return run("read_env")

    @server.tool(structured_output=False)
    async def fetch(url: str = "") -> str:
        return run("fetch")

    @server.tool()
    def stat(path: str = "") -> dict[str, int]:
        run("read_file")
        return {"size": 0}

    @server.tool(structured_output=False)
    def ok() -> str:
        return run("ok")

    handle_errors(server, OPTIONS)
    server.run()


def lowlevel() -> None:
    server: Server[Any, Any] = Server("files")
    handle_errors(server, OPTIONS)
    schema = {"type": "object"}

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        tools = [types.Tool(name=n, inputSchema=schema) for n in ("read_file", "read_env", "fetch", "ok")]
        tools.append(types.Tool(name="stat", inputSchema=schema, outputSchema={"type": "object", "properties": {"size": {"type": "integer"}}}))
        return tools

    @server.call_tool()
    async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
        return [types.TextContent(type="text", text=run("read_file" if name == "stat" else name))]

    @server.list_resources()
    async def list_resources() -> list[types.Resource]:
        run("read_env")
        return []

    async def main() -> None:
        async with mcp.server.stdio.stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(main)


if __name__ == "__main__":
    {"fastmcp": fastmcp, "lowlevel": lowlevel}[sys.argv[1]]()
