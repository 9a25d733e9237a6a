"""The decision log: a room's own floor calls, one YAML file each, read with every
problem located (:mod:`kb.decisions.reader`) and checked against the rulebook in force
(:mod:`kb.decisions.check`).  The records are in :mod:`kb.decisions.model`; the format is
``kb/schemas/decision.schema.json`` and docs/decision-log.md.

This room sits between the house room (whose data-folder house books an entry may name)
and the handbook (whose Precedents page shows a log)."""
