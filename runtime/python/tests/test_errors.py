"""Errors raised with typed details, the fallback for foreign exceptions,
the renderers and their options, violations and metrics, on the fixture
catalog's generated package."""

from __future__ import annotations

import json
import traceback
from datetime import datetime, timezone

import fixture_errors as fx
import pytest
from fixture_errors.core_errors import InternalError, RateLimitedError, UnavailableError, ValidationError
from fixture_errors.files_errors import FsAuditError, FsDeniedError, FsQuotaError, FsTooLargeError

FIXED = fx.Options(now=lambda: datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone.utc), instance=lambda: "urn:test")
SECRET = "tok_SECRET_9f8e7d"


def denied(**kw: object) -> FsDeniedError:
    return FsDeniedError(path="/home/alice/notes.txt", token=SECRET, **kw)  # type: ignore[arg-type]


def test_constructor_takes_the_details_as_keyword_arguments() -> None:
    err = FsTooLargeError(resource="file_size", limit=10, actual=20, unit="bytes")
    assert err.symbol == "E_FS_TOO_LARGE" and err.code == 2000 and err.wire_code == -32602
    assert err.status == 413 and err.retryable is False and err.domain == "files" and err.type == "fs_too_large"
    assert dict(err.details) == {"resource": "file_size", "limit": 10, "actual": 20, "unit": "bytes"}
    assert isinstance(err, fx.CatalogError) and isinstance(err, Exception)
    assert fx.ErrorCode.FS_TOO_LARGE == 2000 and FsTooLargeError.CODE is fx.ErrorCode.FS_TOO_LARGE
    assert str(err) == "E_FS_TOO_LARGE: File is 20 bytes; the limit is 10 bytes"


def test_missing_or_mistyped_details_are_type_errors() -> None:
    with pytest.raises(TypeError):
        FsTooLargeError(resource="x", limit=1, actual=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"details\['limit'\] must be an int, got str"):
        FsTooLargeError(resource="x", limit="1", actual=2, unit="bytes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a bool"):
        denied(strict=1)
    with pytest.raises(TypeError, match=r"details\['tags'\]\[1\] must be a str"):
        denied(tags=["a", 2])
    with pytest.raises(TypeError, match="has no field"):
        fx.new("E_FS_BAD_NAME", {"name": "x", "other": 1})
    with pytest.raises(KeyError):
        fx.new("E_NOPE")
    with pytest.raises(TypeError):
        fx.CatalogError()


def test_nothing_sensitive_in_str_repr_args_or_tracebacks() -> None:
    err = denied(note="mail bob@example.com")
    for text in (str(err), repr(err), str(err.args), err.message, "".join(traceback.format_exception(err))):
        assert SECRET not in text and "alice" not in text and "bob@example.com" not in text
    assert str(err) == "E_FS_DENIED: Access to ~/notes.txt is denied (<redacted>)"
    assert err.details["token"] == SECRET  # read explicitly, for the server


def test_raise_from_keeps_the_cause_and_verbose_shows_it_scrubbed() -> None:
    try:
        try:
            raise OSError("read /home/alice/x: token=ghp_0123456789abcdefghijklmnopqrstuvwxyzAB")
        except OSError as exc:
            raise UnavailableError(service="db") from exc
    except UnavailableError as err:
        caught = err
    assert isinstance(caught.__cause__, OSError)
    plain = json.loads(fx.render_problem(caught, FIXED))
    assert "debugInfo" not in plain
    verbose = json.loads(fx.render_problem(caught, fx.Options(verbose=True, now=FIXED.now, instance=FIXED.instance)))
    assert verbose["debugInfo"]["errorChain"] == ["read ~/x: token=<redacted>"]
    cause = OSError("boom")
    assert UnavailableError(service="db", cause=cause).__cause__ is cause


def test_foreign_exceptions_become_the_fallback_with_their_cause_kept() -> None:
    exc = RuntimeError("db password=hunter2 at /home/alice")
    err = fx.from_error(exc)
    assert type(err) is InternalError and err.symbol == "E_INTERNAL" and err.__cause__ is exc
    body = fx.render_problem(exc, FIXED)
    assert "hunter2" not in body and json.loads(body)["detail"] == "An internal error occurred"
    wrapped = RuntimeError("outer")
    inner = UnavailableError(service="db")
    wrapped.__cause__ = inner
    assert fx.from_error(wrapped) is inner
    assert fx.from_error(None).symbol == "E_INTERNAL"
    assert fx.from_error("a string").symbol == "E_INTERNAL"


def test_definitions_raised_bare() -> None:
    assert fx.error_of("E_UNAVAILABLE").symbol == "E_UNAVAILABLE"
    assert fx.error_of("E_INVALID").symbol == "E_VALIDATION"  # an alias
    bare = fx.error_of("E_FS_BAD_NAME")  # empty details break the pattern
    assert bare.symbol == "E_INTERNAL" and str(bare.__cause__) == "E_FS_BAD_NAME: Bad file name"


