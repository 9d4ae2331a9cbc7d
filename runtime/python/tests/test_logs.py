"""The log forms: logging records and tracebacks keep the wire's text;
the verbose forms keep the causes and redact sensitive values unless the
occurrence opts in (Go's WithLogSensitive)."""

from __future__ import annotations

import io
import logging

import fixture_errors as fx
from fixture_errors.files_errors import FsAuditError, FsDeniedError

SECRET = "tok_SECRET_9f8e7d"


def capture(err: BaseException, *, filtered: bool) -> str:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s %(errgen_message)s|%(errgen_cause)s" if filtered else "%(levelname)s %(message)s"))
    if filtered:
        handler.addFilter(fx.LogFilter())
    log = logging.getLogger("errgen-test-" + str(id(handler)))
    log.addHandler(handler)
    log.propagate = False
    try:
        raise err
    except Exception:
        log.exception("tool failed: %s", err)
    return stream.getvalue()


def test_logging_and_tracebacks_carry_no_sensitive_value() -> None:
    try:
        raise ValueError("disk full at /var/x")
    except ValueError as exc:
        err = FsDeniedError(path="/srv/a", token=SECRET, cause=exc)
    for filtered in (False, True):
        out = capture(err, filtered=filtered)
        assert SECRET not in out, out
        assert "E_FS_DENIED: Access to /srv/a is denied (<redacted>)" in out
    out = capture(err, filtered=True)
    assert "disk full at /var/x" in out  # the cause is the server's: logs keep it


def test_log_sensitive_opts_in_for_the_log_forms_only() -> None:
    err = FsDeniedError(path="/srv/a", token=SECRET, log_sensitive=True)
    assert SECRET in err.verbose_error() and SECRET in str(err.log_value()["message"])
    assert SECRET not in str(err) and SECRET not in fx.render_problem(err)
    assert SECRET in capture(err, filtered=True)
    plain = FsDeniedError(path="/srv/a", token=SECRET)
    assert SECRET not in plain.verbose_error() and SECRET not in capture(plain, filtered=True)


def test_verbose_form_has_verbose_fields_and_the_chain() -> None:
    try:
        try:
            raise OSError("inner")
        except OSError as exc:
            raise RuntimeError("outer") from exc
    except RuntimeError as exc:
        err = FsAuditError(owner="bob", note="verbose only", request_id="r1", cause=exc)
    text = err.verbose_error()
    assert text.startswith("E_FS_AUDIT: Audit of <redacted> failed") and "verbose only" in text and text.endswith(": outer: inner")
    v = err.log_value()
    assert v["symbol"] == "E_FS_AUDIT" and v["code"] == 2003 and v["cause"] == "outer: inner" and v["requestId"] == "r1"
    assert "verbose only" not in str(err)
