"""``python -m build_scripts.steps.pages_command`` (``make pages``): stages 1-3 with no generator.

Writes what a generator needs into ``build/pages/``: ``docs/`` (the hand-written pages and
assets, as the generator would read them, and every generated page as a Markdown file),
``mkdocs.yml`` (the project's, without our plugin, with the navigation, the page scripts
and styles and the build id written in), and stage 4's state (``build/stages/finish.json``).
Then ``zensical build -f build/pages/mkdocs.yml`` (or MkDocs) makes the HTML, and
``python -m build_scripts.finish`` finishes it.

What only a plugin can do is lost on that road: the table of contents' shortcuts to the
damage chart and the calculators (ARCHITECTURE.md lists it).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any

import pathspec
import yaml  # type: ignore[import-untyped]

from build_scripts.core.errors import RulebookError
from build_scripts.finish.stage import FINISH_STATE
from build_scripts.settings.options import CONFIG_FILE, PLUGIN, project_from, read_config
from build_scripts.steps.make_pages import make_pages
from build_scripts.steps.plan import SitePlan, plan_site

__all__ = ["docs_files", "write_pages"]

#: What MkDocs leaves out of the docs whatever the config says: hidden files, and ``templates/``.
ALWAYS_EXCLUDED = (".*", "/templates/")


def write_pages(config_file: Path, out: Path) -> Path:
    """Build the pages of the project configured by ``config_file`` into ``out``; return the generator's config.

    Raises:
        RulebookError: as the build does, naming what to fix.
    """
    raw = read_config(config_file)
    project = project_from(config_file, raw)
    plan = plan_site(project)
    made = make_pages(project, _say)
    docs = out / "docs"
    if docs.exists():
        shutil.rmtree(docs)
    source = project.path(project.site.docs_dir)
    for name in docs_files(source, str(raw.get("exclude_docs") or "")):
        target = docs / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / name, target)
    for name, content in {**made.pages, **made.files}.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            (docs / name).write_bytes(content)
        else:
            (docs / name).write_text(content, "utf-8")
    made.finish_state(project, plan).write(project.path(FINISH_STATE))
    generator = out / "mkdocs.yml"
    generator.write_text(yaml.safe_dump(generator_config(raw, plan), allow_unicode=True, sort_keys=False), "utf-8")
    return generator


def docs_files(docs: Path, exclude_docs: str) -> list[str]:
    """Every file of ``docs`` a generator reads (posix, relative), as MkDocs' ``exclude_docs`` leaves them."""
    excluded = pathspec.GitIgnoreSpec.from_lines([*ALWAYS_EXCLUDED, *exclude_docs.splitlines()])
    names = (path.relative_to(docs).as_posix() for path in sorted(docs.rglob("*")) if path.is_file())
    return [name for name in names if not excluded.match_file(name)]


def generator_config(raw: dict[str, Any], plan: SitePlan) -> dict[str, Any]:
    """The project's config for a generator: our plugin out, what it adds written in."""
    config = dict(raw)
    config["plugins"] = [p for p in raw.get("plugins") or [] if not (isinstance(p, dict) and PLUGIN in p)]
    config["docs_dir"] = "docs"  # beside this config: Zensical wants both folders inside the config's own
    config["site_dir"] = "site"
    config.pop("exclude_docs", None)
    config["copyright"] = plan.copyright
    config["nav"] = plan.nav
    modules = [{"path": script, "type": "module"} for script in plan.scripts]
    config["extra_javascript"] = [*(raw.get("extra_javascript") or []), *modules]
    config["extra_css"] = [*(raw.get("extra_css") or []), *plan.styles]
    config["watch"] = []
    return config


def _say(line: str) -> None:
    sys.stdout.write(f"pages: {line}\n")


def main(argv: list[str] | None = None) -> int:
    """Write the pages; one line on a failure."""
    parser = argparse.ArgumentParser(prog="make pages", description="The site's pages as Markdown, for a generator.")
    parser.add_argument("-f", "--config-file", type=Path, default=Path(CONFIG_FILE))
    parser.add_argument("--out", type=Path, default=Path("build/pages"))
    args = parser.parse_args(argv)
    try:
        generator = write_pages(args.config_file.resolve(), args.out.resolve())
    except RulebookError as exc:
        sys.stderr.write(f"pages: {exc}\n")
        return 1
    sys.stdout.write(f"pages: written into {args.out}; the generator's config is {generator}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
