"""An MCP server on the official Python SDK (mcp 1.x) for the official MCP
conformance suite (TestMCPConformance runs it through
test/mcp-conformance/run.mjs), built as the SDK's examples build one: a
FastMCP server serving Streamable HTTP at 127.0.0.1:$PORT/mcp, statefully
(a session per client, its SSE streams resumable from an event store) or,
with STATELESS=1, in the SDK's stateless mode. It has the tools, resources,
prompts and completions the suite's server scenarios call, and three tools
of errgen's.

With ERRGEN=1 errgen's adapter is installed as errgen's docs show:
handle_errors(server), and the tools raise as they do without it. The
errors are those of internal/endtoend/testdata/mcp/errors.yaml, whose
generated package, files_errors, lies beside this file.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
from typing import Any

from files_errors.common_errors import UpstreamUnavailableError
from files_errors.mcp import handle_errors
from files_errors.policy_errors import PolicyEnvNotAllowedError
from mcp import types
from mcp.server.fastmcp import Context, FastMCP
from mcp.server.fastmcp.prompts.base import Message, UserMessage
from mcp.server.session import ServerSession
from mcp.server.streamable_http import EventCallback, EventId, EventMessage, EventStore, StreamId
from pydantic import AnyUrl, BaseModel, ConfigDict

# What a tool that talks to the client is given.
Ctx = Context[ServerSession, object, Any]

ERRGEN = os.environ.get("ERRGEN") == "1"
STATELESS = os.environ.get("STATELESS") == "1"

# A 1×1 PNG and a WAV file with one sample.
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA=="


class MemoryEventStore(EventStore):
    """Every event of every stream, in memory: what the SDK replays to a
    client that reconnects with Last-Event-ID (SEP-1699). The SDK ships
    the interface only."""

    def __init__(self) -> None:
        self._events: list[tuple[StreamId, EventId, types.JSONRPCMessage | None]] = []

    async def store_event(self, stream_id: StreamId, message: types.JSONRPCMessage | None) -> EventId:
        event_id = str(len(self._events) + 1)
        self._events.append((stream_id, event_id, message))
        return event_id

    async def replay_events_after(self, last_event_id: EventId, send_callback: EventCallback) -> StreamId | None:
        if not last_event_id.isdigit() or not 0 < int(last_event_id) <= len(self._events):
            return None
        stream_id = self._events[int(last_event_id) - 1][0]
        for sid, event_id, message in self._events[int(last_event_id) :]:
            if sid == stream_id and message is not None:  # a priming event has no message
                await send_callback(EventMessage(message, event_id))
        return stream_id


server = FastMCP(
    "errgen-conformance-python",
    host="127.0.0.1",
    port=int(os.environ.get("PORT", "8000")),
    stateless_http=STATELESS,
    # a stateless server has no stream to resume
    event_store=None if STATELESS else MemoryEventStore(),
    retry_interval=100,
    log_level="WARNING",
)
if ERRGEN:
    handle_errors(server)


def asks(ctx: Ctx, capability: types.ClientCapabilities) -> None:
    """Fails unless the client declared the capability a request of the
    server's needs (a stateless server, which never saw the client's
    initialize, knows of none)."""
    if not ctx.request_context.session.check_client_capability(capability):
        raise RuntimeError(f"the client has not declared {capability.model_dump_json(exclude_none=True)}")


# ----------------------------------------------------------------------------
# The suite's tools. Each answers with content only (structured_output=False:
# no output schema, no structured content), as the suite's checks read it; a
# tool's str is one text content.


@server.tool(description="Returns simple text", structured_output=False)
def test_simple_text() -> str:
    return "This is a simple text response for testing."


@server.tool(description="Returns an image", structured_output=False)
def test_image_content() -> list[types.ContentBlock]:
    return [types.ImageContent(type="image", data=PNG, mimeType="image/png")]


@server.tool(description="Returns audio", structured_output=False)
def test_audio_content() -> list[types.ContentBlock]:
    return [types.AudioContent(type="audio", data=WAV, mimeType="audio/wav")]


@server.tool(description="Returns an embedded resource", structured_output=False)
def test_embedded_resource() -> list[types.ContentBlock]:
    resource = types.TextResourceContents(uri=AnyUrl("test://embedded-resource"), mimeType="text/plain", text="This is an embedded resource content.")
    return [types.EmbeddedResource(type="resource", resource=resource)]


@server.tool(description="Returns text, an image and a resource", structured_output=False)
def test_multiple_content_types() -> list[types.ContentBlock]:
    resource = types.TextResourceContents(uri=AnyUrl("test://mixed-content-resource"), mimeType="application/json", text='{"test":"data","value":123}')
    return [
        types.TextContent(type="text", text="Multiple content types test:"),
        types.ImageContent(type="image", data=PNG, mimeType="image/png"),
        types.EmbeddedResource(type="resource", resource=resource),
    ]


@server.tool(description="Logs while it runs", structured_output=False)
async def test_tool_with_logging(ctx: Ctx) -> str:
    for i, message in enumerate(["Tool execution started", "Tool processing data", "Tool execution completed"]):
        if i > 0:
            await asyncio.sleep(0.05)
        # on the request's own stream, which a stateless server has too
        await ctx.info(message)
    return "Tool with logging executed successfully"


@server.tool(description="Reports progress while it runs", structured_output=False)
async def test_tool_with_progress(ctx: Ctx) -> str:
    for progress in (0, 50, 100):
        if progress > 0:
            await asyncio.sleep(0.05)
        await ctx.report_progress(progress, 100)  # sent if the client asked for progress
    return "Progress test completed"


@server.tool(description="Always fails", structured_output=False)
def test_error_handling() -> str:
    raise UpstreamUnavailableError(service="conformance")


@server.tool(description="Closes its SSE stream mid-call; the result follows the client's reconnection", structured_output=False)
async def test_reconnection(ctx: Ctx) -> str:
    await ctx.close_sse_stream()
    await asyncio.sleep(0.1)
    return "Reconnection test completed successfully."


@server.tool(description="Asks the client's LLM", structured_output=False)
async def test_sampling(prompt: str, ctx: Ctx) -> str:
    asks(ctx, types.ClientCapabilities(sampling=types.SamplingCapability()))
    result = await ctx.request_context.session.create_message(
        messages=[types.SamplingMessage(role="user", content=types.TextContent(type="text", text=prompt))],
        max_tokens=100,
        related_request_id=ctx.request_id,
    )
    answer = result.content.text if isinstance(result.content, types.TextContent) else result.content.model_dump_json()
    return f"LLM response: {answer}"


async def elicit(ctx: Ctx, message: str, schema: dict[str, Any]) -> str:
    """Asks the user to fill in a form of schema, given as JSON Schema
    (FastMCP's ctx.elicit takes a pydantic model, which has no titled
    enums), and returns the answer as text."""
    asks(ctx, types.ClientCapabilities(elicitation=types.ElicitationCapability()))
    session = ctx.request_context.session
    result = await session.elicit_form(message, schema, related_request_id=ctx.request_id)
    return f"Elicitation completed: action={result.action}, content={json.dumps(result.content or {})}"


CONTACT_FORM: dict[str, Any] = {
    "type": "object",
    "properties": {
        "username": {"type": "string", "description": "User's response"},
        "email": {"type": "string", "description": "User's email address"},
    },
    "required": ["username", "email"],
}

# SEP-1034: a default value for every primitive type.
DEFAULTS_FORM: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "User name", "default": "John Doe"},
        "age": {"type": "integer", "description": "User age", "default": 30},
        "score": {"type": "number", "description": "User score", "default": 95.5},
        "status": {"type": "string", "description": "User status", "enum": ["active", "inactive", "pending"], "default": "active"},
        "verified": {"type": "boolean", "description": "Verification status", "default": True},
    },
    "required": [],
}


def titled(kind: str) -> list[dict[str, str]]:
    return [{"const": f"value{i}", "title": f"{ordinal} {kind}"} for i, ordinal in enumerate(["First", "Second", "Third"], 1)]


# SEP-1330: the five forms of enum a form may ask for.
ENUMS_FORM: dict[str, Any] = {
    "type": "object",
    "properties": {
        "untitledSingle": {"type": "string", "description": "Select one option", "enum": ["option1", "option2", "option3"]},
        "titledSingle": {"type": "string", "description": "Select one option with titles", "oneOf": titled("Option")},
        "legacyEnum": {
            "type": "string",
            "description": "Select one option (legacy)",
            "enum": ["opt1", "opt2", "opt3"],
            "enumNames": ["Option One", "Option Two", "Option Three"],
        },
        "untitledMulti": {"type": "array", "description": "Select multiple options", "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
        "titledMulti": {"type": "array", "description": "Select multiple options with titles", "items": {"anyOf": titled("Choice")}},
    },
    "required": [],
}


@server.tool(description="Asks the user", structured_output=False)
async def test_elicitation(message: str, ctx: Ctx) -> str:
    return await elicit(ctx, message, CONTACT_FORM)


@server.tool(description="Elicits values with defaults", structured_output=False)
async def test_elicitation_sep1034_defaults(ctx: Ctx) -> str:
    return await elicit(ctx, "Please review and update the form fields with defaults", DEFAULTS_FORM)


@server.tool(description="Elicits every kind of enum", structured_output=False)
async def test_elicitation_sep1330_enums(ctx: Ctx) -> str:
    return await elicit(ctx, "Please select options from the enum fields", ENUMS_FORM)


class Address(BaseModel):
    model_config = ConfigDict(extra="forbid")

    street: str | None = None
    city: str | None = None


@server.tool(description="Tool with JSON Schema 2020-12 features", structured_output=False)
def json_schema_2020_12_tool(name: str | None = None, address: Address | None = None) -> str:
    return "ok"


# ----------------------------------------------------------------------------
# errgen's own: a foreign exception, and one of mcp: {tool_errors: error}.
# Without an output schema, a tool's error result carries the problem
# document as structured content too.


@server.tool(description="Fails with an exception that is not the catalog's", structured_output=False)
def errgen_crash() -> str:
    raise ConnectionError("dial postgres://admin:hunter2@db.internal failed")


@server.tool(description="Fails with a policy denial", structured_output=False)
def errgen_policy_denied() -> str:
    try:
        raise PermissionError("policy lookup: hunter2")
    except PermissionError as exc:
        raise PolicyEnvNotAllowedError(variable="CONFORMANCE_SECRET_VARIABLE", policy_location="/home/alice/policy.yaml") from exc


# ----------------------------------------------------------------------------
# Resources


@server.resource("test://static-text", name="static-text", description="A static text resource", mime_type="text/plain")
def static_text() -> str:
    return "This is the content of the static text resource."


@server.resource("test://static-binary", name="static-binary", description="A static binary resource", mime_type="image/png")
def static_binary() -> bytes:
    return base64.b64decode(PNG)


@server.resource("test://watched-resource", name="watched-resource", description="A resource to subscribe to", mime_type="text/plain")
def watched_resource() -> str:
    return "Watched resource content"


@server.resource("test://template/{id}/data", name="template", description="A resource template", mime_type="application/json")
def template(id: str) -> str:
    return json.dumps({"id": id, "templateTest": True, "data": f"Data for ID: {id}"})


# Subscriptions and the logging level: FastMCP has no API for them, so the
# low-level server's handlers, as the SDK's examples do.
subscribed: set[str] = set()


@server._mcp_server.subscribe_resource()
async def subscribe(uri: AnyUrl) -> None:
    subscribed.add(str(uri))


@server._mcp_server.unsubscribe_resource()
async def unsubscribe(uri: AnyUrl) -> None:
    subscribed.discard(str(uri))


@server._mcp_server.set_logging_level()
async def set_logging_level(level: types.LoggingLevel) -> None:
    pass  # accepted: the SDK sends what the tools log whatever the level


# ----------------------------------------------------------------------------
# Prompts and completion


@server.prompt(description="A prompt without arguments")
def test_simple_prompt() -> str:
    return "This is a simple prompt for testing."


@server.prompt(description="A prompt with arguments")
def test_prompt_with_arguments(arg1: str, arg2: str) -> str:
    return f"Prompt with arguments: arg1='{arg1}', arg2='{arg2}'"


@server.prompt(description="A prompt embedding a resource")
def test_prompt_with_embedded_resource(resourceUri: str) -> list[Message]:  # noqa: N803 (the suite's argument)
    resource = types.TextResourceContents(uri=AnyUrl(resourceUri), mimeType="text/plain", text="Embedded resource content for testing.")
    return [
        UserMessage(types.EmbeddedResource(type="resource", resource=resource)),
        UserMessage("Please process the embedded resource above."),
    ]


@server.prompt(description="A prompt with an image")
def test_prompt_with_image() -> list[Message]:
    return [
        UserMessage(types.ImageContent(type="image", data=PNG, mimeType="image/png")),
        UserMessage("Please analyze the image above."),
    ]


@server.completion()
async def complete(
    ref: types.PromptReference | types.ResourceTemplateReference,
    argument: types.CompletionArgument,
    context: types.CompletionContext | None,
) -> types.Completion:
    values = [v for v in ("paris", "park", "party") if v.startswith(argument.value)]
    return types.Completion(values=values, total=len(values), hasMore=False)


if __name__ == "__main__":
    server.run("streamable-http")
