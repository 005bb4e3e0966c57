"""The site's diagrams, drawn as inline SVG with their labels in Finnish, English and Russian.

Each diagram is a function of the language that returns one ``<svg>`` element. Colours
come from CSS classes (``mp-dg-*``, styled in ``docs/assets/marjapussi.css``), so the
drawings follow the light and dark schemes and print in black on white.

Text is wrapped here, by an estimate of its width, so a label can be written as one
sentence in each language; the estimate errs on the wide side.

>>> svg = render("seating", "en")
>>> svg.startswith("<svg") and "Partners sit opposite" in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape

LANGUAGES = ("fi", "en", "ru")

# --- labels --------------------------------------------------------------------------

LABELS: dict[str, dict[str, dict[str, str]]] = {
    "card-order": {
        "fi": {
            "title": "Maan korttien arvojärjestys",
            "high": "korkein",
            "low": "matalin",
            "names": "ässä|kymppi|kuningas|kuningatar|sotilas|yhdeksikkö|kahdeksikko|seitsikko|kuutonen",
            "note": "Kymppi on toiseksi korkein: se voittaa kuninkaan.",
        },
        "en": {
            "title": "The ranks of a suit, from high to low",
            "high": "highest",
            "low": "lowest",
            "names": "ace|ten|king|queen|jack|nine|eight|seven|six",
            "note": "The ten ranks second, above the king.",
        },
        "ru": {
            "title": "Старшинство карт одной масти",
            "high": "старшая",
            "low": "младшая",
            "names": "туз|десятка|король|дама|валет|девятка|восьмёрка|семёрка|шестёрка",
            "note": "Десятка — вторая по старшинству: она бьёт короля.",
        },
    },
    "seating": {
        "fi": {
            "title": "Pelaajat pöydän ympärillä",
            "N": "pohjoinen",
            "E": "itä",
            "S": "etelä",
            "W": "länsi",
            "letters": "P I E L",
            "table": "pöytä",
            "pair-ns": "Pari P–E",
            "pair-ew": "Pari I–L",
            "partners": "Parit istuvat vastakkain.",
            "clockwise": "Pelivuoro ja jako kiertävät myötäpäivään: P → I → E → L.",
        },
        "en": {
            "title": "The players around the table",
            "N": "north",
            "E": "east",
            "S": "south",
            "W": "west",
            "letters": "N E S W",
            "table": "table",
            "pair-ns": "Pair NS",
            "pair-ew": "Pair EW",
            "partners": "Partners sit opposite each other.",
            "clockwise": "Play and the deal go clockwise: N → E → S → W.",
        },
        "ru": {
            "title": "Игроки за столом",
            "N": "север",
            "E": "восток",
            "S": "юг",
            "W": "запад",
            "letters": "С В Ю З",
            "table": "стол",
            "pair-ns": "Пара С–Ю",
            "pair-ew": "Пара В–З",
            "partners": "Партнёры сидят друг напротив друга.",
            "clockwise": "Ход и сдача идут по часовой стрелке: С → В → Ю → З.",
        },
    },
    "deal-flow": {
        "fi": {
            "title": "Jaon kulku, erä ja peli",
            "deal": "Jako",
            "deal-sub": "9 korttia kullekin pelaajalle",
            "tricks": "9 tikkiä",
            "tricks-sub": "tikin voittaja aloittaa seuraavan",
            "window": "Jokaisen voitetun tikin jälkeen, toisesta tikistä alkaen, voittaja voi:",
            "declare": "ilmoittaa oman kokonaisen",
            "ask": "kysyä parilta kokonaista tai puolikasta",
            "lead": "tai vain aloittaa seuraavan tikin",
            "scoring": "Pisteet",
            "scoring-sub": "valtti 2 · pikkuvaltti 1 · matti 1 · viimeinen tikki 1",
            "total": "Eräpisteet",
            "total-sub": "aiemmat eräpisteet + jaon pisteet",
            "win": "tasan 12: pari voittaa erän",
            "seven": "yli 12: eräpisteiksi tulee 7",
            "porvoo": "ei tikkiä: Porvoo, eräpisteet 0",
            "next": "seuraava jako",
            "game": "Peli = kaksi voitettua erää",
            "game-sub": "uusi erä alkaa tilanteesta 0–0",
        },
        "en": {
            "title": "A deal, an erä and a game",
            "deal": "Deal",
            "deal-sub": "9 cards to each player",
            "tricks": "9 tricks",
            "tricks-sub": "the winner of a trick leads the next",
            "window": "After each trick won, from trick 2 on, the winner may:",
            "declare": "declare a marriage of his own",
            "ask": "ask the partner for a whole or a half marriage",
            "lead": "or just lead the next trick",
            "scoring": "Scoring",
            "scoring-sub": "trump 2 · small trump 1 · matti 1 · last trick 1",
            "total": "Erä total",
            "total-sub": "previous total + points of the deal",
            "win": "exactly 12: the pair wins the erä",
            "seven": "above 12: the total becomes 7",
            "porvoo": "no trick at all: Porvoo, total 0",
            "next": "next deal",
            "game": "Game = two erä won",
            "game-sub": "each new erä starts from 0–0",
        },
        "ru": {
            "title": "Сдача, эря и игра",
            "deal": "Сдача",
            "deal-sub": "по 9 карт каждому игроку",
            "tricks": "9 взяток",
            "tricks-sub": "взявший взятку ходит следующим",
            "window": "После каждой выигранной взятки, начиная со второй, взявший может:",
            "declare": "объявить свой марьяж",
            "ask": "спросить у партнёра марьяж или его половину",
            "lead": "или просто сделать ход",
            "scoring": "Очки",
            "scoring-sub": "козырь 2 · малый козырь 1 · матти 1 · последняя взятка 1",
            "total": "Счёт эря",
            "total-sub": "прежний счёт + очки сдачи",
            "win": "ровно 12: пара выигрывает эря",
            "seven": "больше 12: счёт становится 7",
            "porvoo": "ни одной взятки: Порвоо, счёт 0",
            "next": "следующая сдача",
            "game": "Игра = два выигранных эря",
            "game-sub": "каждое новое эря начинается с 0–0",
        },
    },
    "marriage-flow": {
        "fi": {
            "title": "Jako huutopussissa kokonaisvalteilla",
            "deal": "Jako",
            "deal-sub": "9 korttia kullekin, yksi kerrallaan",
            "bidding": "Huutovaihe",
            "bidding-sub": "ensimmäinen huutaa vähintään 50 · passi on lopullinen",
            "exchange": "Vaihto ja sitoumus",
            "exchange-sub": (
                "pari antaa huutajalle 3 korttia · "
                "sitoumus huudosta ylöspäin · 3 korttia takaisin"
            ),
            "tricks": "9 tikkiä",
            "tricks-sub": "alussa ei valttia · tikin aloitushetken valtti ratkaisee",
            "window": "Itse aloittamansa tikin voittaja voi:",
            "declare": "ilmoittaa oman kokonaisen: sen maa on valttia",
            "ask": "kysyä parilta kokonaista tai puolikasta",
            "lead": "tai vain aloittaa seuraavan tikin",
            "scoring": "Pisteet",
            "scoring-sub": (
                "sitoumus lunastettu: tasan sitoumus · "
                "muuten −sitoumus · puolustajat saavat keräämänsä"
            ),
            "total": "Pisteet kertyvät",
            "total-sub": "voivat mennä miinukselle · 500 päättää pelin",
            "next": "seuraava jako",
        },
        "en": {
            "title": "A deal of Huutopussi with marriage trumps",
            "deal": "Deal",
            "deal-sub": "9 cards each, one at a time",
            "bidding": "Bidding",
            "bidding-sub": "the first bids at least 50 · a pass is final",
            "exchange": "Exchange and contract",
            "exchange-sub": "3 cards to the bidder · contract from the bid up · 3 cards back",
            "tricks": "9 tricks",
            "tricks-sub": "no trump at first · the trump at the lead decides a trick",
            "window": "The winner of a trick he led may:",
            "declare": "declare his own marriage: its suit is trump",
            "ask": "ask the partner for a marriage or a half",
            "lead": "or just lead the next trick",
            "scoring": "Scoring",
            "scoring-sub": (
                "contract made: exactly the contract · "
                "else −contract · defenders score what they took"
            ),
            "total": "Totals carry",
            "total-sub": "they may go below zero · 500 ends the game",
            "next": "next deal",
        },
        "ru": {
            "title": "Сдача в хуутопусси с козырем от марьяжа",
            "deal": "Сдача",
            "deal-sub": "по 9 карт, по одной",
            "bidding": "Торговля",
            "bidding-sub": "первый заказывает не меньше 50 · пас окончателен",
            "exchange": "Обмен и заказ",
            "exchange-sub": "3 карты разыгрывающему · заказ от выигравшего и выше · 3 карты обратно",
            "tricks": "9 взяток",
            "tricks-sub": "сначала козыря нет · взятку решает козырь на момент хода",
            "window": "Взявший взятку со своего хода может:",
            "declare": "объявить свой марьяж: его масть — козырь",
            "ask": "спросить партнёра о марьяже или половине",
            "lead": "или просто сделать ход",
            "scoring": "Очки",
            "scoring-sub": "заказ выполнен: ровно заказ · иначе −заказ · защитники получают набранное",
            "total": "Счёт копится",
            "total-sub": "может уйти в минус · 500 заканчивает игру",
            "next": "следующая сдача",
        },
    },
}

# --- small SVG helpers ---------------------------------------------------------------


def _width(text: str, size: float) -> float:
    """Estimate the width of a line of text in a sans-serif font (generously)."""
    wide = sum(1 for ch in text if ch.isupper() or ch in "шщжмюыфдМШЩЖЮЫФДmwMW")
    return size * (0.54 * len(text) + 0.2 * wide)


def wrap(text: str, max_width: float, size: float) -> list[str]:
    """Break text into lines that fit ``max_width`` at font ``size``."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and _width(candidate, size) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def text(x: float, y: float, content: str, cls: str = "mp-dg-text", size: float = 13,
         anchor: str = "middle", weight: str | None = None) -> str:
    """One line of text; ``y`` is the baseline."""
    bold = f' font-weight="{weight}"' if weight else ""
    return (f'<text x="{x:g}" y="{y:g}" class="{cls}" font-size="{size:g}" '
            f'text-anchor="{anchor}"{bold}>{escape(content)}</text>')


