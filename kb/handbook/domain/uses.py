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
from weakref import WeakKeyDictionary

from kb.handbook.data.store import handbook
from kb.handbook.views import contents, matrix, pictures, rulingchanges, texts
from kb.knowledge import names

#: view name -> function (handbook, *ids) -> something with a stable repr or a .digest
VIEWS: dict[str, Callable[..., Any]] = {
    "topic": texts.topic_body,
    "provision": texts.provision_entry,
    "edition": texts.edition_body,
    "errata": texts.errata_body,
    "disagreements": matrix.computed_body,
    "disagreements-topic": matrix.topic_disagreements,
    "disagreements-index": contents.index_table,
    "text-disagreements": matrix.textual_body,
    "edition-disagreements": rulingchanges.edition_disagreements,
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
    "disagreements-topic": matrix.topic_digest,
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


#: The views that read no provision's summary (tests/test_blind_views.py poisons every
#: summary and works out every view a build of the bundled handbook recorded): on a page
#: read from data of the same :func:`kb.handbook.data.rulings.view_state` as now, they are the
#: same and are not worked out again.  A view not named here always is.
BLIND = frozenset({"topic", "edition", "errata", "disagreements", "text-disagreements",
                    "edition-disagreements", "disagreements-topic", "disagreements-index",
                   "matrix", "topics", "editions", "glossary", "picture", "ref"})


def outdated(app, env, added, changed, removed) -> list[str]:
    """``env-get-outdated``: pages whose recorded views differ from the data now.  A page
    read from data of the state the data has now (an edited summary changes no state) is
    compared on its views outside :data:`BLIND` only."""
    hb, now = handbook(env), {}        # a view many pages show is worked out once
    states = _states(env)
    stale = []
    for docname, used in env.domains["rule"].data["uses"].items():
        if docname in changed or docname in removed:
            continue
        same = bool(hb.state) and states.get(docname) == hb.state
        for key, value in used.items():
            if same and key[0] in BLIND:
                continue
            if key not in now:
                now[key] = digest(hb, key)
            if now[key] != value:
                stale.append(docname)
                break
    return stale


def _states(env) -> dict[str, str]:
    """docname -> the view state of the data its views were worked out from (kept in the
    ``rule`` domain's data, so in the pickled environment; a page read before this was
    kept has none, and all its views are worked out)."""
    return env.domains["rule"].data.setdefault("uses-state", {})


# A page read again makes Sphinx write again every page whose toctree lists it (its
# parents: ``env.files_to_rebuild``), in case its title or sections changed.  After an
# edited summary they had not: the edition pages' parent and the topics' index were written
# again the same, byte for byte, a tenth of the rebuild.  So the parents of a page read
# again whose title, sections, metadata and own toctree are as the last build left them are
# not added; those of a page whose toc data changed are, as before.

#: env -> {page read again: its toc data as the last build left it}
_TOCS: WeakKeyDictionary = WeakKeyDictionary()
#: env -> Sphinx's own ``files_to_rebuild``, put back when the build ends
_PARENTS: WeakKeyDictionary = WeakKeyDictionary()
def toc_data(env, docname: str) -> str | None:
    """What another page shows of ``docname`` (a toctree's entry and its sections, the
    navigation, the previous and next links): its title, its sections' tree, the one
    field of its metadata a toctree reads (``tocdepth``; not MyST's word count, which
    changes with every edit) and its own toctree's pages, as text; None if it has none."""
    title, toc = env.titles.get(docname), env.tocs.get(docname)
    if title is None or toc is None:
        return None
    return "\0".join((title.pformat(), toc.pformat(),
                      repr(env.metadata.get(docname, {}).get("tocdepth")),
                      repr(env.toctree_includes.get(docname)), repr(env.glob_toctrees),
                      repr(env.numbered_toctrees)))


def before_reading(app, env, docnames) -> None:
    """``env-before-read-docs``: the toc data of the pages about to be read again, and the
    view state of the data their views will be worked out from (pages gone are dropped)."""
    _TOCS[env] = {d: toc_data(env, d) for d in docnames if d in env.all_docs}
    states, state = _states(env), handbook(env).state
    for docname in [d for d in states if d not in env.found_docs]:
        del states[docname]
    states.update(dict.fromkeys(docnames, state))


def unchanged_parents(app, builder) -> None:
    """``write-started``: Sphinx writes the pages read and their parents; the parents of
    a page whose toc data is as before are left out (written only if they changed
    themselves).  The pickled environment is written before this and keeps them all."""
    env = builder.env
    before = _TOCS.pop(env, {})
    same = {d for d, data in before.items() if data is not None and data == toc_data(env, d)}
    if same:
        _PARENTS[env] = env.files_to_rebuild
        env.files_to_rebuild = {d: parents for d, parents in env.files_to_rebuild.items()
                                if d not in same}


def restore_parents(app, exception) -> None:
    """``build-finished``: Sphinx's ``files_to_rebuild`` as it was."""
    if app.env in _PARENTS:
        app.env.files_to_rebuild = _PARENTS.pop(app.env)
