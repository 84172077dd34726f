"""Stage 3, the rule cards: a small page and an image for every rule, so its link shows its words in a chat.

A link is pinned to the words that were sent: the history of every rule's words
(``rules.history.jsonl``) dates each version, and a word difference shows what changed.
"""