def text_block(x: float, y_center: float, lines: Sequence[str], cls: str = "mp-dg-text",
               size: float = 13, anchor: str = "middle", weight: str | None = None,
               leading: float = 1.3) -> str:
    """Several lines of text centred vertically on ``y_center``."""
    step = size * leading
    first = y_center - step * (len(lines) - 1) / 2 + size * 0.35
    return "".join(text(x, first + i * step, line, cls, size, anchor, weight)
                   for i, line in enumerate(lines))


def box(x: float, y: float, w: float, h: float, cls: str = "mp-dg-box", r: float = 8) -> str:
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{r:g}" '
            f'class="{cls}"/>')


def arrow(points: Sequence[tuple[float, float]], marker: str, cls: str = "mp-dg-arrow") -> str:
    path = "M" + " L".join(f"{x:g} {y:g}" for x, y in points)
    return f'<path d="{path}" class="{cls}" marker-end="url(#{marker})"/>'


def arrow_marker(marker: str, cls: str = "mp-dg-arrowhead") -> str:
    return (f'<marker id="{marker}" viewBox="0 0 10 10" refX="9" refY="5" '
            f'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
            f'<path d="M0 0 L10 5 L0 10 z" class="{cls}"/></marker>')


def side_list(
    x: float, y_center: float, w: float, heading: str, options: Sequence[str]
) -> tuple[str, float, float]:
    """A side box: a bold heading over bullet points, centred on ``y_center``; returns
    the SVG, its top and its height."""
    heading_lines = wrap(heading, w - 24, 12.5)
    option_lines = [wrap(o, w - 40, 12.5) for o in options]
    height = 22 + (len(heading_lines) + sum(len(o) for o in option_lines)) * 16.5 + 6
    top = y_center - height / 2
    parts = [box(x, top, w, height, "mp-dg-box mp-dg-box-side")]
    ty = top + 22
    for line in heading_lines:
        parts.append(text(x + 12, ty, line, "mp-dg-text", 12.5, anchor="start", weight="bold"))
        ty += 16.5
    for lines in option_lines:
        parts.append(text(x + 16, ty, "•", "mp-dg-accent", 12.5, anchor="start"))
        for line in lines:
            parts.append(text(x + 28, ty, line, "mp-dg-text", 12.5, anchor="start"))
            ty += 16.5
    return "".join(parts), top, height


