"""Build-time checks that the handbook shows the whole knowledge base."""

from __future__ import annotations

from sphinx.util import logging

from kb.handbook.data.store import handbook

logger = logging.getLogger(__name__)


def every_record_has_a_page(app, env) -> None:
    """``env-check-consistency``: warn for each topic or edition no page shows, naming
    the record's file and line and the shell to add."""
    kb = handbook(env).kb
    objects = env.domains["rule"].data["objects"]
    for kind, records, folder in (("topic", kb.topics, "topics"),
                                  ("edition", kb.editions, "editions")):
        for record in records:
            if (kind, record.id) not in objects:
                logger.warning(
                    "floorbook: %s %s (%s) has no page; add docs/%s/%s.md holding the "
                    "directive {rule:%s} %s", kind, record.id, record.location, folder,
                    record.id.replace("@", "-"), kind, record.id,
                    type="floorbook", subtype="missing-page")
