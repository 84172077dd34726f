"""The web servers a player's club would host the site on, run for real: Debian's nginx (with
the brotli static module) and Caddy, each with the repo's own configuration file
(``deploy/nginx.conf``, ``deploy/Caddyfile``), changing only the ports, the site's folder
and the certificate (a throwaway self-signed one). Each runs on loopback, in the foreground
of a process the tests own, and is stopped by them.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from harness.network import free_port
from harness.project import ROOT

__all__ = ["DEPLOY", "Host", "HostError", "nginx_conf", "self_signed", "start_caddy", "start_nginx"]

DEPLOY = ROOT / "deploy"
DEBIAN_NGINX_CONF = Path("/etc/nginx/nginx.conf")
_STARTUP_S = 15.0


class HostError(RuntimeError):
    """A server refused its configuration or did not start; the message is the server's own."""


@dataclass
class Host:
    """A running server on loopback: the site over HTTPS (HTTP/2), the plain-HTTP address that
    redirects to it, and (nginx, for the browser tests) the site over plain HTTP."""

    name: str
    tls_url: str
    redirect_url: str
    process: subprocess.Popen[bytes]
    workdir: Path
    log: Path
    url: str = ""
    version: str = ""
    _stopped: bool = field(default=False, repr=False)

    def stop(self) -> None:
        """Stop the server and wait for it; nothing is left running."""
        if self._stopped:
            return
        self._stopped = True
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A throwaway certificate for 127.0.0.1 and its key (``openssl``)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