def loop_back(x: float, y_from: float, y_to: float, label: str, label_y: float, marker: str) -> str:
    """An arrow from a box's left side at ``y_from`` round to a box's left side at
    ``y_to`` (above), with ``label`` written upwards beside it, centred on ``label_y``."""
    loop_x = x - 34
    return (arrow([(x, y_from), (loop_x, y_from), (loop_x, y_to), (x - 2, y_to)], marker)
            + f'<text x="{loop_x - 8:g}" y="{label_y:g}" class="mp-dg-muted" font-size="11.5" '
            f'text-anchor="middle" transform="rotate(-90 {loop_x - 8:g} {label_y:g})">'
            f'{escape(label)}</text>')


def svg(name: str, lang: str, width: float, height: float, title: str, body: str) -> str:
    ident = f"mp-dg-{name}-{lang}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
            f'class="mp-diagram-svg mp-dg-{name}" role="img" aria-labelledby="{ident}-title" '
            f'data-diagram="{name}" lang="{lang}">'
            f'<title id="{ident}-title">{escape(title)}</title>{body}</svg>')


# --- card-order ----------------------------------------------------------------------


def card_order(lang: str) -> str:
    """The nine ranks of a suit from high to low, drawn as cards; the ten is marked."""
    t = LABELS["card-order"][lang]
    ranks = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]
    names = t["names"].split("|")
    marker = f"mp-dg-card-order-{lang}-arrow"
    card_w, card_h, pitch, left, top = 58, 82, 70, 22, 56
    width = left * 2 + pitch * 8 + card_w
    parts = [f"<defs>{arrow_marker(marker)}</defs>"]
    parts.append(text(width / 2, 22, t["title"], "mp-dg-title", 15, weight="bold"))
    # high → low scale above the cards
    parts.append(text(left, 44, t["high"], "mp-dg-muted", 12, anchor="start"))
    parts.append(text(width - left, 44, t["low"], "mp-dg-muted", 12, anchor="end"))
    high_w = _width(t["high"], 12)
    low_w = _width(t["low"], 12)
    parts.append(arrow([(left + high_w + 10, 40), (width - left - low_w - 10, 40)], marker))
    for i, (rank, name) in enumerate(zip(ranks, names, strict=True)):
        x = left + i * pitch
        cls = "mp-dg-card mp-dg-card-ten" if rank == "10" else "mp-dg-card"
        parts.append(box(x, top, card_w, card_h, cls, 6))
        parts.append(text(x + 7, top + 18, rank, "mp-dg-card-ink", 14, anchor="start",
                          weight="bold"))
        parts.append(text(x + 7, top + 33, "♠", "mp-dg-card-ink", 13, anchor="start"))
        parts.append(text(x + card_w / 2, top + 62, "♠", "mp-dg-card-ink", 26))
        parts.append(text(x + card_w / 2, top + card_h + 18, name, "mp-dg-text", 11.5))
    # the note about the ten, with a bracket from the ten over the king
    ten_x = left + pitch + card_w / 2
    king_x = left + 2 * pitch + card_w / 2
    base = top + card_h + 30
    parts.append(f'<path d="M{ten_x:g} {base:g} v10 H{king_x:g} v-10" class="mp-dg-accent-line"/>')
    note_lines = wrap(t["note"], width - 2 * left, 13)
    for j, line in enumerate(note_lines):
        parts.append(text(left, base + 30 + j * 17, line, "mp-dg-accent", 13, anchor="start",
                          weight="bold"))
    height = base + 30 + (len(note_lines) - 1) * 17 + 12
    return svg("card-order", lang, width, height, t["title"], "".join(parts))


