"""The adapter of the official MCP Python SDK (the ``mcp`` package, 1.x):
failing tools and handlers in the catalog's form.

The SDK turns whatever a tool raises into an ``isError`` result holding
its text (FastMCP prefixes "Error executing tool NAME: "), and whatever
any other request handler raises into a JSON-RPC error of code 0 with its
text, unless it is an ``McpError``. So:

- ``handle_errors(server)`` makes a FastMCP or low-level ``Server`` send
  every failure in the catalog's form, whenever it is installed (before or
  after the tools are registered): a failing ``tools/call`` becomes the
  ``isError`` result carrying the problem document as text content and
  as ``structuredContent`` (left out for a tool that declares an output
  schema), or the JSON-RPC error where the catalog says ``mcp:
  {tool_errors: error}``; what any other handler raises becomes the
  JSON-RPC error of its catalog error. An exception that is not the
  catalog's becomes the fallback, its text only a cause (never sent), and
  is logged once, with its traceback, on the package's ``mcp`` logger.
  The SDK's own failures (an unknown tool, arguments that do not validate,
  FastMCP's unknown resource or prompt and a prompt's missing argument, an
  ``McpError`` with no catalog error in its chain, raised by a tool or a
  handler) pass unchanged.
- ``with_tool_errors(fn)`` wraps one tool function (FastMCP's, or a
  low-level ``call_tool`` function) with the same result, for a server
  without ``handle_errors`` or a tool with options of its own.
- ``to_mcp_error(err)`` and ``tool_result(err)`` render one error for a
  handler that builds its reply itself.

``handle_errors`` and ``with_tool_errors`` tell the catalog's send hook
(the otel module, when installed) of each error they send, once, with how
it went: ``jsonrpc`` or ``tool``. ``to_mcp_error`` and ``tool_result`` only
render: a handler that sends what they make records it with the otel
module's ``record``.

The SDK serializes what it sends itself: the values are the runtime's,
the escaping of the JSON the SDK's (pydantic's). FastMCP 1.x checks even
an error result a tool returns against the tool's output schema (which it
gives every tool with a return annotation), so the adapter lets the
results it makes through that check, without their ``structuredContent``
for such a tool, and checks nothing else differently.
"""

from __future__ import annotations

import contextvars
import functools
import inspect
import json
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

from mcp import types
from mcp.shared.exceptions import McpError

from .core import Catalog, Options, _next_cause

__all__ = ["Adapter"]

F = TypeVar("F", bound=Callable[..., Any])
Handler = Callable[[Any], Awaitable[Any]]


class _Request:
    """What the adapter learns of one tools/call while its handler runs."""

    __slots__ = ("name", "raised", "result", "rpc")

    def __init__(self, name: str) -> None:
        self.name = name
        self.raised: BaseException | None = None  # what the tool function raised
        self.result: types.CallToolResult | None = None  # the catalog's result of it
        self.rpc: McpError | None = None  # the JSON-RPC error to send instead


_REQUEST: contextvars.ContextVar[_Request | None] = contextvars.ContextVar("errgen_mcp_request", default=None)


class _ToolFailure(types.CallToolResult):
    """The isError result of a failing tool, made by the adapter: FastMCP
    passes it without checking it against the tool's output schema."""


def _pass_failures_through_fastmcp() -> None:
    """Makes FastMCP 1.x pass the adapter's own tool results as they are
    (without structuredContent for a tool with an output schema) instead of
    checking them against the tool's output schema, which an error result
    does not follow. Every other result is checked as before. Once per
    process; nothing where FastMCP is not there or does not check."""
    try:
        from mcp.server.fastmcp.utilities.func_metadata import FuncMetadata
    except ImportError:  # pragma: no cover - an SDK without FastMCP
        return
    convert: Any = getattr(FuncMetadata, "convert_result", None)
    if convert is None or getattr(convert, "_errgen", False):
        return

    def convert_result(self: Any, result: Any) -> Any:
        if isinstance(result, _ToolFailure):
            if getattr(self, "output_schema", None) is not None and result.structuredContent is not None:
                return result.model_copy(update={"structuredContent": None})
            return result
        return convert(self, result)

    convert_result._errgen = True  # type: ignore[attr-defined]
    FuncMetadata.convert_result = convert_result  # type: ignore[method-assign]


