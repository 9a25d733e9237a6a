"""Build-time checks that the handbook shows the whole knowledge base."""

from __future__ import annotations

import os

from sphinx.util import logging

from kb.handbook.data.store import handbook

logger = logging.getLogger(__name__)


def every_record_has_a_page(app, env) -> None:
    """``env-check-consistency``: warn for each topic or edition no page shows, naming
    the record's file and line and the shell to add."""
    kb = handbook(env).kb
    objects = env.domains["rule"].data["objects"]
    pages = _shown(app.srcdir)      # docs/ for the bundled handbook, DIR/pages for --data
    for kind, records, folder in (("topic", kb.topics, "topics"),
                                  ("edition", kb.editions, "editions")):
        for record in records:
            if (kind, record.id) not in objects:
                logger.warning(
                    "floorbook: %s %s (%s) has no page; add %s/%s/%s.md holding the "
                    "directive {rule:%s} %s", kind, record.id, record.location, pages, folder,
                    record.id.replace("@", "-"), kind, record.id,
                    type="floorbook", subtype="missing-page")


def _shown(folder) -> str:
    """``folder`` as a reader finds it from here: relative when it is below the current
    folder, else in full."""
    relative = os.path.relpath(folder)
    return str(folder) if relative.startswith("..") else relative
