"""The Starlette (and FastAPI) adapter: an exception handler answering an
error of the catalog, and any other exception as the catalog's fallback,
with its RFC 9457 problem document: ``application/problem+json``, the
status of the error it is of, the bytes the renderer wrote, and
``Retry-After`` (whole seconds, rounded up) when the document carries a
delay (retryAfterMs).

    adapter.install(app)                  # Starlette(...) or FastAPI()
    app.add_exception_handler(CatalogError, adapter.exception_handler())

Starlette's own HTTP exceptions (404, 405) and FastAPI's request
validation errors keep their handlers. Each problem response made here is
told to the catalog's send hook (the otel module, when installed), once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from .core import PROBLEM_CONTENT_TYPE, Catalog, Options, retry_after_header

__all__ = ["Adapter"]

ExceptionHandler = Callable[[Request, Exception], Awaitable[Response]]


class Adapter:
    """The Starlette adapter of one catalog."""

    def __init__(self, catalog: Catalog[Any]) -> None:
        self._catalog = catalog

    def problem_response(self, err: object, options: Options | None = None, headers: Mapping[str, str] | None = None) -> Response:
        """err as an application/problem+json response with the status of
        the error it is of (anything not the catalog's: the fallback) and
        headers; when the document written carries retryAfterMs, a
        Retry-After header of its whole seconds, rounded up (it replaces
        one in headers: the header says what the document says). The
        catalog's send hook learns of it as sent over HTTP."""
        status, body, delay = self._catalog.http_problem(err, options)
        self._catalog._sent(err, "http")
        if delay is not None:
            headers = {k: v for k, v in (headers or {}).items() if k.lower() != "retry-after"}
            headers["Retry-After"] = retry_after_header(delay)
        return Response(content=body.encode("utf-8"), status_code=status, media_type=PROBLEM_CONTENT_TYPE, headers=headers)

    def exception_handler(self, options: Options | None = None) -> ExceptionHandler:
        """An exception handler for Starlette's exception_handlers (or
        app.add_exception_handler) answering with the problem document."""

        async def handle(request: Request, exc: Exception) -> Response:
            return self.problem_response(exc, options)

        return handle

    def install(self, app: Any, options: Options | None = None, *, everything: bool = True) -> None:
        """Adds the handler to a Starlette or FastAPI app for the catalog's
        errors and, with everything (the default), for every other
        exception, which becomes the fallback (a 500 without its text)."""
        handler = self.exception_handler(options)
        app.add_exception_handler(self._catalog.base, handler)
        if everything:
            app.add_exception_handler(Exception, handler)
