"""The frame of the Table page's room: a widget whose body its room server fills.

The site draws it at build time (``site_hooks/rooms.py``) and the room server's own page
draws the same (``python -m marjapussi table`` without a site). Its first body says how
to start a table server, in the page's language: a static site hosted without one keeps
it, and the page's script (``docs/assets/table/room.js``) swaps in the server's view once
its socket opens. The frame is a widget like the bridge's (a body and a status line that
screen readers hear), but without ``data-widget``: no Pyodide runs it.

>>> html = frame("en")
>>> html.startswith('<div class="mp-widget mp-room" data-room="" data-lang="en"')
True
>>> "python -m marjapussi table" in html
True
"""

from __future__ import annotations

from ..escaping import escape
from ..messages import LANGUAGES

__all__ = ["FRAME_TEXTS", "SCRIPT", "frame"]

SCRIPT = "assets/table/room.js"
"""The page's script, from the site root."""

FRAME_TEXTS: dict[str, dict[str, str]] = {
    "label": {"fi": "Yhteinen pöytä", "en": "The shared table", "ru": "Общий стол"},
    "no-server": {
        "fi": "Tämä pöytä tarvitsee pöytäpalvelimen, eikä tästä osoitteesta vastannut sellainen.",
        "en": "This table needs a table server, and none answered at this address.",
        "ru": "Этому столу нужен сервер стола, а по этому адресу он не ответил.",
    },
    "start": {
        "fi": "Käynnistä palvelin koneella, jolla sivusto on, ja avaa osoite, jonka se tulostaa:",
        "en": "Start one on the computer that holds the site, and open the address it prints:",
        "ru": "Запустите его на компьютере с сайтом и откройте адрес, который он напечатает:",
    },
    "installed": {
        "fi": "tai asennetusta paketista:",
        "en": "or, from the installed package:",
        "ru": "или из установленного пакета:",
    },
}


def _t(key: str, lang: str) -> str:
    return FRAME_TEXTS[key][lang]


def frame(lang: str, server: str = "", root: str = ".") -> str:
    """The room widget's frame in ``lang``, its body the notice of how to start a server.

    ``server``: the room server's address when it is not the page's own (``serve.sh --dev``);
    ``root``: the page's relative path to the site root (the views' rule links start there).
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    notice = (
        '<div class="mp-room-offline">'
        f"<p><strong>{escape(_t('no-server', lang))}</strong></p>"
        f"<p>{escape(_t('start', lang))}</p>"
        "<pre><code>./scripts/serve.sh --lan</code></pre>"
        f"<p>{escape(_t('installed', lang))}</p>"
        '<pre><code>pip install "marjapussi[table]"\npython -m marjapussi table --lan</code></pre>'
        "</div>"
    )
    return (
        f'<div class="mp-widget mp-room" data-room="" data-lang="{lang}" '
        f'data-server="{escape(server, quote=True)}" data-root="{escape(root, quote=True)}" '
        'role="region" '
        f'aria-label="{escape(_t("label", lang), quote=True)}">'
        f'<div class="mp-widget-body">{notice}</div>'
        '<p class="mp-widget-status" role="status" aria-live="polite"></p></div>'
    )
