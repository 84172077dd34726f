"""The rules as data (``api/v1/``): static JSON files beside the site, for tools and chat bots."""