# --- seating -------------------------------------------------------------------------


def seating(lang: str) -> str:
    """Four seats around a table, partners opposite, pairs coloured, clockwise arrows."""
    t = LABELS["seating"][lang]
    marker = f"mp-dg-seating-{lang}-arrow"
    cx, cy, table, seat_r, ring = 190, 200, 112, 30, 118
    seats = {"N": (cx, cy - 135), "E": (cx + 135, cy), "S": (cx, cy + 135), "W": (cx - 135, cy)}
    parts = [f"<defs>{arrow_marker(marker, 'mp-dg-arrowhead-strong')}</defs>"]
    parts.append(text(cx, 24, t["title"], "mp-dg-title", 15, weight="bold"))
    parts.append(box(cx - table / 2, cy - table / 2, table, table, "mp-dg-table", 14))
    parts.append(text(cx, cy + 5, t["table"], "mp-dg-table-text", 13))
    # partners are joined by a dashed line across the table
    parts.append(f'<path d="M{cx:g} {cy - 135 + seat_r:g} V{cy - table / 2:g} '
                 f'M{cx:g} {cy + table / 2:g} V{cy + 135 - seat_r:g}" class="mp-dg-partner-ns"/>')
    parts.append(f'<path d="M{cx - 135 + seat_r:g} {cy:g} H{cx - table / 2:g} '
                 f'M{cx + table / 2:g} {cy:g} H{cx + 135 - seat_r:g}" class="mp-dg-partner-ew"/>')
    # clockwise arcs between the seats, outside the table: N→E→S→W→N
    order = ["N", "E", "S", "W"]
    angles = {"N": -90.0, "E": 0.0, "S": 90.0, "W": 180.0}
    for seat in order:
        a0 = math.radians(angles[seat] + 22)
        a1 = math.radians(angles[seat] + 68)
        x0, y0 = cx + ring * math.cos(a0), cy + ring * math.sin(a0)
        x1, y1 = cx + ring * math.cos(a1), cy + ring * math.sin(a1)
        parts.append(f'<path d="M{x0:.1f} {y0:.1f} A{ring} {ring} 0 0 1 {x1:.1f} {y1:.1f}" '
                     f'class="mp-dg-arrow-strong" marker-end="url(#{marker})"/>')
    letters = dict(zip(order, t["letters"].split(), strict=True))
    for seat, (x, y) in seats.items():
        pair = "ns" if seat in "NS" else "ew"
        parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{seat_r}" class="mp-dg-seat-{pair}"/>')
        parts.append(text(x, y + 7, letters[seat], "mp-dg-seat-letter", 20, weight="bold"))
        # the seat's name beside the circle
        if seat in "NS":  # to the right of the circle
            parts.append(text(x + seat_r + 8, y + 5, t[seat], "mp-dg-text", 13, anchor="start"))
        else:  # below it
            parts.append(text(x, y + seat_r + 18, t[seat], "mp-dg-text", 13))
    # legend under the table, in two columns: pairs on the left, the rules on the right
    width = 2 * cx
    ly = cy + 135 + seat_r + 34
    parts.append(f'<circle cx="{20 + 9}" cy="{ly - 4}" r="9" class="mp-dg-seat-ns"/>')
    parts.append(text(20 + 26, ly + 1, t["pair-ns"], "mp-dg-text", 13, anchor="start",
                      weight="bold"))
    parts.append(f'<circle cx="{20 + 9}" cy="{ly + 22}" r="9" class="mp-dg-seat-ew"/>')
    parts.append(text(20 + 26, ly + 27, t["pair-ew"], "mp-dg-text", 13, anchor="start",
                      weight="bold"))
    rx = 150
    ry = ly + 1
    for line in wrap(t["partners"], width - rx - 10, 13):
        parts.append(text(rx, ry, line, "mp-dg-text", 13, anchor="start"))
        ry += 18
    ry += 6
    for line in wrap(t["clockwise"], width - rx - 10, 13):
        parts.append(text(rx, ry, line, "mp-dg-accent", 13, anchor="start", weight="bold"))
        ry += 18
    height = max(ly + 40, ry) + 6
    return svg("seating", lang, width, height, t["title"], "".join(parts))