class Adapter:
    """The MCP adapter of one catalog."""

    def __init__(self, catalog: Catalog[Any], logger: str = __name__) -> None:
        self._catalog = catalog
        self._log = logging.getLogger(logger)

    # ---------------------------------------------------------- rendering

    def to_mcp_error(self, err: object, options: Options | None = None) -> McpError:
        """err as the JSON-RPC error the SDK sends (raise it from a
        handler): the catalog error's wire code, message and data under
        options (anything else as the fallback)."""
        code, message, data = self._catalog.jsonrpc_parts(err, options)
        return McpError(types.ErrorData(code=code, message=message, data=json.loads(data)))

    def tool_result(self, err: object, options: Options | None = None, *, structured_content: bool = True) -> types.CallToolResult:
        """The isError tool result of err: the problem document as text
        content and, unless structured_content is False (a tool that
        declares an output schema), as structuredContent."""
        text = self._catalog.render_problem(err, options)
        return _ToolFailure(
            content=[types.TextContent(type="text", text=text)],
            structuredContent=json.loads(text) if structured_content else None,
            isError=True,
        )

    def _unexpected(self, exc: BaseException, what: str) -> None:
        """Logs exc once, with its traceback, when it is no error of the
        catalog (the client gets the fallback, and nothing of it): a crash
        the operators must see. Errors of a catalog in its chain are written
        as their str(), sensitive values redacted."""
        if not self._has_catalog_error(exc):
            fallback = self._catalog.facts["fallback"]
            self._log.error("%s: %s raised; the client got %s", what, type(exc).__name__, fallback, exc_info=(type(exc), exc, exc.__traceback__))

    def _failure(self, exc: BaseException, options: Options | None, structured_content: bool, tool: str = "") -> types.CallToolResult:
        """The result of a tool's failure, told to handle_errors."""
        req = _REQUEST.get()
        self._unexpected(exc, "tools/call " + (req.name if req is not None and req.name else tool))
        err = self._catalog.from_error(exc)
        result = self.tool_result(err, options, structured_content=structured_content)
        if req is not None:
            req.result = result
            if self._catalog.tool_errors_as_jsonrpc(err):
                req.rpc = self.to_mcp_error(err, options)
        # what the client gets: the JSON-RPC error tools_call raises instead, else this result
        self._catalog._sent(err, "jsonrpc" if req is not None and req.rpc is not None else "tool")
        return result

    def _has_catalog_error(self, exc: BaseException) -> bool:
        c: BaseException | None = exc
        seen: set[int] = set()
        while c is not None and id(c) not in seen:
            if self._catalog.is_error(c):
                return True
            seen.add(id(c))
            c = _next_cause(c)
        return False

    # ---------------------------------------------------------- one tool

    def with_tool_errors(self, fn: F, options: Options | None = None) -> F:
        """Wraps a tool function (sync or async): what it raises becomes the
        isError result of the catalog's error (tool_result), any other
        exception the fallback without its text (logged). An McpError with no
        catalog error in its chain is the SDK's: raised as it is. An error
        the catalog sends as a JSON-RPC error (mcp: {tool_errors: error}) is
        sent so where handle_errors is installed; without it, as the
        result."""
        _pass_failures_through_fastmcp()

        def failure(exc: Exception) -> types.CallToolResult:
            if isinstance(exc, McpError) and not self._has_catalog_error(exc):
                raise exc
            return self._failure(exc, options, True, getattr(fn, "__name__", "a tool"))

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def run_async(*args: Any, **kwargs: Any) -> Any:
                try:
                    return await fn(*args, **kwargs)
                except Exception as exc:
                    return failure(exc)

            return cast(F, run_async)

        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:
                return failure(exc)

        return cast(F, run)

    # ---------------------------------------------------------- a server

    def handle_errors(self, server: Any, options: Options | None = None) -> None:
        """Makes a FastMCP server (mcp.server.fastmcp.FastMCP) or a low-level
        server (mcp.server.lowlevel.Server) send every failure in the
        catalog's form (see the module's doc). Install it once, at any time
        before the server runs."""
        fast = hasattr(server, "_mcp_server") and hasattr(server, "_tool_manager")
        low = server._mcp_server if fast else server
        handlers = getattr(low, "request_handlers", None)
        if not isinstance(handlers, dict) or not hasattr(low, "_make_error_result"):
            raise TypeError("handle_errors: not an MCP server (a FastMCP or a low-level Server of the MCP Python SDK 1.x)")
        if getattr(low, "_errgen_installed", False):
            return
        low._errgen_installed = True
        adapter = self
        _pass_failures_through_fastmcp()

        class _Handlers(dict[Any, Handler]):
            """The server's request handlers, each wrapped as it is set."""

            def __setitem__(self, kind: Any, handler: Handler) -> None:
                super().__setitem__(kind, adapter._wrap(kind, handler, options, fast))

        wrapped = _Handlers()
        for kind, handler in handlers.items():
            wrapped[kind] = handler
        low.request_handlers = wrapped

        make_error_result: Callable[[str], Any] = low._make_error_result

        def error_result(message: str) -> Any:
            # the low-level tools/call handler calls this in its except
            # clause: the exception is the one being handled
            exc = sys.exc_info()[1]
            req = _REQUEST.get()
            if req is None or exc is None:
                return make_error_result(message)
            if fast:
                if req.raised is None:
                    return make_error_result(message)  # the SDK's own: an unknown tool, arguments that do not validate
                exc = req.raised
            elif message.startswith("Input validation error: "):
                return make_error_result(message)
            if isinstance(exc, McpError) and not self._has_catalog_error(exc):
                return make_error_result(message)  # the SDK's own, as the SDK answers it
            tool = getattr(low, "_tool_cache", {}).get(req.name)
            structured = tool is None or getattr(tool, "outputSchema", None) is None
            return types.ServerResult(self._failure(exc, options, structured))

        setattr(low, "_make_error_result", error_result)  # noqa: B010
        if fast:
            self._wrap_tools(server._tool_manager)
            self._wrap_fastmcp(server)

    def _wrap_tools(self, manager: Any) -> None:
        """Wraps each tool's function as the tool is called, so that what the
        function raises is told apart from what the SDK raises around it."""
        get_tool: Callable[[str], Any] = manager.get_tool

        def wrapping_get_tool(name: str) -> Any:
            tool = get_tool(name)
            if tool is not None:
                tool.fn = _watch(tool.fn)
            return tool

        setattr(manager, "get_tool", wrapping_get_tool)  # noqa: B010

    def _wrap_fastmcp(self, server: Any) -> None:
        """Wraps the functions of FastMCP's resources, resource templates and
        prompts as they are read, as _wrap_tools does the tools', so that an
        unknown resource or prompt, or a missing argument (the SDK's own
        ValueError), is told apart from what a function raises."""
        resources = getattr(server, "_resource_manager", None)
        prompts = getattr(server, "_prompt_manager", None)
        if resources is not None and hasattr(resources, "get_resource"):
            get_resource: Callable[..., Awaitable[Any]] = resources.get_resource

            async def wrapping_get_resource(*args: Any, **kwargs: Any) -> Any:
                for template in getattr(resources, "_templates", {}).values():
                    template.fn = _watch(template.fn)
                resource = await get_resource(*args, **kwargs)
                if resource is not None and hasattr(resource, "fn"):
                    resource.fn = _watch(resource.fn)
                return resource

            setattr(resources, "get_resource", wrapping_get_resource)  # noqa: B010
        if prompts is not None and hasattr(prompts, "get_prompt"):
            get_prompt: Callable[[str], Any] = prompts.get_prompt

            def wrapping_get_prompt(name: str) -> Any:
                prompt = get_prompt(name)
                if prompt is not None and hasattr(prompt, "fn"):
                    prompt.fn = _watch(prompt.fn)
                return prompt

            setattr(prompts, "get_prompt", wrapping_get_prompt)  # noqa: B010

    def _wrap(self, kind: Any, handler: Handler, options: Options | None, fast: bool) -> Handler:
        """handler, sending its failures in the catalog's form."""
        if kind is types.CallToolRequest:

            async def tools_call(req: Any) -> Any:
                name = getattr(getattr(req, "params", None), "name", "")
                state = _Request(name if isinstance(name, str) else "")
                token = _REQUEST.set(state)
                try:
                    result = await handler(req)
                except McpError:
                    raise
                except Exception as exc:
                    result = types.ServerResult(self._failure(exc, options, True))
                finally:
                    _REQUEST.reset(token)
                if state.rpc is not None:
                    raise state.rpc
                return result

            return tools_call

        method = _method(kind)
        # FastMCP's resources/read and prompts/get run a function of the
        # server's, and raise their own ValueError (an unknown resource or
        # prompt, a missing argument) around it; both log what they raise
        watched = fast and method in ("resources/read", "prompts/get")

        async def other(req: Any) -> Any:
            state = _Request("")
            token = _REQUEST.set(state)
            try:
                return await handler(req)
            except McpError as exc:
                if not self._has_catalog_error(exc):
                    raise
                self._catalog._sent(exc, "jsonrpc")
                raise self.to_mcp_error(exc, options) from exc
            except Exception as exc:
                if watched and state.raised is None and not self._has_catalog_error(exc):
                    raise  # the SDK's own, as the SDK answers it
                if not watched:
                    self._unexpected(exc, method)
                self._catalog._sent(exc, "jsonrpc")
                raise self.to_mcp_error(exc, options) from exc
            finally:
                _REQUEST.reset(token)

        return other


def _method(kind: Any) -> str:
    """The JSON-RPC method of a request type of the SDK (its method field's
    literal), else the type's name."""
    field = getattr(kind, "model_fields", {}).get("method")
    args = getattr(getattr(field, "annotation", None), "__args__", ())
    return str(args[0]) if args else getattr(kind, "__name__", str(kind))


def _watch(fn: Callable[..., Any]) -> Callable[..., Any]:
    """fn (sync, async, or returning an awaitable), telling the request
    what it raises."""
    if getattr(fn, "_errgen_wrapped", False):
        return fn

    def tell(exc: BaseException) -> None:
        req = _REQUEST.get()
        if req is not None:
            req.raised = exc

    async def awaited(result: Awaitable[Any]) -> Any:
        try:
            return await result
        except Exception as exc:
            tell(exc)
            raise

    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def run_async(*args: Any, **kwargs: Any) -> Any:
            return await awaited(fn(*args, **kwargs))

        run_async._errgen_wrapped = True  # type: ignore[attr-defined]
        return run_async

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            result = fn(*args, **kwargs)
        except Exception as exc:
            tell(exc)
            raise
        return awaited(result) if inspect.isawaitable(result) else result

    run._errgen_wrapped = True  # type: ignore[attr-defined]
    return run
