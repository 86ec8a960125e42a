"""Hostile frames, hellos and HTTP requests against a running server (SQLite), seeded and bounded
(hypothesis, ``derandomize``: the same examples every run); ``scripts/fuzz.py --server`` runs more. The
properties are in ``tests/server/hostile.py``: always an answer, no crash, no match changed by a refused
frame."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import hostile

FUZZ = settings(derandomize=True, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def session(site_dir, tmp_path_factory):
    from .conftest import FAST
    from .servers import ServerProcess

    process = ServerProcess(site_dir, {**FAST, "NARDY_DATA": str(tmp_path_factory.mktemp("fuzz"))}).start()
    session = hostile.Session(process.url)
    yield session
    session.close()
    alive = process.process.poll() is None
    process.stop()
    assert alive, "the server died"
    assert "Traceback" not in process.output(), process.output()[-3000:]


@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_hostile_frames(session, data):
    kind, value = data.draw(hostile.frames(session.match_id))
    session.send_frame(kind, value, data.draw(st.integers(0, 2)))


@settings(FUZZ, max_examples=60)
@given(text=hostile.hellos())
def test_hostile_hellos(session, text):
    session.send_hello(text)


@settings(FUZZ, max_examples=150)
@given(request=hostile.http_requests())
def test_hostile_http(session, request):
    session.send_http(*request)
