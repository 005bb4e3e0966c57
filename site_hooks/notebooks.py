"""Ship the worked-example notebooks with their pages, for download.

The pages ``docs/examples/NN-topic.LANG.md`` are made from the executed notebooks by
``scripts/build_notebooks.py``; each links to ``NN-topic.ipynb`` beside it. This hook
adds ``notebooks/LANG/NN-topic.ipynb`` to the build of each language, so the notebook
of the page's own language lands next to the page (``examples/`` for Finnish,
``en/examples/`` for English, ``ru/examples/`` for Russian) and MkDocs checks the link
like any other. A page whose notebook is missing fails the build.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
PAGES = "examples"


def _languages(config: Any) -> tuple[str, str]:
    """The language being built and the default language (from mkdocs-static-i18n)."""
    plugin = config.plugins.get("i18n")
    if plugin is None:
        return "fi", "fi"
    default = next(lang.locale for lang in plugin.config.languages if lang.default)
    return plugin.current_language or default, default


def notebook_files(config: Any, files: Files, lang: str, default: str) -> list[File]:
    """The notebooks of the pages in ``docs/examples`` for one language, as site files."""
    stems = sorted(
        {
            Path(f.src_uri).name.split(".")[0]
            for f in files
            if f.src_uri.startswith(f"{PAGES}/") and f.src_uri.endswith(".md")
        }
    )
    prefix = "" if lang == default else f"{lang}/"
    out = []
    for stem in stems:
        path = NOTEBOOKS / lang / f"{stem}.ipynb"
        if not path.is_file():
            raise PluginError(
                f"notebooks hook: {PAGES}/{stem}.{lang}.md has no notebook {path.relative_to(ROOT)}; "
                "run python scripts/build_notebooks.py"
            )
        file = File(
            f"{PAGES}/{stem}.{lang}.ipynb",
            src_dir=None,
            dest_dir=config.site_dir,
            use_directory_urls=config.use_directory_urls,
            dest_uri=f"{prefix}{PAGES}/{stem}.ipynb",
        )
        file.abs_src_path = str(path)  # a file outside docs/, copied as it is
        file.generated_by = "site_hooks/notebooks.py"
        out.append(file)
    return out


@event_priority(-150)  # after mkdocs-static-i18n (-100) has chosen this language's files
def on_files(files: Files, config: Any, **kwargs: Any) -> Files:
    lang, default = _languages(config)
    for file in notebook_files(config, files, lang, default):
        files.append(file)
    return files