# --- deal-flow -----------------------------------------------------------------------


def deal_flow(lang: str) -> str:
    """A deal → nine tricks (declaring window) → scoring → erä total → game."""
    t = LABELS["deal-flow"][lang]
    marker = f"mp-dg-deal-flow-{lang}-arrow"
    width = 660
    mx, mw = 70, 270  # main column
    sx, sw = 370, 270  # side column
    center = mx + mw / 2
    parts = [f"<defs>{arrow_marker(marker)}</defs>"]
    parts.append(text(width / 2, 24, t["title"], "mp-dg-title", 15, weight="bold"))

    def step(y: float, h: float, title: str, sub: str, cls: str = "mp-dg-box") -> None:
        parts.append(box(mx, y, mw, h, cls))
        sub_lines = wrap(sub, mw - 20, 12)
        lines_h = 18 + 15 * len(sub_lines)
        top = y + (h - lines_h) / 2
        parts.append(text(center, top + 13, title, "mp-dg-text", 14.5, weight="bold"))
        for i, line in enumerate(sub_lines):
            parts.append(text(center, top + 31 + i * 15, line, "mp-dg-muted", 12))

    # 1. deal
    y_deal, h = 44, 58
    step(y_deal, h, t["deal"], t["deal-sub"])
    # 2. tricks, with the declaring window on the side
    y_tricks = y_deal + h + 34
    step(y_tricks, h, t["tricks"], t["tricks-sub"], "mp-dg-box mp-dg-box-strong")
    parts.append(arrow([(center, y_deal + h), (center, y_tricks - 2)], marker))

    options = [t["declare"], t["ask"], t["lead"]]
    side, side_y, side_h = side_list(sx, y_tricks + h / 2, sw, t["window"], options)
    parts.append(side)
    # the loop between the tricks and the window
    parts.append(arrow([(mx + mw, y_tricks + 18), (sx - 2, y_tricks + 18)], marker))
    parts.append(arrow([(sx, y_tricks + h - 18), (mx + mw + 2, y_tricks + h - 18)], marker))
    top_next = max(y_tricks + h, side_y + side_h)
    # 3. scoring
    y_score = top_next + 34
    step(y_score, h + 8, t["scoring"], t["scoring-sub"])
    parts.append(arrow([(center, y_tricks + h), (center, y_score - 2)], marker))
    # 4. erä total
    y_total = y_score + h + 8 + 34
    step(y_total, h, t["total"], t["total-sub"], "mp-dg-box mp-dg-box-strong")
    parts.append(arrow([(center, y_score + h + 8), (center, y_total - 2)], marker))
    # 5. three outcomes on the side of the total
    outcomes = [("win", "mp-dg-box mp-dg-box-win"), ("seven", "mp-dg-box mp-dg-box-side"),
                ("porvoo", "mp-dg-box mp-dg-box-porvoo")]
    oy = y_total + h / 2 - (3 * 40 + 2 * 8) / 2
    rows = []
    for key, cls in outcomes:
        parts.append(box(sx, oy, sw, 40, cls, 6))
        lines = wrap(t[key], sw - 20, 12.5)
        parts.append(text_block(sx + 12, oy + 20, lines, "mp-dg-text", 12.5, anchor="start"))
        rows.append(oy + 20)
        oy += 48
    branch_x = mx + mw + 14
    parts.append(f'<path d="M{mx + mw:g} {y_total + h / 2:g} H{branch_x:g}" class="mp-dg-arrow"/>')
    parts.append(f'<path d="M{branch_x:g} {rows[0]:g} V{rows[-1]:g}" class="mp-dg-arrow"/>')
    for ry in rows:
        parts.append(arrow([(branch_x, ry), (sx - 2, ry)], marker))
    # next deal: back to the top along the left side
    label_y = (y_deal + y_total + h) / 2
    parts.append(loop_back(mx, y_total + h - 14, y_deal + h / 2, t["next"], label_y, marker))
    # 6. game, from "exactly 12"
    y_game = max(y_total + h, oy) + 30
    step(y_game, h, t["game"], t["game-sub"], "mp-dg-box mp-dg-box-win")
    parts.append(arrow([(sx + sw, rows[0]), (sx + sw + 12, rows[0]),
                        (sx + sw + 12, y_game + h / 2), (mx + mw + 2, y_game + h / 2)], marker))
    height = y_game + h + 16
    return svg("deal-flow", lang, width, height, t["title"], "".join(parts))


