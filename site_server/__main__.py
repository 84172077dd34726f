"""Serve a built site: ``python -m site_server site --port 8000`` (``make serve`` does this)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from site_server import SiteServer


def main() -> None:
    """Serve a built site until interrupted."""
    parser = argparse.ArgumentParser(description="Serve the built site with the headers a real host should send.")
    parser.add_argument("root", type=Path, nargs="?", default=Path("site"))
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    args = parser.parse_args()
    if not (args.root / "index.html").is_file():
        parser.error(f"{args.root} holds no built site; run `make build` first")
    server = SiteServer((args.host, args.port), args.root)
    print(f"Serving {args.root} at http://{args.host}:{args.port}/ (Ctrl+C stops)")  # noqa: T201
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
