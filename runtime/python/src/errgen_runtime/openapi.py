"""OpenAPI for FastAPI routes, from errgen's OpenAPI document of the
catalog (errgen generate -openapi): the responses of a route's errors,
which refer to the document's components, and the components themselves
merged into the app's generated schema.

    app = FastAPI()
    install_components(app, "errors.openapi.json")     # or the parsed dict

    @app.get("/files/{name}", responses=error_responses(CATALOG, "E_FS_DENIED", FsQuotaError))
    async def read(name: str) -> ...: ...

Standard library only: it builds plain dicts, and reads the app through
its openapi() method, as FastAPI documents overriding it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from http import HTTPStatus
from typing import Any

from .core import PROBLEM_CONTENT_TYPE, Catalog, CatalogError

__all__ = ["COMPONENT_KINDS", "ComponentConflictError", "error_responses", "install_components", "load_document"]

#: the components of errgen's document that install_components merges
COMPONENT_KINDS = ("schemas", "responses", "headers")

#: where the document's components are
_SCHEMAS = "#/components/schemas/"
_RETRY_AFTER = {"$ref": "#/components/headers/Retry-After"}

#: what error_responses takes for an error: its symbol (or an alias), its
#: class, or an error of it
ErrorRef = str | type[CatalogError] | CatalogError


def _definition(catalog: Catalog[Any], error: ErrorRef) -> Mapping[str, Any]:
    if isinstance(error, str):
        return catalog.definition(error)
    if isinstance(error, type) and issubclass(error, CatalogError) and "SYMBOL" in error.__dict__:
        owner, symbol = error._catalog, error.SYMBOL
    elif isinstance(error, CatalogError):
        owner, symbol = type(error)._catalog, error.symbol
    else:
        raise TypeError(f"{catalog.name}: an error is a symbol, an error class or an error, not {error!r}")
    if owner is not catalog:
        raise ValueError(f"{catalog.name}: {symbol} is an error of the {owner.name} catalog")
    return catalog.definition(symbol)


def _one_of(defs: list[Mapping[str, Any]]) -> dict[str, Any]:
    """The schema of a problem document of one of defs, as errgen's
    document writes it: a $ref to the error's schema for one, else a oneOf
    of them discriminated by type, or by symbol when two of them share a
    type URI."""
    if len(defs) == 1:
        return {"$ref": _SCHEMAS + defs[0]["symbol"]}
    uris = [d["problemType"] for d in defs]
    prop = "type" if len(set(uris)) == len(uris) else "symbol"
    key = "problemType" if prop == "type" else "symbol"
    return {
        "oneOf": [{"$ref": _SCHEMAS + d["symbol"]} for d in defs],
        "discriminator": {"propertyName": prop, "mapping": {d[key]: _SCHEMAS + d["symbol"] for d in defs}},
    }


def error_responses(catalog: Catalog[Any], *errors: ErrorRef) -> dict[int | str, dict[str, Any]]:
    """The responses of a route that answers with errors (each a symbol or
    an alias, an error class, or an error) as problem documents: for each
    HTTP status one of them allows, the application/problem+json response
    whose schema refers to the error's schema in errgen's OpenAPI document
    of the catalog (#/components/schemas/SYMBOL), or, when several of them
    allow the status, a oneOf of theirs discriminated by type URI (by
    symbol when two share one), in the catalog's order; with the
    Retry-After header when one of them is retried after a delay. The
    mapping is what FastAPI's responses= takes (install_components puts
    the components it refers to in the app's schema); no errors, no
    responses. KeyError for a symbol the catalog does not have, ValueError
    for an error of another catalog."""
    order = {d["symbol"]: i for i, d in enumerate(catalog.facts["errors"])}
    defs: dict[str, Mapping[str, Any]] = {}
    for e in errors:
        d = _definition(catalog, e)
        defs[d["symbol"]] = d
    ordered = sorted(defs.values(), key=lambda d: order[d["symbol"]])
    out: dict[int | str, dict[str, Any]] = {}
    for status in sorted({s for d in ordered for s in d["statuses"]}):
        these = [d for d in ordered if status in d["statuses"]]
        if len(these) == 1:
            d = these[0]
            description = f"{d['title']} ({d['symbol']})."
        else:
            try:
                text = HTTPStatus(status).phrase
            except ValueError:
                text = f"HTTP {status}"
            description = f"{text}: {', '.join(d['symbol'] for d in these)}."
        response: dict[str, Any] = {"description": description}
        if any(d["retry"] == "after_delay" for d in these):
            response["headers"] = {"Retry-After": dict(_RETRY_AFTER)}
        response["content"] = {PROBLEM_CONTENT_TYPE: {"schema": _one_of(these)}}
        out[status] = response
    return out


class ComponentConflictError(ValueError):
    """The app's schema already has a component of the name of one of
    errgen's, with another value: install_components does not replace it."""

    def __init__(self, conflicts: list[str]) -> None:
        self.conflicts = conflicts
        super().__init__(
            "errgen's OpenAPI components would replace the app's own of the same name: "
            + ", ".join(conflicts)
            + " (rename the app's, e.g. its Pydantic models, or leave errgen's document out)"
        )


def load_document(document: Mapping[str, Any] | str | os.PathLike[str]) -> Mapping[str, Any]:
    """errgen's OpenAPI document: the parsed dict as it is, or read from
    the path of its JSON file. ValueError for anything without components
    of an OpenAPI 3.1 document."""
    if isinstance(document, Mapping):
        doc = document
    else:
        with open(os.fspath(document), encoding="utf-8") as f:
            doc = json.load(f)
    if not isinstance(doc, Mapping) or not str(doc.get("openapi", "")).startswith("3.1") or not isinstance(doc.get("components"), Mapping):
        raise ValueError("not errgen's OpenAPI document: an OpenAPI 3.1 document with components (errgen generate -openapi)")
    return doc


def _merge(schema: dict[str, Any], components: Mapping[str, Any]) -> None:
    """Adds components (of COMPONENT_KINDS) to schema's, all or none: a
    name the schema has with another value is a conflict."""
    own = schema.setdefault("components", {})
    conflicts = [
        f"components.{kind}.{name}"
        for kind in COMPONENT_KINDS
        for name, value in components.get(kind, {}).items()
        if name in own.get(kind, {}) and own[kind][name] != value
    ]
    if conflicts:
        raise ComponentConflictError(conflicts)
    for kind in COMPONENT_KINDS:
        if components.get(kind):
            mine = own.setdefault(kind, {})
            for name, value in components[kind].items():
                mine.setdefault(name, json.loads(json.dumps(value)))


def install_components(app: Any, document: Mapping[str, Any] | str | os.PathLike[str]) -> None:
    """Wraps app.openapi (a FastAPI app's) so that the schema it generates
    gains the components (schemas, responses, headers) of errgen's OpenAPI
    document (a dict, or the path of its JSON file, read now): what the
    responses of error_responses refer to. A component the app has of the
    same name is kept when it is equal to errgen's; one that differs makes
    app.openapi() raise ComponentConflictError, naming each, instead of
    replacing it. The schema FastAPI caches (app.openapi_schema) is merged
    once; reset, it is generated and merged anew."""
    components = load_document(document)["components"]
    generate: Callable[[], dict[str, Any]] = app.openapi
    merged: list[dict[str, Any]] = []

    def openapi() -> dict[str, Any]:
        schema = generate()
        if not merged or merged[0] is not schema:
            _merge(schema, components)
            merged[:] = [schema]
        return schema

    app.openapi = openapi