def test_every_format_redacts_and_verbose_does_not_lift_it() -> None:
    err = denied(link="https://u:pw@h.example/?token=abc&x=1")
    for o in (FIXED, fx.Options(verbose=True, now=FIXED.now, instance=FIXED.instance)):
        for payload in (fx.render_jsonrpc_error(err, o), fx.render_problem(err, o), fx.render_response(err, o), fx.render_tool_result(err, o)):
            assert SECRET not in payload and "pw@" not in payload and "token=abc" not in payload
    shown = fx.render_response(err, fx.Options(show_sensitive=True))
    assert SECRET in shown and "pw@" in shown


def test_occurrence_members() -> None:
    err = UnavailableError(
        service="db",
        status=502,
        retryable=False,
        request_id="req-1",
        instance="urn:x",
        data={"method": "tools/call", "symbol": "E_SPOOF"},
        extensions=[("tool", "read")],
    )
    problem = json.loads(fx.render_problem(err, FIXED))
    assert problem["status"] == 502 and problem["retryable"] is False and problem["instance"] == "urn:x" and problem["tool"] == "read"
    rpc = json.loads(fx.render_jsonrpc_error(err, FIXED))
    assert rpc["data"]["method"] == "tools/call" and rpc["data"]["symbol"] == "E_UNAVAILABLE"
    assert UnavailableError(service="db", status=418).status == 503  # not allowed: ignored
    assert fx.problem_of(err, FIXED)[0] == 502
    code, message, data = fx.jsonrpc_parts(err, FIXED)
    assert code == 1001 and message == "The db service is unavailable" and json.loads(data)["symbol"] == "E_UNAVAILABLE"


def test_values_that_break_the_schema_are_reported_not_sent() -> None:
    seen: list[fx.Violation] = []
    previous = fx.on_violation(seen.append)
    try:
        err = FsQuotaError(user="x", limit=7, used=-1.0, zone="eu", hosts=["a.example", "a.example"])
        body = json.loads(fx.render_response(err, FIXED))
    finally:
        fx.on_violation(previous)
    assert {(v.path, v.keyword, v.outcome) for v in seen} >= {
        ("/user", "minLength", "replaced"),
        ("/limit", "multipleOf", "replaced"),
        ("/hosts/1", "uniqueItems", "omitted"),
    }
    assert body["details"]["hosts"] == ["a.example"]
    assert SECRET not in repr(seen)


def test_details_without_a_valid_form_are_the_fallback() -> None:
    err = fx.new("E_FS_BAD_NAME", {"name": "NOT lower"})
    assert json.loads(fx.render_response(err, FIXED))["code"] == "E_INTERNAL"
    assert str(err).startswith("E_INTERNAL: ")


def test_bounds_and_the_floors_of_the_options() -> None:
    err = UnavailableError(service="x" * 200)
    rpc = json.loads(fx.render_jsonrpc_error(err, fx.Options(max_string_bytes=1)))  # raised to 16
    assert rpc["message"] == "The xxxxxxxxx..." and len(rpc["message"].encode()) == 16
    big = fx.render_problem(FsAuditError(owner="o", tags=["t"] * 500), fx.Options(max_data_bytes=10, now=FIXED.now, instance=FIXED.instance))
    assert len(big.encode()) <= 512


def test_metrics_count_each_payload_once() -> None:
    metrics = fx.enable_metrics()
    assert fx.enable_metrics() is metrics
    before = metrics.snapshot()["total"]
    fx.render_tool_result(UnavailableError(service="a"))
    fx.render_jsonrpc_error(ValueError("x"))
    metrics.record("E_INVALID")
    snap = metrics.snapshot()
    assert snap["total"] == before + 3 and snap["bySymbol"]["E_VALIDATION"] >= 1
    text = metrics.snapshot_json()
    assert json.loads(text)["total"] == snap["total"] and text.startswith('{"total":')
    assert list(json.loads(text)["byCode"]) == sorted(json.loads(text)["byCode"])


def test_field_errors_and_aliases() -> None:
    err = ValidationError(field_errors={"name": ["is required"]}, total_errors=1)
    assert json.loads(fx.render_response(err, FIXED))["message"] == "Validation failed: 1 errors"
    assert fx.new("E_INVALID", {"fieldErrors": {}, "totalErrors": 0}).symbol == "E_VALIDATION"


def test_options_from_env() -> None:
    o = fx.options_from_env(
        "APP", {"APP_VERBOSE": "full", "APP_REDACT": "false", "APP_SUGGESTIONS": "off", "APP_MAX_DATA_BYTES": "2048", "APP_SERVER_VERSION": "1.2"}
    )
    assert o.verbose and o.show_sensitive and o.omit_suggestions and o.max_data_bytes == 2048 and o.server_version == "1.2"
    assert fx.options_from_env("APP", {}) == fx.Options()
    with pytest.raises(ValueError, match=r"APP_VERBOSE.*APP_MAX_SUGGESTIONS"):
        fx.options_from_env("APP", {"APP_VERBOSE": "maybe", "APP_MAX_SUGGESTIONS": "-1"})
    assert fx.options_from_env("APP", {"APP_VERBOSE": "2"}).verbose