def marriage_flow(lang: str) -> str:
    """Huutopussi with marriage trumps: deal → bidding → exchange → nine tricks (the
    declaring turn beside them) → scoring → totals, and round to the next deal."""
    t = LABELS["marriage-flow"][lang]
    marker = f"mp-dg-marriage-flow-{lang}-arrow"
    width = 660
    mx, mw = 70, 270
    sx, sw = 370, 270
    center = mx + mw / 2
    parts = [f"<defs>{arrow_marker(marker)}</defs>"]
    parts.append(text(width / 2, 24, t["title"], "mp-dg-title", 15, weight="bold"))

    def step(y: float, title: str, sub: str, cls: str = "mp-dg-box") -> float:
        sub_lines = wrap(sub, mw - 20, 12)
        h = 30 + 15 * len(sub_lines)
        parts.append(box(mx, y, mw, h, cls))
        parts.append(text(center, y + 20, title, "mp-dg-text", 14.5, weight="bold"))
        for i, line in enumerate(sub_lines):
            parts.append(text(center, y + 38 + i * 15, line, "mp-dg-muted", 12))
        return h

    y = 44.0
    tops: list[tuple[float, float]] = []
    for key, cls in (("deal", "mp-dg-box"), ("bidding", "mp-dg-box"), ("exchange", "mp-dg-box"),
                     ("tricks", "mp-dg-box mp-dg-box-strong")):
        if tops:
            parts.append(arrow([(center, y - 30), (center, y - 2)], marker))
        h = step(y, t[key], t[f"{key}-sub"], cls)
        tops.append((y, h))
        y += h + 30
    # the declaring turn beside the tricks
    y_tricks, h_tricks = tops[-1]
    options = [t[k] for k in ("declare", "ask", "lead")]
    side, side_y, side_h = side_list(sx, y_tricks + h_tricks / 2, sw, t["window"], options)
    parts.append(side)
    parts.append(arrow([(mx + mw, y_tricks + 14), (sx - 2, y_tricks + 14)], marker))
    parts.append(arrow([(sx, y_tricks + h_tricks - 14), (mx + mw + 2, y_tricks + h_tricks - 14)], marker))
    y = max(y, side_y + side_h + 30)
    parts.append(arrow([(center, y_tricks + h_tricks), (center, y - 2)], marker))
    h_score = step(y, t["scoring"], t["scoring-sub"])
    y_total = y + h_score + 30
    parts.append(arrow([(center, y + h_score), (center, y_total - 2)], marker))
    h_total = step(y_total, t["total"], t["total-sub"], "mp-dg-box mp-dg-box-win")
    # next deal: back to the top along the left side
    y_deal, h_deal = tops[0]
    label_y = (y_deal + y_total + h_total) / 2
    parts.append(loop_back(mx, y_total + h_total - 14, y_deal + h_deal / 2, t["next"], label_y, marker))
    height = y_total + h_total + 16
    return svg("marriage-flow", lang, width, height, t["title"], "".join(parts))


DIAGRAMS: dict[str, Callable[[str], str]] = {
    "card-order": card_order,
    "seating": seating,
    "deal-flow": deal_flow,
    "marriage-flow": marriage_flow,
}


def render(name: str, lang: str) -> str:
    """Return the SVG of diagram ``name`` in language ``lang``; KeyError names what is known."""
    if name not in DIAGRAMS:
        raise KeyError(f"unknown diagram {name!r}; known: {', '.join(DIAGRAMS)}")
    if lang not in LANGUAGES:
        raise KeyError(f"no labels in language {lang!r}; known: {', '.join(LANGUAGES)}")
    return DIAGRAMS[name](lang)
