"""The Atom feed of the latest changes (RFC 4287), linked from every page's head.

Each entry is one entry of the Changes page: its title names the revision (or the builds'
day) and its summary, its content the rules it changed with what changed, as HTML (``<del>``
and ``<ins>``), its link the entry on the Changes page. Ids are stable ``urn:uuid:`` URNs made
from the site's name and the entry's key, so a reader never shows an entry twice.
"""

from __future__ import annotations

import posixpath
import uuid
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from build_scripts.changes.entries import Entry
from build_scripts.changes.pages import FEED, diff_link
from build_scripts.core.model import page_url
from build_scripts.core.templates import environment

__all__ = ["LATEST", "atom_feed"]

#: Entries in the feed.
LATEST = 20
_NAMESPACE = uuid.UUID("6f1d4c3a-2b9e-4f57-9c1e-5a7d2e0b8c41")


def _id(site_name: str, key: str) -> str:
    return uuid.uuid5(_NAMESPACE, f"{site_name}/{key}").urn


def _time(entry: Entry) -> str:
    return entry.time if "T" in entry.time else f"{entry.time}T00:00:00Z"


def atom_feed(entries: Sequence[Entry], *, site_name: str, site_url: str, changes: str, wiki_index: str) -> str:
    """The feed's XML: the latest :data:`LATEST` entries, newest first.

    Args:
        entries: Every entry, newest first.
        site_name: The site's name (the feed's title and author).
        site_url: The site's address (``https://rules.example.org/``), the base of every link;
            ``/`` when unknown (the links are then relative to the feed).
        changes: The Changes page's name.
        wiki_index: The wiki's ``index.php`` (links to each edit), or "".
    """
    base = site_url if site_url.endswith("/") else site_url + "/"
    page = page_url(changes)
    content = environment(html=True).get_template("changes_entry.html.j2")
    latest = list(entries[:LATEST])
    updated = _time(latest[0]) if latest else "1970-01-01T00:00:00Z"
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<feed xmlns="http://www.w3.org/2005/Atom" xml:base={quoteattr(base)}>',
        f"  <title>{escape(site_name)}: what changed in the rules</title>",
        f"  <id>{_id(site_name, 'feed')}</id>",
        f"  <updated>{updated}</updated>",
        f"  <author><name>{escape(site_name)}</name></author>",
        f'  <link rel="self" type="application/atom+xml" href={quoteattr(FEED)}/>',
        f'  <link rel="alternate" type="text/html" href={quoteattr(page)}/>',
    ]
    for entry in latest:
        title = f"Revision {entry.rev}" if entry.rev else f"{entry.date}: seen by the site's build"
        if entry.rev and entry.summary and "summary" not in entry.hidden:
            title += f": {entry.summary}"
        author = entry.user if entry.rev and entry.user and "user" not in entry.hidden else site_name
        html = content.render(
            entry=entry,
            link=lambda rule: f"{base}{page_url(rule.page)}#{rule.id}",
            wiki_diff=diff_link(wiki_index, entry.rev),
        )
        lines += [
            "  <entry>",
            f"    <title>{escape(title)}</title>",
            f"    <id>{_id(site_name, entry.key)}</id>",
            f"    <updated>{_time(entry)}</updated>",
            f"    <author><name>{escape(author)}</name></author>",
            f'    <link rel="alternate" type="text/html" href={quoteattr(posixpath.join(page, "#" + entry.key))}/>',
            f"    <summary>{escape(_summary(entry))}</summary>",
            f'    <content type="html">{escape(html)}</content>',
            "  </entry>",
        ]
    lines.append("</feed>")
    return "\n".join(lines) + "\n"


def _summary(entry: Entry) -> str:
    parts = []
    if entry.changed:
        parts.append(f"{len(entry.changed)} rule(s) changed: " + "; ".join(c.place for c in entry.changed[:5]))
    if entry.new:
        parts.append(f"{len(entry.new)} rule(s) published for the first time")
    return ". ".join(parts) + "."
