"""The book to print, as a player reaches it on a phone: the home page's link gives the PDF
(a download named for the site), and once the whole book is kept the PDF opens with no network."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, expect
from support.browser import ANSWER_TIMEOUT

OFFLINE_PDF = """async () => {
  const response = await fetch('print/rules.pdf');
  const head = new Uint8Array(await response.arrayBuffer()).slice(0, 5);
  return [response.status, response.headers.get('content-type'), String.fromCharCode(...head)];
}"""


def test_the_home_pages_link_gives_the_pdf_and_the_kept_book_has_it_offline(
    returning_context: BrowserContext, site_url: str
) -> None:
    context = returning_context
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ANSWER_TIMEOUT)
    link = page.get_by_role("link", name="The rules to print")
    link.scroll_into_view_if_needed()
    with page.expect_download() as downloading:
        link.tap()
    download = downloading.value
    assert download.suggested_filename == "scrollhammer-rules.pdf"
    assert download.path().read_bytes()[:5] == b"%PDF-"
    keep = page.locator(".sh-keep").first
    # Every page is kept with the first visit here: the offer says it adds the PDF, and only it.
    expect(keep).to_contain_text("Every page of the rules is on this phone already. This stores the PDF to print too")
    keep.get_by_role("button", name="Keep the PDF to print on this phone").tap()
    expect(keep).to_contain_text("The whole book is on this phone", timeout=ANSWER_TIMEOUT)
    context.set_offline(True)
    status, kind, head = page.evaluate(OFFLINE_PDF)
    assert (status, head) == (200, "%PDF-")
    assert kind == "application/pdf"
