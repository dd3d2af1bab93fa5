"""The users, tools and answer shape every framework's tests fold tools over (each wraps the
plain functions in its own tool decorator)."""
import asyncio

import pytest
from pydantic import BaseModel

USERS = [{"id": 1, "name": "Ada", "role": "admin"}, {"id": 2, "name": "Bo", "role": "user"},
         {"id": 3, "name": "Cy", "role": "admin"}]


class Admins(BaseModel):
    """What the admins question is answered with."""

    count: int
    names: list[str]


CALLS: list = []  # (tool, argument) of every call the tools below got


def get_users(role: str) -> list[dict]:
    """Users with a role."""
    CALLS.append(("get_users", role))
    return [u for u in USERS if u["role"] == role]


async def score(user_id: int) -> int:
    """An async lookup."""
    await asyncio.sleep(0)
    CALLS.append(("score", user_id))
    return user_id * 10


def lookup(key: str) -> str:
    """Always fails."""
    raise KeyError(f"no key {key}")


def double(x: int) -> int:
    """A plain callable: twice x."""
    CALLS.append(("double", x))
    return 2 * x


@pytest.fixture(autouse=True)
def clear_calls():
    """Each test starts with an empty call log (import it into a test module to use it)."""
    CALLS.clear()
