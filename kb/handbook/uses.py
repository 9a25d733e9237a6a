"""Which pages show which data, so that an edit re-renders exactly those pages.

A YAML file holds a whole book, so noting it with ``env.note_dependency`` would re-read
every page that shows any provision of that book.  Instead each page records the
digest of every view it rendered (a fragment, a picture, a link's text) under a key
``(view, *ids)``; at ``env-get-outdated`` the views are computed again from the fresh
data and the pages whose digests differ are re-read.  See docs/dev/architecture.md.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from kb.handbook import matrix, pictures, texts
from kb.handbook.store import handbook
from kb.knowledge import names

#: view name -> function (handbook, *ids) -> something with a stable repr or a .digest
VIEWS: dict[str, Callable[..., Any]] = {
    "topic": texts.topic_body,
    "provision": texts.provision_entry,
    "edition": texts.edition_body,
    "errata": texts.errata_body,
    "disagreements": matrix.computed_body,
    "text-disagreements": matrix.textual_body,
    "matrix": matrix.matrix_body,
    "topics": texts.topics_table,
    "editions": texts.editions_table,
    "glossary": lambda hb: hb.kb.terms,
    "picture": lambda hb, topic, radius: pictures.topic_picture(hb, topic, radius).attributes,
    "ref": lambda hb, objtype, name: link_text(hb, objtype, name),
}


def link_text(hb, objtype: str, name: str) -> str:
    """What a link to an object shows; KeyError if there is no such object."""
    if objtype == "provision":
        return names.display_name(hb.kb, hb.kb.provision(name))
    if objtype == "topic":
        return hb.kb.topic(name).title
    return names.edition_title(hb.kb, name)


#: view name -> function (handbook, *ids) -> the view's digest, worked out from what the
#: view is made of without building it (the views that build many nodes)
DIGESTS: dict[str, Callable[..., str]] = {
    "matrix": matrix.matrix_digest,
    "disagreements": matrix.computed_digest,
}


def _digest_of(value) -> str:
    text = value.digest if hasattr(value, "digest") else repr(value)
    return hashlib.sha1(text.encode()).hexdigest()


def digest(hb, key: tuple) -> str:
    """The digest of view ``key`` over ``hb``'s data; ``"missing"`` if an id is gone."""
    try:
        if key[0] in DIGESTS:
            return DIGESTS[key[0]](hb, *key[1:])
        return _digest_of(VIEWS[key[0]](hb, *key[1:]))
    except (KeyError, ValueError):
        return "missing"


def use(env, key: tuple):
    """Compute view ``key`` for the current page and record its digest there.

    Returns the view; raises KeyError (unknown id) or ValueError (an id unfit for a
    page) after recording ``"missing"``, so the page is re-read once the id exists.
    """
    used = env.domains["rule"].data["uses"].setdefault(env.docname, {})
    try:
        value = VIEWS[key[0]](handbook(env), *key[1:])
    except (KeyError, ValueError):
        used[key] = "missing"
        raise
    used[key] = DIGESTS[key[0]](handbook(env), *key[1:]) if key[0] in DIGESTS \
        else _digest_of(value)
    return value


#: The ``rule`` domain's roles and the kind of object each links.
ROLE_TYPES = {"prov": "provision", "topic": "topic", "edition": "edition"}


def note(env, key: tuple) -> None:
    """Record that the current page shows view ``key`` (its value is not needed)."""
    env.domains["rule"].data["uses"].setdefault(env.docname, {})[key] = digest(
        handbook(env), key)


def note_reference(env, reftype: str, target: str) -> None:
    """Record a link's text as shown by the current page (``prov``, ``topic``, ``edition``)."""
    note(env, ("ref", ROLE_TYPES.get(reftype, reftype), target))


def outdated(app, env, added, changed, removed) -> list[str]:
    """``env-get-outdated``: pages whose recorded views differ from the data now."""
    hb, now = handbook(env), {}        # a view many pages show is worked out once
    stale = []
    for docname, used in env.domains["rule"].data["uses"].items():
        if docname in changed or docname in removed:
            continue
        for key, value in used.items():
            if key not in now:
                now[key] = digest(hb, key)
            if now[key] != value:
                stale.append(docname)
                break
    return stale
