"""``make sync``: the rulebook from the MediaWiki it lives on, with the wiki's own history.

The only code that speaks to a wiki (its Action API, or a Special:Export file). It writes
the pages' wikitext byte for byte as the wiki returns them, the revisions it has seen, and
the rules' history replayed revision by revision; a build reads only those files, so it
never needs the network. Everything is checked before anything is written.
"""
