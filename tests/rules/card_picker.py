"""Hand out card ids for card codes when a scenario test builds a position.

Identical cards share a code but keep distinct ids, so a picker remembers
which ids are used: every card exists once in a built position."""

from __future__ import annotations

from collections.abc import Sequence


class CardPicker:
    def __init__(self, codes_by_id: Sequence[str]):
        self.codes = tuple(codes_by_id)
        self.used: set[int] = set()

    def take(self, code: str) -> int:
        for cid, card_code in enumerate(self.codes):
            if card_code == code and cid not in self.used:
                self.used.add(cid)
                return cid
        raise ValueError(f"no {code} left")

    def many(self, codes) -> list[int]:
        return [self.take(c) for c in codes]

    def rest(self) -> list[int]:
        return [cid for cid in range(len(self.codes)) if cid not in self.used]