def test_timestamps_are_utc_whole_seconds() -> None:
    o = fx.Options(now=lambda: datetime(2026, 5, 6, 7, 8, 9, 999000), instance=lambda: "i")
    assert json.loads(fx.render_problem(InternalError(), o))["timestamp"] == "2026-05-06T07:08:09Z"
    fresh = json.loads(fx.render_problem(InternalError()))
    assert fresh["instance"].startswith("urn:uuid:") and fresh["timestamp"].endswith("Z")


def test_args_hold_the_wire_text() -> None:
    err = denied()
    assert err.args == (str(err),) == ("E_FS_DENIED: Access to ~/notes.txt is denied (<redacted>)",)
    assert fx.from_error(RuntimeError("password=hunter2")).args == ("E_INTERNAL: An internal error occurred",)
    err.args = ("set by a library",)
    assert err.args == ("set by a library",)
    import pickle

    assert pickle.loads(pickle.dumps(err)).args == ("set by a library",)


def occurrence(err: fx.CatalogError) -> list[str]:
    """Everything an error is for: its payloads in every format, verbose and
    not, its text and its log forms."""
    verbose = fx.Options(verbose=True, now=FIXED.now, instance=FIXED.instance)
    out = [str(err), repr(err), err.verbose_error(), json.dumps(err.log_value()), type(err).__name__]
    for o in (FIXED, verbose):
        out += [fx.render_problem(err, o), fx.render_jsonrpc_error(err, o), fx.render_response(err, o)]
    return out


def made() -> list[fx.CatalogError]:
    try:
        try:
            raise OSError("connect https://svc:hunter2@db.internal/")
        except OSError as exc:
            raise ValueError("") from exc
    except ValueError as exc:
        chained = denied(
            status=403,
            retryable=True,
            retry_after_ms=1234.5,
            request_id="r-1",
            instance="urn:i",
            data={"a": [1]},
            extensions=[("x", {"y": 2})],
            log_sensitive=True,
            cause=exc,
        )
    inner = UnavailableError(service="db")
    outer = FsQuotaError(user="u", limit=2, used=3.5, zone="eu", cause=RuntimeError("over"))
    outer.__cause__.__cause__ = inner  # type: ignore[union-attr]
    limited = RateLimitedError(service="api", retryable=False, retry_after_ms=5)
    return [chained, outer, fx.from_error(KeyError("k")), fx.error_of("E_FS_TOO_LARGE"), fx.new("E_FS_BAD_NAME", {"name": "x"}), limited]


def test_errors_pickle_and_copy_with_their_details_and_occurrence() -> None:
    import copy
    import pickle

    for err in made():
        want = occurrence(err)
        members = (err.retry, err.retry_after_ms, err.retryable)
        err.note = {"kept": True}  # type: ignore[attr-defined]
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(err, proto))
            assert type(back) is type(err) and occurrence(back) == want and (back.retry, back.retry_after_ms, back.retryable) == members
            assert back.note == {"kept": True} and back.details == err.details and fx.from_error(back) is back
        shallow, deep = copy.copy(err), copy.deepcopy(err)
        assert occurrence(shallow) == want and occurrence(deep) == want
        assert (shallow.retry, shallow.retry_after_ms) == (deep.retry, deep.retry_after_ms) == members[:2]
        assert shallow.__cause__ is err.__cause__ and shallow.details is err.details
        if err.details:
            assert deep.details == err.details and deep.details is not err.details
    chained, outer = made()[:2]
    assert '"retryAfterMs":1235' in fx.render_problem(pickle.loads(pickle.dumps(chained)), FIXED)
    back = pickle.loads(pickle.dumps(outer))
    assert isinstance(back.__cause__.__cause__, UnavailableError)  # an error of a catalog crosses as itself
    assert pickle.loads(pickle.dumps(chained)).details["token"] == SECRET  # the details as given: the server's own


def _raise_in_worker(n: int) -> int:
    raise FsTooLargeError(resource="file_size", limit=n, actual=n * 2, unit="bytes", request_id="w")


def test_an_error_raised_in_a_worker_process_reaches_the_caller() -> None:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1) as pool, pytest.raises(FsTooLargeError) as info:
        pool.submit(_raise_in_worker, 10).result()
    err = info.value
    assert err.details == {"resource": "file_size", "limit": 10, "actual": 20, "unit": "bytes"} and err.request_id == "w"
    assert fx.render_problem(err, FIXED) == fx.render_problem(FsTooLargeError(resource="file_size", limit=10, actual=20, unit="bytes", request_id="w"), FIXED)
