"""errgen's OpenAPI documents (errgen generate -openapi) read by the
Python ecosystem's validators, the versions runtime/python's
requirements-dev.txt pins:

- openapi-spec-validator finds no error in the repo's own document
  (schema/errors.openapi.json) nor in any golden catalog's
  (internal/endtoend/testdata/golden/*/openapi), and finds one in a broken
  document;
- openapi-core, given a path per response (GET /errors/NAME answering
  with it, as the Go test does with kin-openapi), validates every problem
  document the Go runtime rendered for a golden catalog (vectors.jsonl:
  every example, every mode) as a response of its error, of its HTTP
  status (ProblemNNN) and as ProblemDetails, with Retry-After when the
  document carries a delay; and rejects the document with another type
  URI, with a status its error does not allow, as another error's
  response, and with a Retry-After that is no number of seconds.

Run from the repository root: .venv-test/bin/python -m pytest test/openapi
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from openapi_core import Config, OpenAPI
from openapi_core.testing import MockRequest, MockResponse
from openapi_spec_validator import OpenAPIV31SpecValidator

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "internal" / "endtoend" / "testdata" / "golden"
DOC = "errors.openapi.json"
PROBLEM = "application/problem+json"
HOST = "http://127.0.0.1"

CATALOGS = sorted(p.parent.parent.name for p in GOLDEN.glob(f"*/openapi/{DOC}"))
DOCUMENTS = [ROOT / "schema" / DOC, *(GOLDEN / name / "openapi" / DOC for name in CATALOGS)]


def load(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_spec_validator_finds_no_error(path: Path) -> None:
    doc = load(path)
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in OpenAPIV31SpecValidator(doc).iter_errors()]
    assert errors == []
    assert doc["openapi"].startswith("3.1.") and doc["components"]["responses"]


def test_spec_validator_finds_errors_in_a_broken_document() -> None:
    doc = load(DOCUMENTS[-1])
    name = next(iter(doc["components"]["responses"]))
    del doc["components"]["responses"][name]["description"]
    doc["components"]["headers"]["Retry-After"]["required"] = "yes"
    errors = list(OpenAPIV31SpecValidator(doc).iter_errors())
    assert len(errors) >= 2, errors


def routed(doc: dict[str, Any]) -> OpenAPI:
    """doc with a path per response (GET /errors/NAME answering with it),
    for openapi-core, which validates a response of an operation; problem
    documents are JSON (openapi-core reads only application/json as JSON
    unless told)."""
    doc = copy.deepcopy(doc)
    doc["servers"] = [{"url": HOST}]
    for name in doc["components"]["responses"]:
        doc["paths"][f"/errors/{name}"] = {
            "get": {"operationId": f"get{name}", "responses": {"default": {"$ref": f"#/components/responses/{name}"}}},
        }
    config = Config(extra_media_type_deserializers={PROBLEM: lambda value, **_: json.loads(value)})
    return OpenAPI.from_dict(doc, config=config)


@cache
def catalog(name: str) -> tuple[dict[str, Any], OpenAPI]:
    doc = load(GOLDEN / name / "openapi" / DOC)
    return doc, routed(doc)


def problems(name: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The problem documents of a golden catalog's vectors, by mode."""
    with (GOLDEN / name / "vectors.jsonl").open(encoding="utf-8") as f:
        for line in f:
            v = json.loads(line)
            if v.get("problem"):
                yield v["mode"], v["problem"]


def validate(api: OpenAPI, name: str, problem: dict[str, Any], status: int, headers: dict[str, str] | None = None) -> None:
    """Validates problem sent with status (and headers) as the response
    named name: raises when it does not conform."""
    request = MockRequest(HOST, "get", f"/errors/{name}")
    body = json.dumps(problem).encode()
    api.validate_response(request, MockResponse(body, status_code=status, headers=headers or {}, content_type=PROBLEM))


def retry_after(problem: dict[str, Any]) -> dict[str, str]:
    """The Retry-After header errgen's HTTP helpers send with problem."""
    ms = problem.get("retryAfterMs")
    return {} if ms is None else {"Retry-After": str(math.ceil(ms / 1000))}


def rejects(api: OpenAPI, name: str, problem: dict[str, Any], status: int, headers: dict[str, str] | None = None) -> bool:
    try:
        validate(api, name, problem, status, headers)
    except Exception:
        return True
    return False


@pytest.mark.parametrize("name", CATALOGS)
def test_every_problem_vector_validates(name: str) -> None:
    doc, api = catalog(name)
    responses = doc["components"]["responses"]
    checked = 0
    for mode, p in problems(name):
        status = p["status"]
        for response in (p["symbol"], f"Problem{status}", "ProblemDetails"):
            assert response in responses, f"no response {response}"
            try:
                validate(api, response, p, status, retry_after(p))
            except Exception as e:
                pytest.fail(f"{p['symbol']} ({mode}) as {response}: {e!r}: {e.__cause__!r}\n{json.dumps(p)}")
            checked += 1
    assert checked > 0
    print(f"{name}: {checked} problem documents validated")


@pytest.mark.parametrize("name", CATALOGS)
def test_mutated_problems_are_rejected(name: str) -> None:
    doc, api = catalog(name)
    schemas = doc["components"]["schemas"]
    errors = [s for s in doc["components"]["responses"] if s in schemas and "allOf" in schemas[s]]
    for mode, p in problems(name):
        symbol, status = p["symbol"], p["status"]
        allowed = schemas[symbol]["properties"]["status"]
        allowed = allowed.get("enum", [allowed.get("const")])
        disallowed = next(s for s in (599, 418, 400, 500) if s not in allowed)
        for bad in ({"type": "urn:example:other"}, {"status": disallowed}):
            assert rejects(api, symbol, {**p, **bad}, status), f"{symbol} ({mode}) with {bad} passes as {symbol}"
        other = next(s for s in errors if s != symbol)
        assert rejects(api, other, p, status), f"{symbol} ({mode}) passes as {other}"
        if "headers" in doc["components"]["responses"][symbol]:
            assert rejects(api, symbol, p, status, {"Retry-After": "soon"}), f"{symbol} ({mode}) with Retry-After: soon passes"
