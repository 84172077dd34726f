"""The worked example of the rules as data (``docs/api.md``): its chat command ``/rule total
collapse``, the Python exactly as the page gives it, run against the built site served by
Debian's nginx with the repo's own configuration (HTTPS), answers what the page says it
answers; and nginx lets another site's page read the data (CORS) but not the pages."""

from __future__ import annotations

import os
import re
import ssl
import subprocess
import sys
import urllib.request
from pathlib import Path

from support.hosts import Host

from harness.project import ROOT

PAGE = ROOT / "docs" / "api.md"
SHOWN_SITE = "https://rules.example.org/"


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", PAGE.read_text("utf-8"), flags=re.DOTALL)


def test_the_pages_chat_command_answers_from_the_bulk_file_served_by_nginx(nginx_host: Host, tmp_path: Path) -> None:
    (code,), (shown,) = blocks("python"), blocks("text")
    script = tmp_path / "rule.py"
    script.write_text(code, "utf-8")
    env = {**os.environ, "SSL_CERT_FILE": str(nginx_host.workdir / "cert.pem")}
    run = subprocess.run(
        [sys.executable, str(script), nginx_host.tls_url],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.replace(nginx_host.tls_url, SHOWN_SITE) == shown
    assert "Total Collapse" in shown.splitlines()[0]


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
