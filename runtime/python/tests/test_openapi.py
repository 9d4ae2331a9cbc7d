"""The FastAPI helper (openapi.py): error_responses builds a route's
responses as errgen's OpenAPI document builds its ProblemNNN responses,
install_components merges the document's components into a real FastAPI
app's schema, which openapi-spec-validator accepts, and a real request's
problem document validates against its route's response through
openapi-core."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fixture_errors import CATALOG
from fixture_errors import openapi as oa
from fixture_errors import starlette as problems
from fixture_errors._rt import Catalog
from fixture_errors._rt import openapi as rt
from fixture_errors.core_errors import ConflictError, RateLimitedError, UnavailableError
from fixture_errors.files_errors import FsDeniedError
from openapi_core import Config, OpenAPI
from openapi_core.templating.responses.exceptions import ResponseNotFound
from openapi_core.testing import MockRequest, MockResponse
from openapi_core.validation.response.exceptions import HeaderValidationError, InvalidData
from openapi_spec_validator import validate
from pydantic import BaseModel
from starlette.testclient import TestClient

DOCUMENT = Path(__file__).resolve().parent / "fixture" / "errors.openapi.json"
PROBLEM = "application/problem+json"


def document() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    return doc


def schema_of(response: dict[str, Any]) -> Any:
    return response["content"][PROBLEM]["schema"]


def test_one_error_per_status_is_a_ref() -> None:
    r = oa.error_responses(FsDeniedError)
    assert r == {
        403: {
            "description": "Access denied (E_FS_DENIED).",
            "content": {PROBLEM: {"schema": {"$ref": "#/components/schemas/E_FS_DENIED"}}},
        }
    }


def test_errors_sharing_a_status_are_one_of_them_by_type() -> None:
    # E_UNAVAILABLE allows 503 and 502, E_RATE_LIMITED 429 and 503
    r = oa.error_responses("E_RATE_LIMITED", UnavailableError)
    assert sorted(r) == [429, 502, 503]
    assert schema_of(r[502]) == {"$ref": "#/components/schemas/E_UNAVAILABLE"}
    assert schema_of(r[503]) == {
        "oneOf": [{"$ref": "#/components/schemas/E_UNAVAILABLE"}, {"$ref": "#/components/schemas/E_RATE_LIMITED"}],  # the catalog's order
        "discriminator": {
            "propertyName": "type",
            "mapping": {
                "https://errors.example.com/fixture/unavailable": "#/components/schemas/E_UNAVAILABLE",
                "https://errors.example.com/fixture/rate-limited": "#/components/schemas/E_RATE_LIMITED",
            },
        },
    }
    assert r[503]["description"] == "Service Unavailable: E_UNAVAILABLE, E_RATE_LIMITED."
    # both are retried after a delay: Retry-After, as the document declares it
    assert r[429]["headers"] == {"Retry-After": {"$ref": "#/components/headers/Retry-After"}}
    assert "headers" not in oa.error_responses(ConflictError)[409]


def test_errors_sharing_a_type_uri_are_told_apart_by_symbol() -> None:
    facts = copy.deepcopy(dict(CATALOG.facts))
    by = {d["symbol"]: d for d in facts["errors"]}
    by["E_RATE_LIMITED"]["problemType"] = by["E_UNAVAILABLE"]["problemType"]
    shared: Catalog[Any] = Catalog(facts)
    s = schema_of(rt.error_responses(shared, "E_UNAVAILABLE", "E_RATE_LIMITED")[503])
    assert s["discriminator"] == {
        "propertyName": "symbol",
        "mapping": {"E_UNAVAILABLE": "#/components/schemas/E_UNAVAILABLE", "E_RATE_LIMITED": "#/components/schemas/E_RATE_LIMITED"},
    }


def test_every_status_as_the_document_has_it() -> None:
    """The responses of all the errors that allow a status are the
    document's ProblemNNN: the same schema, discriminator and header."""
    doc = document()
    statuses = sorted({s for d in CATALOG.facts["errors"] for s in d["statuses"]})
    for status in statuses:
        symbols = [d["symbol"] for d in reversed(CATALOG.facts["errors"]) if status in d["statuses"]]
        mine = oa.error_responses(*symbols)[status]
        theirs = doc["components"]["responses"][f"Problem{status}"]
        assert schema_of(mine) == schema_of(theirs), status
        assert mine.get("headers") == theirs.get("headers"), status


def test_what_an_error_may_be() -> None:
    same = oa.error_responses("E_UNAVAILABLE")
    assert oa.error_responses(UnavailableError) == same
    assert oa.error_responses(UnavailableError(service="db")) == same
    assert oa.error_responses(UnavailableError, "E_UNAVAILABLE") == same
    assert oa.error_responses() == {}
    with pytest.raises(KeyError):
        oa.error_responses("E_NO_SUCH_ERROR")
    with pytest.raises(TypeError):
        oa.error_responses(1001)  # type: ignore[arg-type]
    other: Catalog[Any] = Catalog(copy.deepcopy(dict(CATALOG.facts)))
    with pytest.raises(ValueError, match="of the fixture catalog"):
        rt.error_responses(other, UnavailableError)


