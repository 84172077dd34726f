"""Finding a rule with the site's search: a result opens at the paragraph, a typo is
forgiven in one tap, a chart row ranks first for its own name, the home page's list of
sections does not crowd the results; the search builds its index only once the first
answer is in (or it is opened), and works offline at once when opened."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect
from support.browser import TIMEOUT, assert_arrived


def search(page: Page, site_url: str, query: str) -> None:
    page.goto(site_url)
    page.locator("label.md-header__button[for='__search']").tap()
    page.locator("input[data-md-component='search-query']").press_sequentially(query, delay=20)


def results_for(page: Page, word: str) -> Locator:
    """The result links of the whole word: while it is typed, the results of its first letters
    show for a moment (each link carries the query it answers, as `?h=`)."""
    return page.locator(f".md-search-result__link[href*='h={word}#']")


def test_search_for_battlements_opens_at_the_paragraph(returning_page: Page, site_url: str) -> None:
    search(returning_page, site_url, "battlements")
    result = results_for(returning_page, "battlements").first
    expect(result).to_be_visible()
    href = result.get_attribute("href") or ""
    rule_id = href.split("#", 1)[1]
    result.tap()
    returning_page.wait_for_url(re.compile(r"#" + re.escape(rule_id) + "$"))
    block = returning_page.locator(f"[id='{rule_id}']")
    expect(block).to_contain_text(re.compile("battlements", re.IGNORECASE))
    assert_arrived(returning_page, rule_id)
    assert block.evaluate("el => el.matches('p.rule, li.rule')"), "the result should open at a paragraph"


@pytest.mark.parametrize(
    ("typo", "word", "rule"), [("barage", "barrage", "barrage"), ("colapse", "collapse", "collapse")]
)
def test_a_typo_is_forgiven_in_one_tap(returning_page: Page, site_url: str, typo: str, word: str, rule: str) -> None:
    search(returning_page, site_url, typo)
    offer = returning_page.locator(".sh-search-fix")
    expect(offer).to_contain_text(f"Did you mean {word}?")
    offer.get_by_role("button", name=word).tap()
    expect(returning_page.locator("input[data-md-component='search-query']")).to_have_value(word)
    first = returning_page.locator(".md-search-result__link[href*='#']").first
    expect(first).to_be_visible()
    assert rule in (first.get_attribute("href") or "")


def test_a_chart_row_ranks_first_for_its_own_name(returning_page: Page, site_url: str) -> None:
    search(returning_page, site_url, "total collapse")
    first = returning_page.locator(".md-search-result__link[href*='#']").first
    expect(first).to_have_attribute("href", re.compile(r"#total-collapse$"))


def test_the_home_pages_list_of_sections_does_not_crowd_the_results(returning_page: Page, site_url: str) -> None:
    search(returning_page, site_url, "dangerous")
    expect(results_for(returning_page, "dangerous").first).to_be_visible()
    hrefs = returning_page.eval_on_selector_all(
        ".md-search-result__link", "links => links.map(a => a.getAttribute('href'))"
    )
    assert not any(re.search(r"127\.0\.0\.1:\d+/(\?[^#]*)?(#the-rules)?$", h) for h in hrefs), hrefs


#: Logs every worker the page creates, and when the first calculator answer arrived.
WORKER_LOG = """
window.__workers = [];
window.__firstAnswer = null;
const RealWorker = window.Worker;
window.Worker = function (url, options) {
  window.__workers.push({ url: String(url), at: performance.now() });
  return new RealWorker(url, options);
};
window.Worker.prototype = RealWorker.prototype;
document.addEventListener('sh-calc:answered', () => {
  if (window.__firstAnswer === null) window.__firstAnswer = performance.now();
}, true);
"""


def search_workers(page: Page) -> list[dict[str, float]]:
    return [w for w in page.evaluate("() => window.__workers") if "/assets/js/search/worker.mjs" in w["url"]]


def test_the_search_index_waits_for_the_first_answer(returning_context: BrowserContext, site_url: str) -> None:
    context = returning_context
    context.add_init_script(WORKER_LOG)
    page = context.new_page()
    page.goto(site_url + "buildings/")
    page.wait_for_function("() => window.__firstAnswer !== null", timeout=TIMEOUT)
    page.wait_for_function("() => window.__workers.some(w => w.url.includes('/search/worker.mjs'))", timeout=TIMEOUT)
    first_answer = page.evaluate("() => window.__firstAnswer")
    [worker] = search_workers(page)
    assert worker["at"] >= first_answer, "Material's search worker started before the first answer"
    # A page without a calculator starts it once it has loaded and is idle.
    home = context.new_page()
    home.goto(site_url)
    home.wait_for_function("() => window.__workers.some(w => w.url.includes('/search/worker.mjs'))", timeout=TIMEOUT)


def test_search_works_offline_and_at_once_when_opened_before_any_answer(
    returning_context: BrowserContext, site_url: str
) -> None:
    returning_context.set_offline(True)
    page = returning_context.new_page()
    page.add_init_script(WORKER_LOG)
    page.goto(site_url + "ruins/")
    page.locator("label.md-header__button[for='__search']").tap()
    page.locator("input[data-md-component='search-query']").press_sequentially("barage", delay=20)
    expect(page.locator(".sh-search-fix")).to_contain_text("Did you mean barrage?")
    page.locator(".sh-search-fix").get_by_role("button", name="barrage").tap()
    expect(page.locator(".md-search-result__link[href*='#barrage']").first).to_be_visible()
    assert len(search_workers(page)) == 1


def test_a_question_in_a_players_words_finds_the_rule_in_the_books(returning_page: Page, site_url: str) -> None:
    """ "How far can infantry climb?": its stop words dropped, "climb" also the book's "clamber"."""
    search(returning_page, site_url, "How far can infantry climb?")
    first = returning_page.locator(".md-search-result__link[href*='#']").first
    expect(first).to_have_attribute("href", re.compile(r"#moving-within-ruins-only-certain-troops-capable-clambering$"))
    expect(returning_page.locator(".sh-search-most")).to_have_count(
        0
    )  # a rule holds every word (as the book says them)
    expect(returning_page.locator(".md-search-result__meta")).to_have_text(re.compile(r"^Found on \d+ pages?$"))


def test_when_no_rule_has_every_word_those_with_most_are_shown_under_a_plain_heading(
    returning_page: Page, site_url: str
) -> None:
    search(returning_page, site_url, "what happens if a model stops in lava")
    heading = returning_page.locator(".sh-search-most")
    expect(heading).to_have_text(
        "No rule has every word you asked for. These rules have some of them, the closest first:"
    )
    results = returning_page.locator(".md-search-result__link[href*='#']")
    expect(results.first).to_be_visible()
    hrefs = [results.nth(i).get_attribute("href") or "" for i in range(3)]
    assert any(h.endswith("#lava-difficult-terrain-treated-lethal-terrain") for h in hrefs), hrefs
    # A word a rule lacks is named under it, as the theme does, in the rules' words.
    expect(returning_page.locator(".md-search-result")).to_contain_text("Not in this rule")


def test_no_bare_nothing_found_and_no_theme_words(returning_page: Page, site_url: str) -> None:
    search(returning_page, site_url, "xyzzyq plughq")
    meta = returning_page.locator(".md-search-result__meta")
    expect(meta).to_have_text("No rule has these words")
    expect(returning_page.locator("input[data-md-component='search-query']")).to_have_attribute(
        "placeholder", "Search the rules"
    )
    returning_page.locator("input[data-md-component='search-query']").fill("")
    expect(meta).to_have_text("Type a rule's words, or ask a question")
