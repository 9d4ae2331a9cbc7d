"""errgen's Python runtime: the rules of the wire (docs/guide/conformance.md)
read from a catalog's facts. errgen copies this package into every Python
package it generates, as its ``_rt`` subpackage; the generated package
binds it to its catalog (its ``CATALOG``) and declares the catalog's error
classes and typed details beside it.

Standard library only; ``mcp`` (the MCP Python SDK adapter),
``starlette`` (the ASGI exception handler) and ``otel`` (OpenTelemetry, on
its API) import their framework, and are imported only by a package's
optional ``mcp``, ``starlette`` and ``otel`` modules.
"""

from __future__ import annotations

from .core import PROBLEM_CONTENT_TYPE, Catalog, CatalogError, ErrorOptions, LogFilter, Members, Metrics, Options, Stats, ViolationError, options_from_env
from .write import Violation

__all__ = [
    "PROBLEM_CONTENT_TYPE",
    "Catalog",
    "CatalogError",
    "ErrorOptions",
    "LogFilter",
    "Members",
    "Metrics",
    "Options",
    "Stats",
    "Violation",
    "ViolationError",
    "options_from_env",
]
