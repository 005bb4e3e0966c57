"""Analysis: the exact double-dummy solver (all four hands known) for every rule family.

>>> from marjapussi import Deal
>>> from marjapussi.analysis import solve
>>> deal = Deal.random(11)
>>> for _ in range(20):
...     deal.push(deal.legal_actions()[-1])
>>> result = solve(deal)
>>> result.exact, result.best in result.values, result.value == max(result.values.values())
(True, True, True)

``solve(deal, objective=None, *, tt_size=200_000, depth_tricks=None)`` returns an
``Analysis``: ``values`` (the exact value of EVERY legal action of the player to act),
``best``, ``value``, ``line`` (the principal line to the end of the deal), ``nodes`` and
``exact``. Values are from the viewpoint of the SIDE TO ACT: higher is better for the side
whose turn it is. The objectives (``DealPoints``, ``EraUtility``, ``ContractResult``) are
described in ``marjapussi.analysis.objectives``.

The solver takes every move from the engine (``legal_declarations``, ``answers``,
``legal_play_mask``, ``marriage_leads``, ``legal_actions``) and walks the tree with
``push``/``pop``: declarations, asks and answers (Marjapussi), marriage leads, naming
trumps and discards (Huutopussi) are moves like cards. It works from any position and
leaves the deal as it found it.

Two backends give ``solve`` and ``Solver`` the same results. The compiled core
(``core.c``, loaded and fed by ``marjapussi.analysis.core``) searches card play (cards,
declarations, asks and answers, marriage leads) for every rule set it knows:
``backend(rules)`` says ``"core"``; Huutopussi's trump and discard decisions are valued by
Python over the core's value of each candidate. The pure-Python search described further
down is the reference and the fallback: it serves rule sets the core does not know (a
family added later), objectives other than the package's four (and
``EraUtility`` or ``DealPoints`` with more than four carried points), depth-limited searches
(``depth_tricks``), and everything when the core is not built or ``MARJAPUSSI_CORE=off``
hides it; ``Solver(backend=...)`` chooses one. The core restates the Python search
step for step (the same move generator, value classes, table key by relative ranks and
summary, quick bounds, move ordering, history heuristic and MTD(f) probes), so that on
the same position the two count the same nodes (apart from the table's replacement once
it fills) and give the same values, best action and principal line; the tests hold the
core to the engine's moves at every node and to the Python solver's values.

The compiled core: what each technique buys. Measured with ``scripts/bench_analysis.py
--compare NO_QUICK_TRICKS,NO_CASHING,NO_RELATIVE_RANKS,NO_ZERO_WINDOW,NO_HISTORY`` in one
run: the core against builds without one technique each, run position by position in
turn, on six full deals (seeds 1–6, every legal action's exact value from the first card)
and twelve positions after trick 3 (seeds 1001–1012) of each family; nodes are exact, CPU
times are this 2-core machine's (load average about 1). Each technique has two lines, the
build without it over the core: nodes, then CPU time (full deals / positions after trick
3):

=====================================================  ============  ============  ============
technique left out (full deals / after trick 3)         guild         pagat         Huutopussi
=====================================================  ============  ============  ============
quick bounds at trick starts (the objective's fixed     3.71 / 3.16   5.87 / 3.24   4.01 / 1.35
and still possible points: ``quick_bounds``)            3.35 / 2.34   5.01 / 2.39   3.45 / 1.22
cashing in those bounds (the leader takes every trick   1.27 / 1.15   1.02 / 1.16   1.07 / 1.19
left, or cashes winners enough for the matti point)     1.21 / 1.04   0.96 / 1.06   1.12 / 1.13
the table keyed by relative ranks (played cards         1.79 / 1.31   1.54 / 1.13   1.33 / 1.04
drop out; else every card's holder or "gone")           1.92 / 1.26   1.62 / 1.10   1.53 / 1.03
zero-window searches (MTD(f), then bisection; else      1.76 / 1.37   0.96 / 1.10   1.20 / 1.05
one full-window search a root action)                   1.92 / 1.28   0.95 / 1.07   1.29 / 1.07
the history heuristic (leads ordered by the cut-offs    1.40 / 1.14   1.26 / 1.24   1.26 / 1.31
they made before, kept for the deal)                    1.43 / 1.06   1.33 / 1.15   1.32 / 1.27
=====================================================  ============  ============  ============

The core's own totals in that run: guild 1,720,416 nodes and 139 ms for the six full
deals, 241,719 nodes and 24 ms for the twelve positions; pagat 27,962,360 nodes, 2.12 s
and 184,595 nodes, 18 ms; Huutopussi 16,342,255 nodes, 1.32 s and 153,336 nodes, 12 ms.
Cashing costs a little time at every trick start it checks, so on pagat's full deals,
where it saves 2% of the nodes, it is about even (0.94–1.00 in three runs); the bounds
themselves are checked against plain minimax in tests/analysis/test_solver_speed.py.

The cost of a node, in instructions (``valgrind --tool=callgrind`` on full guild deal
1 and position 1008; the node counts do not change): the core as first ported 830 a
node; table entries of 16 bytes, four to a 64-byte line and told apart by a 64-bit check
from a second hash of the key (was: the 48-byte key in a 64-byte entry) 692; what each
side has taken kept as a running tally in the state, one addition a card at the end of
a trick (the summary, the decided matti point and the final value then count nothing),
and value classes copied from a table per tie-break level 567; the forced last trick
scored at once, and declarations skipped where the pair to act holds no king or queen
of an undeclared suit 537. The WebAssembly build copies the search's states with the
bulk-memory ``memory.copy`` (``-mbulk-memory``) instead of a byte loop: 25–35% less
time under Node.

Tried in the core and not kept: exact values (a full window) two tricks from the end,
so that later probes always find an exact entry: position 1008 154,867 → 160,821 nodes,
full deal 1 560,145 → 591,123 (three tricks from the end: 252,492 and 785,649), as in the
Python search; a later-trick bound on declarations (no more declarations than windows a
pair can still get: one now, one after each trick but the last): not one node fewer on
any of these positions, the potential of marriages binds first; a table of 2**20 entries
(16 MiB) instead of 2**18 (4 MiB): pagat full deal 4 15.9 → 12.8 million nodes, but the
others as many nodes and 5–25% more time (cache). Partition search (the bridge solvers'
winning ranks) is not in the core: the Python search measured it (below) at 4–8% fewer
nodes for more time per node, since the duty to beat pins most small cards.

Measured and not kept (positions after trick 3, 200 a family, seeds 2000–2199, a fresh
solver each; the core now visits guild 2.99, pagat 2.80, Huutopussi 3.64 million nodes
for them): the last two tricks searched without the table, guild 3.51 → 6.11 million
nodes, no faster; searched in full and stored as an exact entry, 3.11 → 3.13 million,
no faster (the table's cut-offs there are worth more than the work they save); the
position's value first, then each action within it: 1–9% more nodes; other probe orders
(bisection later, never, or only between two found bounds; an aspiration window of ±4
to ±60 points for Huutopussi): within 3%. How much better first guesses could give at
most, measured with each action's true value as its first guess: 11% fewer nodes in
Marjapussi, 28% in Huutopussi.

Levers outside the search, measured on the same 200 guild and 172 Huutopussi positions
(through Python, the least of five alternating rounds): the compiler's ``-mpopcnt``,
``-march=native`` and ``-O3`` take 0.96–1.01 of the plain ``-O2`` build's time, with the
same nodes (counting bits is not where the time goes). Splitting the root's actions over
this machine's two cores (each action's value in its own call on its own table, two
threads; ``ctypes`` releases Python's lock during a call): guild median 0.94 → 1.78 ms,
p95 3.79 → 5.01 ms, the slowest position 27 → 17 ms. The actions no longer share the
table, and one action's subtree is most of a slow position's work. The slow positions
have no trump yet (19 of the 20 slowest guild positions by nodes, 173 of all 200; pagat
15 of 20 and 151 of 200): each marriage still to be declared, now or after a later trick,
opens a subtree of its own under another trump, where no table entry of the others serves.

Where the time goes: most nodes are in the last three tricks (full guild deal 1: 81,370
of the trick starts two tricks from the end, 38,216 three from the end), nearly every
visit there a position not seen before (counted exactly: 86,555 visits of 38,372
positions two tricks from the end), and the move ordering leaves little (95% of the
cut-offs inside tricks and 88% at trick starts come from the first move tried). The
expensive probes are those that prove an upper bound: on position 1008 the probe
"at least -1?" of the fourth card took 74,271 of the position's 154,867 nodes. So the
positions after trick 3 that take longest (1008: 11–20 ms) stay above the issue's 2 ms,
while the median is about 1 ms.

How the pure-Python search works, and what each part bought. Nodes searched for every legal action's
exact value: set A is three guild positions at trick 3 (seeds 0–2 after eight random
actions, declarations still open); set B is ten positions (seeds 0–4 after eight and after
twelve random actions). Times on this shared machine varied too much to compare; nodes
do not.

==========================================================  ===========  ===========
technique                                                   set A        set B
==========================================================  ===========  ===========
plain alpha-beta, table at trick boundaries (absolute       2,166,108
cards and the points so far in the key), MTD(f) per
action, cards 6–9 merged
+ fast path for cards inside a trick, value classes         1,247,962    2,252,499
(all cards of one worth merged, every card once the
matti point is decided), asks that change nothing
skipped, quick bounds at boundaries, the table's best
move first
+ move ordering: top cards of a suit led first, then                     1,199,563
low; follow by winning cheaply, else throwing low;
feed the partner's trick only as the last hand
+ relative ranks in the table key (played cards drop out    502,144      973,874
of the key, so more positions share an entry)
==========================================================  ===========  ===========

A second series (set C: the benchmark's eight guild positions after three random tricks,
``scripts/bench_analysis.py`` seeds 1001–1008) counts nodes and also the moves made
(``push``), since the forced last trick is now played out without counting its nodes:

==========================================================  ===========  ===========
technique                                                   nodes        moves
==========================================================  ===========  ===========
as above (the start of this series)                         383,672      384,757
+ the matti point decided as soon as the pips or aces       292,167      430,641
settle it; cards merged by what still counts (pips
only while the pips can tie, aces apart from tens only
while the aces can; a king and queen kept apart only
while one pair holds both in an undeclared suit);
settled tie-breaks out of the table key; the forced
last trick played out without a table entry
+ history heuristic for leads (cut-offs counted per card,   316,898      464,331
kept for the whole deal)
+ the forced last tricks remembered by cards, leader,       316,898      353,423
trump and summary; the bound objective and the search's
caches kept for every position of one deal
==========================================================  ===========  ===========

The history heuristic costs these positions 8% more moves (without it: 292,167 nodes,
327,401 moves). On the benchmark's full guild deals 1–5 it is mixed: without it the
median deal took 311,004 nodes and the worst 1,460,558; with it 560,152 and 723,188. It
is kept for the smaller worst case.

Measured on a subset (seeds 1001–1004, nodes): deciding the matti point by its tie-breaks
alone 120,644 → 114,974; the settled tie-breaks out of the key 114,974 → 114,067; the
finer value classes (seeds 1001–1006) 115,702 → 102,622. Tried and not kept: a full
window instead of MTD(f) at the root (137,867 against 131,574 nodes on seeds 1001–1006),
pure MTD(f) without bisection (123,178, but more probes' time), an aspiration window
(125,774); bounds from which pair can still reach the matti point with every card left
(no change); no table two tricks before the end (1.6 times the moves) or three (2.8).
The CPU time of a node fell too: the table key computed straight from the hands' bits,
the objective's counts of matit, pips and aces in one tally with the decided verdict
and the key part cached by it, the null-ask memo keyed by small numbers, and the table's
move found by identity (hashing and comparing the action dataclasses had been a tenth
of the time).

A third series (this round: where the time goes, and the big levers tried; nodes are
comparable across runs, CPU times only within one run, old and new code interleaved):

* Where the time goes (``cProfile``, full guild deal 1: 560,152 nodes): the search's
  card nodes a fifth of the time, the engine's ``push``/``pop`` with the end of a trick a
  quarter, the boundary nodes with their table key and the objective's calls (state,
  classes, bounds) most of the rest; no one part stands out. Measured without the
  profiler: a card played and taken back inside a trick costs 1 µs of CPU, one that ends
  the trick 4.4 µs, against 14–20 µs a node on the whole.
* The tree is near the smallest this search can walk: on set C, 91% of the cut-offs at
  trick boundaries come from the first move tried, 98% inside tricks. A full deal's work
  is one proof: on full deal 2 (one legal first card) the three probes made 31,228,
  530,833 and 170 moves; the second (North–South get at least 1) is 94% of them, and
  86% of all the moves were made in tricks 6–8. At two tricks from the end it looked up the table
  87,198 times for 26,878 keys (12,100 layouts of the cards).

==========================================================  ===========  ===========
technique (set C, one run, old against new)                 nodes        CPU time
==========================================================  ===========  ===========
root probes from the previous action's value (before)       316,898      1.00
+ each root action first probed at the best value found     257,150      0.95
so far (pagat 146,997 → 146,771; Huutopussi 151,881 →
142,078 nodes); kept
==========================================================  ===========  ===========

Tried in this round and not kept (nodes on set C's first six or ten positions, the
base measured in the same run): exact values (a window of the quick bounds, so that
later probes find them in the table) in the last two tricks 97,093 → 105,058 nodes and
1.21 times the CPU time, the last three 157,559, the last four 241,935; the pips
tie-break in the table key by how many of the pip sums still to take fall short of a
tie (more positions per entry) 97,093 → 96,714 nodes but 1.08 times the CPU time; root
actions ordered by a one- or two-trick search first 271,400 → 271,751 and 279,792; an
aspiration window of width two around the guess 279,690; MTD(f) without bisection
281,605; the root's quick bounds as a stopping rule 270,143 (0.5%); without the history
heuristic 292,125. Cheaper nodes without fewer of them: the boundary's moves kept by the
exact position, the key's cards part kept by the hands, one evaluator call for classes,
summary and additive, a memo of each suit's key code: 0.99–1.04 times the old CPU time
(interleaved, least of three runs each), no gain that the noise of this machine shows;
left out. The replacement policy does not come into play here: a full deal's table
holds some 51,000 entries (full deal 1: 51,041 keys), under the 200,000 bound.

* The transposition table stores, at trick boundaries, bounds on the value of the
  *remainder*: the objective's ``additive`` part (declaration points already scored) is
  kept out, and its ``summary`` holds only what the rest still depends on (guild: the
  matit NS took, and the pips and aces only while that tie-break is still open, or just
  who has the matti point once it is decided). It is bounded by ``tt_size`` entries:
  when full, the older half is forgotten. A ``Solver`` keeps it, the bound objective and
  its small caches (null asks, forced last tricks) across the positions of one deal.
* Zero-window searches: each action's exact value comes from ``search(g - 1, g)``
  probes, MTD(f) from the best value of the actions searched before it, then bisection
  on the objective's value range; two to three probes an action in the guild rules.
* Equivalent cards: two cards next to each other in one hand (every card between them
  played) and of one value class are one move; the value is copied to the other.
* Quick bounds: at a trick boundary the objective bounds the final value from what is
  fixed and what is still possible; a window outside those bounds is cut without search.

Measured with ``scripts/bench_analysis.py`` (CPU time of the process, CPython 3.11, on a
2-core machine shared by many processes, load average 7 to 34, which inflates CPU times
too): a full guild deal from its first card (every legal action's exact value), seeds
1–5: 11.2 s median and 15.6 s at the 95th percentile (560,152 and 723,188 nodes; in a
quieter run of seeds 1–6, 1.9 s median and 15.9 s); at the start of this series the
same benchmark had given 8.0 s median and 49.6 s p95 (0.5–3.5 million nodes). Measured
in one run, old against new on the full guild deals 2 and 3: 3,834,852 against
1,717,733 nodes, 73.7 against 51.3 CPU seconds; on six positions after trick 3 the new
code took 0.86 of the old one's CPU time. Still far from the issue's goal (100 ms median,
300 ms p95 a full deal; 20 ms a position after trick 3): the search needs some 10⁵–10⁶
nodes a full deal at 10–20 µs a node in CPython. Positions after trick 3 (seeds
1001–1004): 63–621 ms in CPython, and Pyodide under Node took 2.4–3.1 times the CPU time
of CPython on the same positions in the same run (median 2.6).

The last run of this round (``--families guild --deals 5 --positions 8 --pyodide-deals
2``, load average 27 to 40): a full guild deal 7.7 s median and 13.1 s p95 of CPU time
(560,152 and 723,188 nodes, as before: a full deal has one to a few legal first cards,
so the root's new order changes nothing there); positions after trick 3 0.22 s median
and 1.8 s p95 (16,646 and 154,867 nodes); Pyodide under Node 1.70 and 1.78 times
CPython's CPU time on deals 1 and 2. The issue's goal stays out of reach for this
design: about 50 to 100 times too slow on full deals, 10 times after trick 3. The tree
is near the smallest this search walks, and no node cost stood out to cut, so what is
left is a different search (partition search, keeping which ranks mattered for a
stored bound, so that one entry serves many layouts) or fewer, larger steps per node.

A fourth series: partition search (Ginsberg's, the "winning ranks" of bridge solvers),
for the guild and pagat ``DealPoints`` and ``EraUtility`` (the Huutopussi objective kept
the exact table). It was built, tested against the exact table and measured, then taken
out again, since it does not pay: commit bfaa0a9 holds it (``Solver(partition=True)``,
``Solver.adopt``, ``scripts/bench_analysis.py --compare-partition`` and its tests). A
table entry also stored how many of each suit's lowest cards in play were free: cards of
the six's value class, never a king or queen, whose holders the stored bound did not
depend on. It then served every position with the same counts per hand and suit, the
same state and summary, and the same holders and classes of the other (pinned) cards.
What pinned a card, found while the subtree is searched and joined upwards: a small card
that beat another card of its suit in a trick; a small card winning so far while a later
hand held free cards of its suit under the duty to beat it; a free card merged as an
equivalent card into a pinned one; and whatever the entries the subtree used had pinned.
Measured in one run, off against on, with the same values everywhere:

==============================================  ===========  ===========  =========
partition search (one run, off against on)      nodes off    nodes on     CPU time
==============================================  ===========  ===========  =========
set C, only sixes to nines ever free            257,150      244,618      1.37
set C, every card of the six's class (not       257,150      235,445      1.37
kings or queens; nearly every card once the
matti point is decided)
full guild deals 1–5, the same                  2,085,753    2,008,846    1.16
==============================================  ===========  ===========  =========

Deal by deal (full deals, nodes, CPU seconds off → on): 560,152 → 498,397 and 10.2 →
11.3; 614,208 → 615,965 and 12.3 → 13.2; 723,188 → 711,721 and 12.2 → 15.6; 77,219 →
75,937 and 1.4 → 1.9; 110,986 → 106,826 and 2.2 → 2.4. It does not pay: 4–8% fewer
nodes for 16–37% more CPU time (the coarse key, the patterns tried
at each lookup, the pins gathered). The game leaves few cards free: with the duty to beat
(on in every preset) a small card led and followed in its suit pins it and every card of
its suit above it, and a small trump or a nine that takes a trick pins its suit as well.
Even without the must-beat pins (which gives wrong values; measured only to bound the
gain) positions 1002, 1004 and 1008 took 170,497 nodes against 197,828 with them and
219,329 with the exact table. At two tricks from the end (position 1008) the table was
probed 17,875 times and 9,914 probes found an entry; 6,006 were searched, so most of the
work is the same few layouts searched again with other windows, which no pattern saves.
The forced last trick by pattern was measured and not built: on position 1008 its cache
was asked 19,386 times and played out 4,462 last tricks (752 sets of cards), some 3% of
the time, the most a pattern key could save. Nor does one table (``Solver.adopt``, which
kept a table for another layout of the same pack) serve the layouts a bot samples:
eight layouts of East's and West's cards of each of positions 1001–1005 (after trick
3), solved one after the other, took 1,037,311 nodes with a fresh solver each,
1,083,631 with one exact table kept (``adopt``) and 1,073,051 with one partition table
kept (CPU time 1.00, 1.08 and 1.69).

Beside the solver, the players at the table: ``view`` (``SeatView``, what one seat
sees, and nothing else), ``inference`` (what the table reveals about the other hands, as
data), ``sampler`` (dealing the unseen cards consistently with it) and ``bots``
(``choose(view, level, rng)`` for the levels ``random``, ``beginner`` and ``club``, each
decision explained in three languages by ``reasons``).
"""

from __future__ import annotations

from .bots import LEVELS, BotSettings, Decision, choose
from .core import backend
from .objectives import ContractResult, DealPoints, EraUtility, ImpossiblePosition, Objective, SolveError
from .positions import check_position
from .sampler import ImpossibleConstraints, sample_deals
from .solver import Analysis, Solver, solve
from .view import SeatView

__all__ = [
    "LEVELS",
    "Analysis",
    "BotSettings",
    "ContractResult",
    "DealPoints",
    "Decision",
    "EraUtility",
    "ImpossibleConstraints",
    "ImpossiblePosition",
    "Objective",
    "SeatView",
    "SolveError",
    "Solver",
    "backend",
    "check_position",
    "choose",
    "sample_deals",
    "solve",
]
