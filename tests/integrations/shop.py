"""The users and the answer shape every framework's tests fold tools over."""
from pydantic import BaseModel

USERS = [{"id": 1, "name": "Ada", "role": "admin"}, {"id": 2, "name": "Bo", "role": "user"},
         {"id": 3, "name": "Cy", "role": "admin"}]


class Admins(BaseModel):
    """What the admins question is answered with."""

    count: int
    names: list[str]
