"""The analyzer's lexical scopes: which slot of which function frame holds each local name."""
from __future__ import annotations


class FnScope:
    """Slots of one function frame (or the top-level program) and its lexical blocks."""

    def __init__(self, parent: "FnScope | None"):
        self.parent = parent
        # every name bound so far in any frame of this program: most symbols are builtins,
        # and a name never bound anywhere needs no walk through the blocks
        self.bound: set[str] = set() if parent is None else parent.bound
        self.nslots = 0
        self.blocks: list[dict[str, int]] = [{}]
        self.captured: dict[str, int] = {}
        self.captures: list[tuple[int, int]] = []
        self.recur_arity: int | None = None  # arity of the current recur target
        self.has_recur = False

    def new_slot(self) -> int:
        self.nslots += 1
        return self.nslots - 1

    def bind(self, name: str) -> int:
        """A fresh slot for name in the innermost block."""
        slot = self.new_slot()
        self.blocks[-1][name] = slot
        self.bound.add(name)
        return slot

    def lookup(self, name: str) -> int | None:
        """The slot holding name in this frame, capturing from outer frames as needed."""
        if name not in self.bound:
            return None
        for block in reversed(self.blocks):
            slot = block.get(name)
            if slot is not None:
                return slot
        slot = self.captured.get(name)
        if slot is not None:
            return slot
        if self.parent is None:
            return None
        outer = self.parent.lookup(name)
        if outer is None:
            return None
        inner = self.new_slot()
        self.captured[name] = inner
        self.captures.append((outer, inner))
        return inner

    def visible_names(self):
        names = set(self.captured)
        for block in self.blocks:
            names.update(block)
        if self.parent is not None:
            names.update(self.parent.visible_names())
        return names
