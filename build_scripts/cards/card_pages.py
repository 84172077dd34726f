"""Write the rule cards into the built site: a page and an image for every card.

Each card (:mod:`build_scripts.cards.rule_cards`) becomes ``r/<page>/<id>/index.html`` (from
``templates/card.html.j2``) and ``r/<page>/<id>/card.png`` (:mod:`build_scripts.cards.card_image`,
drawn once, then linked from the build's cache). Absolute addresses (``og:url``,
``og:image``) come from the site's ``site_url`` (``SITE_URL``); every link a person
follows is relative, so a build without it still works where it is served.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from build_scripts.cards.card_image import HEIGHT, WIDTH, CardFace, card_images
from build_scripts.cards.rule_cards import Card, describe
from build_scripts.core.csp import CONTENT_SECURITY_POLICY
from build_scripts.core.templates import environment

__all__ = ["CARD_IMAGE", "DESCRIPTION_LIMIT", "TWITTER_LIMIT", "CardsWritten", "write_cards"]

#: The image's file name in a card's folder.
CARD_IMAGE = "card.png"
#: ``og:description`` and ``description``: about 300 characters.
DESCRIPTION_LIMIT = 300
#: X reads at most 200 characters of ``twitter:description``.
TWITTER_LIMIT = 200


@dataclass(frozen=True)
class CardsWritten:
    """What writing the cards did, for the build's log."""

    count: int
    drawn: int
    html_bytes: int
    image_bytes: int


def write_cards(
    site_dir: Path, cards: Sequence[Card], *, site_url: str, site_name: str, cache_dir: Path, images: bool = True
) -> CardsWritten:
    """Write every card's page and image.

    Args:
        site_dir: The built site.
        cards: The cards (:func:`build_scripts.cards.rule_cards.cards_for`).
        site_url: The site's absolute address, ending in ``/``.
        site_name: The site's name (``og:site_name``, the image's band).
        cache_dir: Where drawn images are kept between builds.
        images: Draw each card's image; without, a chat shows the card's words and no
            picture (one file a rule instead of two, for a host that counts files).
    """
    template = environment().get_template("card.html.j2")
    base = site_url if site_url.endswith("/") else site_url + "/"
    html_bytes = 0
    faces = {}
    for card in cards:
        folder = site_dir / card.path
        folder.mkdir(parents=True, exist_ok=True)
        depth = card.path.count("/")
        html = template.render(
            card=card,
            root="../" * depth,
            url=base + card.path,
            image=base + card.path + CARD_IMAGE if images else "",
            width=WIDTH,
            height=HEIGHT,
            alt=f"{card.place}: {describe(card.words, DESCRIPTION_LIMIT)}",
            long=describe(card.words, DESCRIPTION_LIMIT),
            short=describe(card.words, TWITTER_LIMIT),
            site_name=site_name,
            policy=CONTENT_SECURITY_POLICY,
        )
        (folder / "index.html").write_text(html, "utf-8")
        faces[folder] = CardFace(site=site_name, place=card.place, words=card.words, date=card.date)
        html_bytes += len(html.encode("utf-8"))
    if not images:
        return CardsWritten(len(cards), 0, html_bytes, 0)
    made = card_images(list(faces.values()), cache_dir=cache_dir)
    for folder, face in faces.items():
        made[face].link_to(folder / CARD_IMAGE)
    drawn = sum(image.made for image in made.values())
    image_bytes = sum(made[face].path.stat().st_size for face in faces.values())
    return CardsWritten(len(cards), drawn, html_bytes, image_bytes)