class Item(BaseModel):
    name: str


async def unavailable() -> Item:
    raise UnavailableError(service="db", status=502)


async def limited(name: str) -> Item:
    raise RateLimitedError(service="search", retry_after_ms=2500)


def app_with_errors(document: Any = DOCUMENT) -> FastAPI:
    app = FastAPI(title="items", version="1.0.0")
    problems.install(app)
    oa.install_components(app, document)
    app.get("/unavailable", responses=oa.error_responses(UnavailableError, RateLimitedError))(unavailable)
    app.get("/items/{name}", responses=oa.error_responses("E_RATE_LIMITED", FsDeniedError))(limited)
    return app


def test_the_app_schema_has_the_responses_and_the_components() -> None:
    app = app_with_errors()
    schema = app.openapi()
    assert app.openapi() is schema  # merged once, as FastAPI caches it
    doc = document()
    responses = schema["paths"]["/unavailable"]["get"]["responses"]
    assert sorted(responses) == ["200", "429", "502", "503"]
    for status, r in oa.error_responses(UnavailableError, RateLimitedError).items():
        assert responses[str(status)] == r
    assert sorted(schema["paths"]["/items/{name}"]["get"]["responses"]) == ["200", "403", "422", "429", "503"]
    components = schema["components"]
    for kind in oa.COMPONENT_KINDS:
        for name, value in doc["components"][kind].items():
            assert components[kind][name] == value, f"{kind}.{name}"
    # the app's own are kept beside them
    assert {"Item", "HTTPValidationError", "ValidationError"} <= set(components["schemas"])
    validate(schema)  # openapi-spec-validator: raises on an error


def test_a_real_problem_document_validates_against_its_route() -> None:
    app = app_with_errors(document())  # the parsed document this time
    schema = app.openapi()
    config = Config(extra_media_type_deserializers={PROBLEM: lambda value, **_: json.loads(value)})
    api = OpenAPI.from_dict(copy.deepcopy(schema), config=config)

    def check(path: str, status: int, body: bytes, headers: dict[str, str]) -> None:
        api.validate_response(
            MockRequest("http://testserver", "get", path),
            MockResponse(body, status_code=status, headers=headers, content_type=headers["content-type"]),
        )

    with TestClient(app, raise_server_exceptions=False) as http:
        r = http.get("/unavailable")
        assert r.status_code == 502 and r.headers["content-type"] == PROBLEM
        check("/unavailable", r.status_code, r.content, dict(r.headers))
        r = http.get("/items/a")
        assert r.status_code == 429 and r.headers["retry-after"] == "3"
        check("/items/{name}".replace("{name}", "a"), r.status_code, r.content, dict(r.headers))
        # the route does not document E_UNAVAILABLE's 502, nor another type
        # URI under its 429
        bad = json.loads(r.content)
        bad["type"] = "https://errors.example.com/fixture/unavailable"
        with pytest.raises(InvalidData):
            check("/items/a", 429, json.dumps(bad).encode(), dict(r.headers))
        with pytest.raises(ResponseNotFound):
            check("/items/a", 502, http.get("/unavailable").content, {"content-type": PROBLEM})
        with pytest.raises(HeaderValidationError):
            check("/items/a", 429, r.content, {**r.headers, "retry-after": "soon"})


class ErrorResponse(BaseModel):
    message: str


def test_a_component_of_the_same_name_is_not_replaced() -> None:
    app = app_with_errors()

    async def plain() -> ErrorResponse:
        return ErrorResponse(message="no")

    app.get("/plain")(plain)  # FastAPI names its schema ErrorResponse, as errgen's envelope is
    with pytest.raises(oa.ComponentConflictError, match=r"components\.schemas\.ErrorResponse") as e:
        app.openapi()
    assert e.value.conflicts == ["components.schemas.ErrorResponse"]
    # an equal one is no conflict: the document installed twice
    twice = app_with_errors()
    oa.install_components(twice, DOCUMENT)
    assert twice.openapi()["components"]["schemas"]["E_UNAVAILABLE"] == document()["components"]["schemas"]["E_UNAVAILABLE"]
    # a schema reset (routes added later) is merged anew
    twice.openapi_schema = None
    assert "E_UNAVAILABLE" in twice.openapi()["components"]["schemas"]


def test_only_an_openapi_document() -> None:
    with pytest.raises(ValueError, match=r"OpenAPI 3\.1"):
        oa.install_components(FastAPI(), {"openapi": "3.0.3", "components": {}})
    with pytest.raises(ValueError, match=r"OpenAPI 3\.1"):
        oa.load_document({"$schema": "https://json-schema.org/draft/2020-12/schema"})
    assert oa.load_document(DOCUMENT)["info"]["title"] == "fixture errors"
