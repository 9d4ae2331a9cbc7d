"""The Starlette and FastAPI exception handler, through each framework's
own test client."""

from __future__ import annotations

import json

import pytest
from fastapi import FastAPI
from fixture_errors import starlette as problems
from fixture_errors.core_errors import RateLimitedError, UnavailableError
from fixture_errors.files_errors import FsDeniedError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

SECRET = "tok_SECRET_9f8e7d"


async def unavailable(request: Request) -> PlainTextResponse:
    raise UnavailableError(service="db", status=502)


async def limited(request: Request) -> PlainTextResponse:
    raise RateLimitedError(service="search", retry_after_ms=2500)


async def denied(request: Request) -> PlainTextResponse:
    raise FsDeniedError(path="/home/alice/x", token=SECRET)


async def crash(request: Request) -> PlainTextResponse:
    raise RuntimeError("password=hunter2")


def starlette_app() -> Starlette:
    app = Starlette(routes=[Route("/unavailable", unavailable), Route("/limited", limited), Route("/denied", denied), Route("/crash", crash)])
    problems.install(app)
    return app


def fastapi_app() -> FastAPI:
    app = FastAPI()
    app.get("/unavailable")(unavailable)
    app.get("/limited")(limited)
    app.get("/denied")(denied)
    app.get("/crash")(crash)
    problems.install(app)
    return app


@pytest.mark.parametrize("make", [starlette_app, fastapi_app])
def test_problem_documents_with_the_status_and_headers(make: object) -> None:
    app = make()  # type: ignore[operator]
    with TestClient(app, raise_server_exceptions=False) as http:
        r = http.get("/unavailable")
        assert r.status_code == 502 and r.headers["content-type"] == "application/problem+json"
        assert int(r.headers["content-length"]) == len(r.content)
        doc = r.json()
        assert doc["symbol"] == "E_UNAVAILABLE" and doc["status"] == 502 and doc["service"] == "db"
        assert doc["retry"] == "after_delay" and "retry-after" not in r.headers  # retried, no delay given
        r = http.get("/limited")
        assert r.status_code == 429 and r.headers["retry-after"] == "3" and r.json()["retryAfterMs"] == 2500
        r = http.get("/denied")
        assert r.status_code == 403 and SECRET not in r.text and "alice" not in r.text and "retry-after" not in r.headers
        r = http.get("/crash")
        assert r.status_code == 500 and r.json()["symbol"] == "E_INTERNAL" and "hunter2" not in r.text
        assert http.get("/missing").status_code == 404  # the framework's own


def test_problem_response() -> None:
    r = problems.problem_response(UnavailableError(service="db"), headers={"Retry-After": "5"})
    assert r.status_code == 503 and r.headers["retry-after"] == "5" and json.loads(bytes(r.body))["service"] == "db"
