"""The worked examples of the rules as data (``docs/api.md``), the Python exactly as the page
gives it, run against the built site served by Debian's nginx with the repo's own
configuration (HTTPS): its chat command ``/rule total collapse`` and a calculation's link
turned into its answer as JSON answer what the page says they answer; and nginx lets another
site's page read the data (CORS) but not the pages."""

from __future__ import annotations

import json
import os
import re
import ssl
import subprocess
import sys
import urllib.request
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

from support.hosts import Host

from calculators.web import compute
from harness.project import ROOT

PAGE = ROOT / "docs" / "api.md"
SHOWN_SITE = "https://rules.example.org/"


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", PAGE.read_text("utf-8"), flags=re.DOTALL)


def run_example(number: int, host: Host, tmp_path: Path, *arguments: str) -> tuple[str, str]:
    """The page's example ``number`` (its Python and the text it shows) run with ``arguments``
    (the site's address shown in them, ``SHOWN_SITE``, is nginx's): (what it printed, what the page shows)."""
    code, shown = blocks("python")[number], blocks("text")[number]
    script = tmp_path / f"example-{number}.py"
    script.write_text(code, "utf-8")
    env = {**os.environ, "SSL_CERT_FILE": str(host.workdir / "cert.pem")}
    run = subprocess.run(
        [sys.executable, str(script), *(a.replace(SHOWN_SITE, host.tls_url) for a in arguments)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.replace(host.tls_url, SHOWN_SITE), shown


def test_the_pages_chat_command_answers_from_the_bulk_file_served_by_nginx(nginx_host: Host, tmp_path: Path) -> None:
    printed, shown = run_example(0, nginx_host, tmp_path, SHOWN_SITE)
    assert printed == shown
    assert "Total Collapse" in shown.splitlines()[0]


def test_a_calculations_link_gives_its_answer_as_json_from_the_archive_served_by_nginx(
    nginx_host: Host, tmp_path: Path
) -> None:
    """The link the page names, through the page's Python: the JSON the page shows, which is
    the calculator's own answer (CPython, from the project) and its command line's."""
    link = re.search(r"python calc\.py \S+ '(?P<link>[^']+)'", PAGE.read_text("utf-8"))
    assert link, "the page names the link it runs"
    printed, shown = run_example(1, nginx_host, tmp_path, SHOWN_SITE, link["link"])
    assert printed == shown
    values = dict(parse_qsl(urlsplit(link["link"]).query))
    name = values.pop("calc")
    assert json.loads(shown) == json.loads(compute(name, json.dumps(values)))["result"]
    # A link whose value the calculator refuses: its message, naming the field.
    refused, _ = run_example(1, nginx_host, tmp_path, SHOWN_SITE, link["link"].replace("hits=3", "hits=99"))
    assert json.loads(refused) == {"errors": {"hits": "Hits must be a whole number from 1 to 60; you gave '99'."}}


def test_nginx_lets_another_sites_page_read_the_data_and_only_the_data(nginx_host: Host) -> None:
    context = ssl.create_default_context(cafile=nginx_host.workdir / "cert.pem")
    headers = {"Origin": "https://bot.example.net"}
    for path, allowed in [
        ("api/v1/book.json", "*"),
        ("api/v1/rules/buildings/total-collapse.json", "*"),
        ("buildings/", None),
    ]:
        request = urllib.request.Request(nginx_host.tls_url + path, headers=headers)
        with urllib.request.urlopen(request, context=context) as response:
            assert response.headers.get("Access-Control-Allow-Origin") == allowed, path
