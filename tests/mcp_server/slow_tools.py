"""A host tool that takes its time: a run waiting in it cannot be stopped until it returns."""
import time


def wait(seconds: float) -> float:
    """Sleep for seconds, then return them."""
    time.sleep(seconds)
    return seconds
