"""Where a knowledge-base record was read: a file and a line, so that a problem found
later (by the graph checks, the composer or the engine) points at ``file:line``.

>>> str(Location("sources.yaml", 4))
'sources.yaml:4'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    """Where a record was read: a path (relative to the data folder when inside it) and a 1-based line."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


NOWHERE = Location("<memory>", 0)


class Located:
    """A record read from a file: ``location`` is where it starts and ``lines`` maps
    ``(field, None)`` to the line of a field's value and ``(field, item)`` to the line of an
    item of a list field (or a key of a mapping field), so a problem can point at the value
    at fault rather than at the record's first line.  ``lines`` is not compared, hashed or
    shown: two records that differ only in layout are equal."""

    location: Location
    lines: dict

    def at(self, key: str, item: str | None = None) -> Location:
        """Where ``key``'s value (or its ``item``) is; the record's own line if unknown.

        >>> from kb.knowledge.model import Topic
        >>> Topic("t", "T", "Q?", location=Location("topics.yaml", 3),
        ...       lines={("see-also", "u"): 7}).at("see-also", "u")
        Location(file='topics.yaml', line=7)
        """
        line = (self.lines.get((key, item)) or self.lines.get((key, None))
                or self.location.line)
        return Location(self.location.file, line)
