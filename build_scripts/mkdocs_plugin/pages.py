"""``python -m build_scripts.mkdocs_plugin.pages``: stage 1-3 alone (``make pages``), for another generator.

Runs the plugin's page generation outside MkDocs' build and writes what a generator needs
into ``build/pages/``: ``docs/`` (the hand-written pages and assets, and every generated
page as a Markdown file), ``mkdocs.yml`` (the project's, without our plugin, with the
navigation, the page scripts and styles and the build id written in), and stage 4's state
(``build/stages/finish.json``). Then ``zensical build -f build/pages/mkdocs.yml`` (or
MkDocs) makes the HTML, and ``python -m build_scripts.finish`` finishes it.

What only a plugin can do is lost on that road: the table of contents' shortcuts to the
damage chart and the calculators (ARCHITECTURE.md lists it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files, get_files

from build_scripts.finish.stage import FINISH_STATE
from build_scripts.mkdocs_plugin.plugin import ScrollhammerPlugin

__all__ = ["write_pages"]

PLUGIN = "scrollhammer"


def write_pages(config_file: Path, out: Path) -> Path:
    """Build the pages of the project configured by ``config_file`` into ``out``; return the generator's config."""
    config = load_config(str(config_file))
    plugin = config.plugins[PLUGIN]
    if not isinstance(plugin, ScrollhammerPlugin):
        raise PluginError(f"{config_file.name} has no {PLUGIN} plugin")
    config = plugin.on_config(config) or config
    config.plugins._current_plugin = PLUGIN  # noqa: SLF001 - what MkDocs sets around a hook
    files = plugin.on_files(get_files(config), config=config) or Files([])
    docs = out / "docs"
    if docs.exists():
        shutil.rmtree(docs)
    for file in files:
        if file.inclusion.is_excluded():
            continue
        target = docs / file.src_uri
        target.parent.mkdir(parents=True, exist_ok=True)
        if file.generated_by:
            target.write_bytes(file.content_bytes)
        else:
            shutil.copyfile(file.abs_src_path or "", target)
    project = config_file.parent
    state = project / FINISH_STATE
    state.parent.mkdir(parents=True, exist_ok=True)
    state.write_text(plugin.finish_state(config).dumps(), "utf-8")
    generator = out / "mkdocs.yml"
    generator.write_text(
        yaml.safe_dump(_generator_config(config_file, config), allow_unicode=True, sort_keys=False), "utf-8"
    )
    return generator


def _generator_config(config_file: Path, config: Any) -> dict[str, Any]:  # noqa: ANN401 - MkDocs' config
    """The project's config for a generator: our plugin out, what it adds written in."""

    class Loader(yaml.SafeLoader):  # type: ignore[misc]
        """``!ENV [NAME, default]`` as the environment has it."""

    def env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:  # noqa: ANN401
        names = (
            loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode) else [loader.construct_scalar(node)]
        )
        for name in names[:-1] if len(names) > 1 else names:
            if name in os.environ:
                return os.environ[name]
        return names[-1] if len(names) > 1 else None

    Loader.add_constructor("!ENV", env)
    raw: dict[str, Any] = yaml.load(config_file.read_text("utf-8"), Loader=Loader)  # noqa: S506 - a SafeLoader
    raw["plugins"] = [p for p in raw.get("plugins", []) if not (isinstance(p, dict) and PLUGIN in p)]
    raw["docs_dir"] = "docs"  # beside this config: Zensical wants both folders inside the config's own
    raw["site_dir"] = "site"
    raw.pop("exclude_docs", None)
    raw["site_url"] = config.site_url
    raw["copyright"] = config.copyright
    raw["nav"] = config.nav
    raw["extra_javascript"] = [
        {"path": str(s), "type": getattr(s, "type", None) or "module"} for s in config.extra_javascript
    ]
    raw["extra_css"] = list(config.extra_css)
    raw["watch"] = []
    return raw


def main(argv: list[str] | None = None) -> int:
    """Write the pages; one line on a failure."""
    parser = argparse.ArgumentParser(prog="make pages", description="The site's pages as Markdown, for a generator.")
    parser.add_argument("-f", "--config-file", type=Path, default=Path("mkdocs.yml"))
    parser.add_argument("--out", type=Path, default=Path("build/pages"))
    args = parser.parse_args(argv)
    try:
        generator = write_pages(args.config_file.resolve(), args.out.resolve())
    except PluginError as exc:
        sys.stderr.write(f"pages: {exc}\n")
        return 1
    sys.stdout.write(f"pages: written into {args.out}; the generator's config is {generator}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
