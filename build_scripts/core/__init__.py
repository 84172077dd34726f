"""What every room of the build shares.

The plain data and the one error, the TOML reader, the templates' environment, the build's
cache and its stage timer, the Node runner, and the site's one policy. It imports no other
room.
"""
