"""The cyclic collector paused while the door copies host data, and always turned back on."""
from __future__ import annotations

import gc
import threading

import pytest

import ptclisp
from ptclisp.host.door import NotData, from_python, to_python
from ptclisp.sandbox.gcpause import without_gc


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_off_during_a_copy_and_on_after(collector_on):
    seen = []
    assert without_gc(lambda: seen.append(gc.isenabled()) or 7) == 7
    assert seen == [False] and gc.isenabled()
    from_python([{"a": [1]}] * 3)
    to_python(from_python({"a": [1, {"b": 2}]}))
    assert gc.isenabled()


def test_a_copy_that_fails_turns_the_collector_back_on(collector_on):
    with pytest.raises(NotData):
        from_python([{"a": object()}])
    with pytest.raises(TypeError):
        ptclisp.Session(data={"rows": [{"a": object()}]})
    assert gc.isenabled()


def test_a_collector_the_host_turned_off_stays_off(collector_on):
    gc.disable()
    from_python([{"a": 1}])
    assert not gc.isenabled()
    gc.enable()


def test_overlapping_pauses_on_threads_end_with_the_collector_on(collector_on):
    inside = threading.Barrier(2)
    out = []

    def copy():
        out.append(without_gc(lambda: inside.wait(timeout=10) is not None and gc.isenabled()))

    threads = [threading.Thread(target=copy) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == [False, False] and gc.isenabled()
