"""What changed in the rules, for players: the Changes pages and the Atom feed.

Made from the rules' history (every version of every rule's words, each naming the wiki
revision that made it) and the synced revisions (``revisions.jsonl``: the ones that changed
no rule's words, and those the wiki hides). :mod:`.entries` works out the entries,
:mod:`.pages` writes the pages (the latest on the Changes page, older ones on pages of their
own), :mod:`.feed` the feed.
"""
