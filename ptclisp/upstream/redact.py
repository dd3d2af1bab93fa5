"""Replace secret values with [REDACTED] in texts and in JSON-shaped data (keys included)."""
from __future__ import annotations

import re

MASK = "[REDACTED]"


class Redactor:
    """Knows a fixed set of secrets; scrubs strings and nested data of them."""

    def __init__(self, secrets=()):
        found = sorted({s for s in secrets if s}, key=len, reverse=True)  # longest first
        self._pattern = re.compile("|".join(map(re.escape, found))) if found else None

    def text(self, s: str) -> str:
        """s with every secret replaced."""
        return s if self._pattern is None else self._pattern.sub(MASK, s)

    def data(self, x):
        """A copy of JSON-shaped x with every string (and key) scrubbed."""
        if self._pattern is None:
            return x
        t = type(x)
        if t is str:
            return self.text(x)
        if t is dict:
            return {self.data(k): self.data(v) for k, v in x.items()}
        if t is list or t is tuple:
            return [self.data(v) for v in x]
        return x
