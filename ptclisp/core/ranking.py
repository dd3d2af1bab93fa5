"""Ranking tools by what they do: Okapi BM25 over their names, descriptions and parameter names.

Used by the first request's catalog (which tools a mission gets in full, `ptclisp.host.catalog`)
and by the discovery forms (`apropos`, `search-tools`). A small scorer of our own: no network, no
model weights, no dependency; the formula is Robertson's BM25 (k1 = 1.2, b = 0.75, idf
`log(1 + (N - n + 0.5) / (n + 0.5))`, always positive), checked against a hand computation in
tests/llm/test_ranking.py.

Words: names split at `-`, `_`, `/`, `.` and camelCase, lower case, a light plural/-ing stem
(`orders` -> `order`, `refunded` -> `refund`, `shipping` -> `ship`); stop words and bare
numbers (`customer 2`) dropped. A query word that only starts a document word (`pay` for
`payment`) counts half.
Fields: a tool's name counts three times, its parameter names (and the values an enum
parameter takes: `open`, `lost`) once, its description once.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

__all__ = ["words", "stem", "Ranker"]

K1, B = 1.2, 0.75
NAME_WEIGHT = 3  # a tool's name words count this many times
PREFIX_SHARE = 0.5  # a query word that starts a document word counts this much
_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
STOP = frozenset((
    "a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "by", "with", "from", "at",
    "is", "are", "be", "it", "its", "this", "that", "these", "those", "as", "each", "every",
    "all", "what", "which", "who", "how", "many", "much", "me", "my", "our", "we", "you", "your",
    "do", "does", "did", "was", "were", "has", "have", "had", "there", "their", "them", "they",
    "one", "any", "some", "than", "then", "if", "not", "no", "but", "so", "into", "per", "give",
    "still", "please", "tell", "whose", "when", "where", "why", "can", "could", "would", "should"))


def stem(word: str) -> str:
    """A light stem: plural, -ing and -ed endings off (`categories` -> `category`)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    for end in ("ing", "ed"):
        if len(word) > len(end) + 3 and word.endswith(end):
            base = word[:-len(end)]
            return base[:-1] if base[-1] == base[-2] and base[-1] not in "ls" else base
    return word


def words(text: str) -> list[str]:
    """The stemmed words of a text or a name, stop words left out."""
    text = _CAMEL.sub(r"\1 \2", text or "").lower()
    return [stem(w) for w in _SPLIT.split(text) if w and w not in STOP and not w.isdigit()]


class Ranker:
    """BM25 over documents given as (key, name, description, parameter names)."""

    def __init__(self, docs: Iterable[tuple[object, str, str, Sequence[str]]]):
        self.keys: list = []
        self.bags: list[Counter] = []
        for key, name, description, params in docs:
            bag = Counter(words(name) * NAME_WEIGHT)
            bag.update(words(description))
            for p in params:
                bag.update(words(p))
            self.keys.append(key)
            self.bags.append(bag)
        self.n = len(self.bags)
        self.avg = sum(sum(b.values()) for b in self.bags) / self.n if self.n else 0.0
        df: Counter = Counter()
        for bag in self.bags:
            df.update(bag.keys())
        self.idf = {w: math.log(1 + (self.n - c + 0.5) / (c + 0.5)) for w, c in df.items()}
        self._vocabulary = sorted(df)

    def _expand(self, query: str) -> dict[str, float]:
        """Query word -> weight, with the document words a query word only starts (half)."""
        out: dict[str, float] = {}
        for q in words(query):
            out[q] = max(out.get(q, 0.0), 1.0)
            if len(q) >= 3:
                for w in self._vocabulary:
                    if w != q and w.startswith(q):
                        out[w] = max(out.get(w, 0.0), PREFIX_SHARE)
        return out

    def scores(self, query: str) -> list[float]:
        """Each document's BM25 score for the query, in the order given."""
        terms = self._expand(query)
        out = []
        for bag in self.bags:
            length = sum(bag.values())
            norm = K1 * (1 - B + B * length / self.avg) if self.avg else K1
            total = 0.0
            for term, weight in terms.items():
                tf = bag.get(term, 0)
                if tf:
                    total += weight * self.idf[term] * tf * (K1 + 1) / (tf + norm)
            out.append(total)
        return out

    def rank(self, query: str) -> list:
        """The keys, best first (ties in the order given); documents scoring 0 come last."""
        scored = self.scores(query)
        order = sorted(range(self.n), key=lambda i: -scored[i])
        return [self.keys[i] for i in order]

    def matches(self, query: str) -> list[tuple[object, float]]:
        """(key, score) of the documents that match at all, best first."""
        scored = self.scores(query)
        order = sorted((i for i in range(self.n) if scored[i] > 0), key=lambda i: -scored[i])
        return [(self.keys[i], scored[i]) for i in order]
