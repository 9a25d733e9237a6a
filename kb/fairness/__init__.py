"""Is the remedy fair (issue 25, docs/fairness.md): for one scenario under one rulebook,
who has seen which cards that are not theirs and where the remedy puts them
(:mod:`~kb.fairness.knowledge`), whether the remedy keeps the deal random
(:mod:`~kb.fairness.order`), each seat's chances (:mod:`~kb.fairness.chances`), gathered
in one record (:mod:`~kb.fairness.report`) by :func:`kb.fairness.analysis.fairness`.

The room sits above ``rules`` (it reads a ruling's steps and table) and below the doors.
"""