def _wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + _STARTUP_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise HostError(log.read_text("utf-8", errors="replace").strip() or f"exited with {process.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    process.kill()
    raise HostError(
        f"nothing listened on port {port} within {_STARTUP_S} s: {log.read_text('utf-8', errors='replace')}"
    )


# ----------------------------------------------------------------------------- nginx


def nginx_conf(site: Path, *, port: int, tls_port: int, redirect_port: int, cert: Path, key: Path) -> str:
    """``deploy/nginx.conf`` with its ports, site folder and certificate changed, and nothing else."""
    text = (DEPLOY / "nginx.conf").read_text("utf-8")
    replacements = [
        (r"^(\s*)listen 80;$", rf"\1listen 127.0.0.1:{redirect_port};"),
        (r"^(\s*)listen 443 ssl http2;$", rf"\1listen 127.0.0.1:{tls_port} ssl http2;\n\1listen 127.0.0.1:{port};"),
        (r"^\s*listen \[::\]:\d+.*\n", ""),  # loopback IPv4 only in the tests
        (r"/srv/scrollhammer/site", str(site)),
        (r"/etc/ssl/certs/rules\.example\.org\.pem", str(cert)),
        (r"/etc/ssl/private/rules\.example\.org\.key", str(key)),
    ]
    for pattern, replacement in replacements:
        text, count = re.subn(pattern, replacement, text, flags=re.MULTILINE)
        if not count:
            raise HostError(f"deploy/nginx.conf no longer has {pattern!r}: update tests/support/hosts.py with it")
    return text


def _debian_main_conf(workdir: Path, site_conf: Path) -> str:
    """Debian's own /etc/nginx/nginx.conf, run by this process as root, logging into ``workdir``,
    with the site's file as its only site (instead of sites-enabled)."""
    text = DEBIAN_NGINX_CONF.read_text("utf-8")
    for old, new in [
        ("user www-data;", "user root;"),  # the test site lives in a folder only root reads
        ("pid /run/nginx.pid;", f"pid {workdir}/nginx.pid;"),
        ("error_log /var/log/nginx/error.log;", f"error_log {workdir}/error.log;"),
        ("access_log /var/log/nginx/access.log;", f"access_log {workdir}/access.log;"),
        ("include /etc/nginx/conf.d/*.conf;", ""),
        ("include /etc/nginx/sites-enabled/*;", f"include {site_conf};"),
    ]:
        if old not in text:
            raise HostError(f"{DEBIAN_NGINX_CONF} no longer has {old!r}")
        text = text.replace(old, new)
    temp = "".join(
        f"\t{name}_temp_path {workdir}/{name};\n" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return text.replace("http {\n", "http {\n" + temp, 1)


def start_nginx(site: Path, workdir: Path, *, edit: Callable[[str], str] = lambda text: text) -> Host:
    """Start Debian's nginx in the foreground with the repo's configuration for ``site``.

    ``edit`` changes the configuration further (a test breaking it on purpose).

    Raises:
        HostError: with ``nginx -t``'s own message when the configuration is refused.
    """
    workdir.mkdir(parents=True, exist_ok=True)
    cert, key = self_signed(workdir)
    port, tls_port, redirect_port = free_port(), free_port(), free_port()
    site_conf = workdir / "scrollhammer.conf"
    text = nginx_conf(site, port=port, tls_port=tls_port, redirect_port=redirect_port, cert=cert, key=key)
    site_conf.write_text(edit(text), "utf-8")
    main_conf = workdir / "nginx.conf"
    main_conf.write_text(_debian_main_conf(workdir, site_conf), "utf-8")
    check = subprocess.run(["nginx", "-t", "-c", str(main_conf)], capture_output=True, text=True, check=False)
    if check.returncode != 0:
        raise HostError(check.stderr.strip())
    log = workdir / "stderr.log"
    with log.open("wb") as out:
        process = subprocess.Popen(["nginx", "-c", str(main_conf), "-g", "daemon off;"], stdout=out, stderr=out)
    _wait_for_port(port, process, log)
    version = subprocess.run(["nginx", "-v"], capture_output=True, text=True, check=False).stderr.strip()
    return Host(
        "nginx",
        f"https://127.0.0.1:{tls_port}/",
        f"http://127.0.0.1:{redirect_port}/",
        process,
        workdir,
        log,
        url=f"http://127.0.0.1:{port}/",
        version=version,
    )


# ----------------------------------------------------------------------------- Caddy


def start_caddy(site: Path, workdir: Path, *, caddyfile: Path | None = None) -> Host:
    """Start Caddy in the foreground with the repo's Caddyfile for ``site``, through its variables.

    Raises:
        HostError: with ``caddy validate``'s own message when the configuration is refused.
    """
    workdir.mkdir(parents=True, exist_ok=True)
    cert, key = self_signed(workdir)
    http_port, tls_port = free_port(), free_port()
    env = {
        **os.environ,
        "SCROLLHAMMER_SITE": str(site),
        "SCROLLHAMMER_ADDRESS": f"https://127.0.0.1:{tls_port}",
        "SCROLLHAMMER_TLS": f"tls {cert} {key}",
        "SCROLLHAMMER_CADDY_OPTIONS": f"http_port {http_port}\n\thttps_port {tls_port}\n\tadmin off",
        "XDG_DATA_HOME": str(workdir / "data"),
        "XDG_CONFIG_HOME": str(workdir / "config"),
        "HOME": str(workdir),
    }
    config = str(caddyfile or DEPLOY / "Caddyfile")
    command = ["caddy", "validate", "--config", config, "--adapter", "caddyfile"]
    check = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    if check.returncode != 0:
        raise HostError(check.stderr.strip().splitlines()[-1] if check.stderr.strip() else "caddy validate failed")
    log = workdir / "stderr.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["caddy", "run", "--config", config, "--adapter", "caddyfile"], stdout=out, stderr=out, env=env
        )
    _wait_for_port(tls_port, process, log)
    version = subprocess.run(["caddy", "version"], capture_output=True, text=True, check=False).stdout.strip()
    tls_url, redirect_url = f"https://127.0.0.1:{tls_port}/", f"http://127.0.0.1:{http_port}/"
    return Host("caddy", tls_url, redirect_url, process, workdir, log, version=version)


def have(program: str) -> bool:
    """Whether ``program`` is installed (``make test`` installs nginx and Caddy)."""
    return shutil.which(program) is not None
