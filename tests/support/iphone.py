"""Safari on an iPhone, as the tests present it (WebKit's suite and Chromium's): its user
agent, the one sentence a Safari tab shows beside the offer to keep the book, and what the
offer says after a clearing (``docs/assets/js/keep-book.mjs``)."""

from __future__ import annotations

__all__ = ["CLEARED", "IPHONE", "SAFARI_CLEARS"]

#: Safari on an iPhone (iOS 18).
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.1 Mobile/15E148 Safari/604.1"
)
SAFARI_CLEARS = (
    "Safari clears a site you have not opened for seven days: to keep this one, tap Share, then Add to Home Screen."
)
#: What the offer says after the browser cleared a book kept on the phone.
CLEARED = "This phone had kept the whole book, and the browser has cleared it since."
