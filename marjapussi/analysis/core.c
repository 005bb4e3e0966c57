/* The compiled search core of marjapussi.analysis: the double-dummy search of card play.

   One freestanding C file: no libc, no allocation, no static or global mutable state.
   The caller passes one buffer that holds everything: the position and the rules (the
   header, 32-bit words, laid out by the H_ enum below and mirrored by core.py), the
   answers, the objective's tables, the history of cut-offs and the transposition table.
   Two threads may search at once, each in its own buffer.

   What it restates of the engine (marjapussi.deal, marjapussi.huutopussi,
   marjapussi.marriage_trumps): the legal cards (follow suit, must beat, must trump, the
   first-trick ace, the opening and small-trump lead duties), declarations, asks, answers
   and burning, marriages led in Huutopussi, the end of a trick; of Huutopussi with
   marriage trumps the declarations, asks, bluffs, answers and bars, trump replaced by
   each marriage, the own-led window and the three-player discard; of the objectives (marjapussi.analysis.objectives): the final
   value, the summary and additive part of the table key, the value classes and the quick
   bounds of DealPoints, EraUtility (its values come from Python as a table),
   ContractResult and ExactContract. The tests compare its moves with the engine's at
   every node and its values with the pure-Python solver's.

   Entry points (each takes the buffer and its size; 0 or more is success, a negative
   number an error code, E_ below): mp_solve (the value of every legal action, the best
   one and the principal line), mp_value (the exact value of the position and its line),
   mp_moves (the moves the search generates at the position, in the engine's order).
   Every field is checked before a search; a forged position returns an error code.

   Build switches (for tests and measurements): BREAK_MUST_BEAT (a deliberately broken
   duty, which the tests must catch); NO_QUICK_TRICKS, NO_CASHING, NO_RELATIVE_RANKS,
   NO_ZERO_WINDOW, NO_HISTORY (the core without one of its techniques, for
   scripts/bench_analysis.py --compare); CORE_STATS (counters, for a measuring harness
   that includes this file). */

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;
typedef int i32;
typedef unsigned short u16;
typedef short i16;
typedef unsigned char u8;
typedef signed char i8;

#define EXPORT __attribute__((visibility("default")))

#ifdef __wasm__
/* clang may turn struct copies into calls of these; with -nostdlib they must be here. */
__attribute__((visibility("hidden"))) void *memset(void *dest, int value, unsigned long n) {
    u8 *d = (u8 *)dest;
    while (n--) *d++ = (u8)value;
    return dest;
}
__attribute__((visibility("hidden"))) void *memcpy(void *dest, const void *src, unsigned long n) {
    u8 *d = (u8 *)dest;
    const u8 *s = (const u8 *)src;
    while (n--) *d++ = *s++;
    return dest;
}
__attribute__((visibility("hidden"))) void *memmove(void *dest, const void *src, unsigned long n) {
    u8 *d = (u8 *)dest;
    const u8 *s = (const u8 *)src;
    if (d < s) {
        while (n--) *d++ = *s++;
    } else {
        d += n;
        s += n;
        while (n--) *--d = *--s;
    }
    return dest;
}
extern unsigned char __heap_base;
/* Where the caller's buffers may start in the module's memory (the linker's heap base). */
EXPORT u32 mp_heap_base(void) { return (u32)(unsigned long)&__heap_base; }
#endif

/* ------------------------------------------------------------------ the buffer's layout */

#define VERSION 5
#define HEADER_WORDS 512
#define MAX_ACTIONS 64
#define MAX_LINE 128
#define MAX_PATH 12
#define MAX_CARRIED 4
#define UDIM_MAX (8 + MAX_CARRIED)
#define VALUE_LIMIT 30000
#define TT_OPEN 32767
#define INF 1000000000

enum {
    /* in: the call */
    H_VERSION = 0,
    H_TT_LOG2 = 1,      /* log2 of the transposition table's entries */
    H_RESET = 2,        /* 1: forget the table, the history and the caches (another deal) */
    H_TRACE_WORDS = 3,  /* words of the trace area (0: no trace) */
    H_LINE_WANTED = 4,  /* mp_value: 1 to find the principal line too */
    H_NODE_BUDGET = 5,  /* the most nodes this call may visit (0: no limit); see E_UNFINISHED */
    H_MT_SCORING = 6,   /* exact contract: bit 0 the declarer's seat-and-bid no-trick penalty
                           (else his side's, twice the contract), bit 1 defenders rounded to 5 */
    H_MT_VALUES = 7,    /* exact contract: each suit's marriage value / 4, one byte a suit */
    /* in: the rules */
    H_PLAYERS = 8,
    H_TRICKS = 9,
    H_DECK = 10,
    H_HP = 11,          /* 1: Huutopussi (marriages on lead), 0: Marjapussi */
    H_MUST_BEAT = 12,
    H_FIRST_TRICK_ACE = 13,
    H_DECLARE_FROM = 14,
    H_SMALL_TRUMP_LEAD = 15,
    H_CLUBS_ACE_LEAD = 16,
    H_ACE_SPADE_LEAD = 17,
    H_MT = 18,          /* 1: Huutopussi with marriage trumps (moves only so far: see mp_solve) */
    H_OWN_LEAD = 19,    /* 1: the window opens only for a player who won the trick he led */
    /* in: the objective */
    H_KIND = 20,        /* 1 DealPoints, 2 EraUtility, 3 ContractResult */
    H_GUILD = 21,       /* 1: the guild's matti point, 0: pagat's card-point majority */
    H_SIMPLIFIED = 22,  /* pagat card values: 1 simplified, 0 original */
    H_CARRIED = 23,
    H_LOW = 24,
    H_HIGH = 25,
    H_BID = 26,
    H_BIDDER_SIDE = 27, /* -1: nobody bid */
    H_DOUBLE = 28,
    H_MOLOTOV = 29,
    H_BONUS = 30,       /* 3 words: each side's bonus (four aces) */
    H_DISCARD_SIDE = 33,
    H_DISCARD_POINTS = 34,
    H_ASK_RULES = 35,   /* marriage trumps: bit 0 ask_lockout illisoft, bit 1 bluff_half_ask */
    H_PENDING_CARD = 36, /* marriage trumps: the card a pending half ask asks for (-1: none) */
    H_DECLARER = 37,    /* exact contract: the declarer's seat (-1: nobody bid) */
    H_CONTRACT = 38,    /* exact contract: the contract */
    H_LAST_BONUS = 39,  /* exact contract: the last trick's points */
    /* in: the position */
    H_HANDS = 40,       /* 4 seats x (low word, high word) */
    H_TAKEN = 48,       /* 3 sides x (low, high) */
    H_DISCARDED = 54,   /* (low, high) */
    H_TRICK_N = 56,
    H_TRICK = 57,       /* 4 words */
    H_LEADER = 61,
    H_TO_ACT = 62,
    H_DONE = 63,
    H_TRUMP = 64,
    H_DECLARED = 65,
    H_BURNED = 66,
    H_WINDOW = 67,
    H_PENDING_ASKER = 68, /* -1: no ask pending */
    H_PENDING_HALF = 69,
    H_PENDING_SUIT = 70,
    H_LEAD_DUTY = 71,
    H_WON = 72,         /* 3 words */
    H_DECL = 75,        /* 2 words: declaration points of NS and EW */
    H_MARRIAGES = 77,   /* 3 words: marriage points announced by each side */
    H_LAST_SIDE = 80,
    H_PATH_N = 81,      /* mp_moves: apply this many moves first (at most MAX_PATH) ... */
    H_PATH = 82,        /* ... these, each checked against the moves generated there */
    H_DECLARER_WON = 94, /* exact contract: 1 when the declarer has won a trick himself */
    /* out */
    H_STATUS = 96,
    H_NODES_LO = 97,
    H_NODES_HI = 98,
    H_N_ACTIONS = 99,
    H_BEST = 100,
    H_VALUE = 101,
    H_LINE_N = 102,
    H_MAXIMISER = 103,  /* 1: the side to act maximises the objective */
    H_TRACE_LEN = 104,
    H_TRACE_FULL = 105,
    H_TRACE_AT = 106,   /* the trace's first word in the buffer */
    H_ERROR_LINE = 107, /* the line of core.c whose check refused the header */
    H_ACTIONS = 128,    /* MAX_ACTIONS words */
    H_VALUES = 192,     /* MAX_ACTIONS words */
    H_LINE = 256        /* MAX_LINE words */
};

/* After the header: the core's own words (the table's generation, the history of
   cut-offs), never written by the caller; then the era table (written by the caller),
   the era bounds' cache, the trace and the transposition table. The regions before the
   trace have fixed sizes, so that one buffer serves every objective. */
#define CORE_WORDS 160
#define CORE_GENERATION 0
#define CORE_TT_LOG2 1
#define CORE_HISTORY 16
#define UTILITY_AT (HEADER_WORDS + CORE_WORDS)
#define UTILITY_WORDS (UDIM_MAX * UDIM_MAX * 4)
#define ERA_CACHE_WORDS (UDIM_MAX * UDIM_MAX * UDIM_MAX * UDIM_MAX * 4 * 2)
/* After the era bounds' cache: where an mp_value search cut short by its node budget stopped
   (Resume), so that the same call again goes on from there. */
#define RESUME_WORDS 8192
#define MAX_FRAMES 160

enum {
    E_BUFFER = -1,     /* the buffer is too small or misaligned */
    E_VERSION = -2,    /* the header's layout is another version */
    E_RULES = -3,      /* a rule field is out of range */
    E_OBJECTIVE = -4,  /* an objective field is out of range */
    E_POSITION = -5,   /* the position is not a position of these rules */
    E_OVER = -6,       /* the deal is over: nothing to search */
    E_TABLE = -7,      /* the table's size is out of range */
    E_UNFINISHED = -8, /* the node budget ran out first: nothing answered, but the table keeps
                          every bound proved so far, so the same call again (no reset) goes on
                          where this one stopped (the browser's review is searched in slices
                          that a reader's click can come between); mp_value keeps its place
                          too (RESUME_WORDS): see Resume */
    E_RESUME = -9      /* a kept place does not fit the search that resumes it (a bug) */
};

/* Moves: 0-35 play a card; 36-39 declare a suit; 40 ask whole; 41-44 ask half;
   45-48 answer a suit; 49 answer no; 50-57 a bluff half ask (marriage trumps), 50 + 2 x suit
   + 1 when it names the queen (0: the king); 64-99 lead a card announcing a marriage.

   Marriage trumps (H_MT) keep their bars in `burned` as the engine does: bits seat x 4 +
   suit (the seat may not declare that suit from his hand), 16 + seat (the seat may not ask
   his partner for a whole marriage), 20 + pair x 4 + suit (the pair's half ask in that suit
   was answered no). */
#define M_DECLARE 36
#define M_ASK_WHOLE 40
#define M_ASK_HALF 41
#define M_ANSWER 45
#define M_ANSWER_NO 49
#define M_ASK_BLUFF 50
#define M_END_ASKS 58
#define MT_WHOLE_BAR 16
#define MT_DENIED 20
#define M_MARRIAGE 64

/* ------------------------------------------------------------------ cards */

#define SUIT_BITS 0x1FFULL
#define RANK_MASK(r) ((1ULL << (r)) | (1ULL << (9 + (r))) | (1ULL << (18 + (r))) | (1ULL << (27 + (r))))
#define JACKS RANK_MASK(4)
#define QUEENS RANK_MASK(5)
#define KINGS RANK_MASK(6)
#define TENS RANK_MASK(7)
#define ACES RANK_MASK(8)
#define CLUBS_ACE (1ULL << 35)
#define ALL_CARDS ((1ULL << 36) - 1)

static inline u64 suit_mask(int s) { return SUIT_BITS << (9 * s); }
static inline u64 kq_mask(int s) { return 3ULL << (9 * s + 5); }
static inline u64 above(int c) { return suit_mask(c / 9) & ~((2ULL << c) - 1); }
static inline int pc(u64 m) { return __builtin_popcountll(m); }
static inline int low_card(u64 m) { return __builtin_ctzll(m); }
static inline u64 deck_mask(int deck) {
    u64 m = 0;
    int lowest = (36 - deck) / 4;
    for (int s = 0; s < 4; s++) m |= (SUIT_BITS << lowest & SUIT_BITS) << (9 * s);
    return m;
}

/* Card points (A 11, 10 10, K 4, Q 3, J 2; simplified A 10, 10 10, K Q J 5). */
static int points_of(u64 m, int simplified) {
    int a = pc(m & ACES), t = pc(m & TENS), k = pc(m & KINGS), q = pc(m & QUEENS), j = pc(m & JACKS);
    return simplified ? 10 * (a + t) + 5 * (k + q + j) : 11 * a + 10 * t + 4 * k + 3 * q + 2 * j;
}
static inline int matit_of(u64 m) { return pc(m & (ACES | TENS)); }
static inline int pips_of(u64 m) { return 4 * pc(m & KINGS) + 3 * pc(m & QUEENS) + 2 * pc(m & JACKS); }
static inline int aces_of(u64 m) { return pc(m & ACES); }

/* Move-ordering worth: card points (original values) then rank. */
static inline int order_worth(int c) {
    static const u8 worth[9] = {0, 1, 2, 3, 24, 35, 46, 107, 118};
    return worth[c % 9];
}

/* ------------------------------------------------------------------ state */

typedef struct {
    u64 hands[4];
    u64 table; /* the cards of the trick so far */
    u8 trick[4];
    u8 ntrick, leader, to_act, done;
    i8 win, trump, lead_duty, pend_asker;
    u8 pend_half, pend_suit, window, declared;
    i8 pend_card; /* marriage trumps: the card a pending half ask asks for (-1: none) */
    u8 decl_won;  /* exact contract: the declarer has won a trick himself */
    u32 burned;
    u8 won[3];
    u8 last_side;
    i8 decl[2];
    i16 marr[3];
    u64 tally[3]; /* what each side has taken: matit, pips, aces, card points (TALLY) */
} State;

/* A tally packs the matit, pips and aces (the guild's matti point) and the card points
   (the objective's values) a side has taken, so that a trick adds one number a card. */
static inline int matit_in(u64 t) { return (int)(t & 255); }
static inline int pips_in(u64 t) { return (int)(t >> 8 & 255); }
static inline int aces_in(u64 t) { return (int)(t >> 16 & 255); }
static inline int points_in(u64 t) { return (int)(t >> 24 & 0xFFFF); }
static inline u64 tally_of(int card, int simplified) {
    static const u8 pips[9] = {0, 0, 0, 0, 2, 3, 4, 0, 0};
    static const u8 points[2][9] = {{0, 0, 0, 0, 2, 3, 4, 10, 11}, {0, 0, 0, 0, 5, 5, 5, 10, 10}};
    int rank = card % 9;
    return (u64)(rank >= 7) | (u64)pips[rank] << 8 | (u64)(rank == 8) << 16 | (u64)points[simplified][rank] << 24;
}

/* An entry of the transposition table: four share a 64-byte line (a bucket). The key's
   first hash picks the bucket, its second (`check`) tells the positions in it apart. */
typedef struct {
    u64 check;
    i16 lo, hi; /* bounds on the remainder's value; TT_OPEN: none */
    u8 move, gen, depth, pad;
} Entry;

typedef struct {
    /* rules */
    int players, tricks, deck, hp, must_beat, first_ace, declare_from, small_lead, clubs_ace, ace_spade;
    int mt, own_lead, illisoft, bluff;
    int side[4], next[4], nsides;
    /* objective */
    int kind, guild, simplified, carried, low, high, max_side;
    u64 pack;
    int tot_matit, tot_pips, tot_aces, pack_points;
    u64 card_tally[36], pack_tally;
    i8 classes[6][36]; /* value classes by card: guild's four levels, pagat, Huutopussi */
    const i32 *utility;
    int udim;
    i32 *era_cache;
    int bid, bidder_side, dbl, molotov, bonus[3], discard_side, discard_points;
    int declarer, contract, last_bonus, seat_penalty, rounding, mt_values[4];
    /* search */
    u64 nodes;
    u64 budget;  /* H_NODE_BUDGET (0: none) */
    int stopped; /* the budget ran out: every node returns at once and nothing is stored */
    struct Resume *res; /* where a search cut short stopped (mp_value resumes it) */
    int rdepth;  /* frames of res still to go down through (resuming) */
    int resume_value, resume_line, broken;
    Entry *tt;
    u32 tt_mask;
    u32 gen;
    u32 *history;
    /* trace */
    i32 *trace;
    u32 trace_cap, trace_len;
    int trace_on, trace_full, ply;
    u8 path[MAX_LINE];
#ifdef CORE_STATS
    u64 stat_boundary[16], stat_play[16], stat_tt_cut[16], stat_bound_cut[16], stat_tt_open[16], stat_last;
    u64 stat_cut_first[16], stat_cut_later[16], stat_bcut_first[16], stat_bcut_later[16];
#endif
} Ctx;

/* One node of the search on the way down to where a search cut short by its node budget
   stopped: what its loop over the moves had when it called the child under way. */
typedef struct {
    i32 kind, i, n, alpha, beta, best, best_move, a0, b0, found, e_lo, e_hi, add, pad[3];
    u64 index, check;
    u8 moves[MAX_ACTIONS];
} Frame;

/* Where mp_value stopped when its node budget ran out, kept in the buffer: the same call
   again (the same inputs, no reset: `key`) goes down the same moves to the node that was
   about to be searched and goes on there, so that a search in slices visits exactly the
   nodes, in the same order, with the same table and history, that one search without a
   budget visits, and counts them alike (each node once). `key` 0: nothing to resume. */
typedef struct Resume {
    u64 key;
    i32 depth, overflow, phase, value; /* frames kept; too deep to keep; 0 value, 1 line */
    i32 low, high, g, probes;          /* exact_value's zero-window searches */
    i32 line_n, line_i, line_k, pad;   /* principal_line's */
    State line_s;
    u8 kept[MAX_ACTIONS];
    i32 out[MAX_LINE];
    Frame frames[MAX_FRAMES]; /* the innermost first */
} Resume;

_Static_assert(sizeof(Resume) <= RESUME_WORDS * 4, "RESUME_WORDS holds a Resume");

/* Counters for measuring (a harness that includes this file defines CORE_STATS). */
#ifdef CORE_STATS
static void stat_visit(const void *state, int done);
#define STAT(c, name, done) ((c)->stat_##name[(done) & 15]++)
#else
#define STAT(c, name, done) ((void)0)
#endif

static inline int is_max(const Ctx *c, int seat) { return c->side[seat] == c->max_side; }

/* ------------------------------------------------------------------ legality */

static u64 legal_mask(const Ctx *c, const State *s) {
    u64 hand = s->hands[s->to_act];
    int must_beat = c->must_beat;
#ifdef BREAK_MUST_BEAT
    must_beat = 0;
#endif
    if (s->ntrick == 0) {
        if (s->done == 0) {
            if (c->clubs_ace && (hand & CLUBS_ACE)) return CLUBS_ACE;
            if (c->ace_spade) {
                u64 m = hand & ACES;
                if (m) return m;
                m = hand & suit_mask(2);
                return m ? m : hand;
            }
            return hand;
        }
        if (s->lead_duty >= 0) {
            u64 m = hand & suit_mask(s->lead_duty);
            return m ? m : hand;
        }
        return hand;
    }
    int led = s->trick[0] / 9;
    int win = s->win;
    u64 follow = hand & suit_mask(led);
    if (follow) {
        u64 ace = 1ULL << (led * 9 + 8);
        if (c->first_ace && s->done == 0 && (follow & ace)) return ace;
        if (must_beat && win / 9 == led) {
            u64 higher = follow & above(win);
            return higher ? higher : follow;
        }
        return follow;
    }
    if (s->trump >= 0) {
        u64 trumps = hand & suit_mask(s->trump);
        if (trumps) {
            if (must_beat && win / 9 == s->trump) {
                u64 higher = trumps & above(win);
                return higher ? higher : trumps;
            }
            return trumps;
        }
    }
    return hand;
}

static int gen_answers(const Ctx *c, const State *s, u8 *out) {
    int asker = s->pend_asker, partner = asker ^ 2, n = 0;
    u64 hand = s->hands[partner];
    if (c->mt) {
        /* A half ask is answered yes when the partner holds the card asked for; a whole
           ask by any marriage of his in an undeclared suit (no bar stops an answer). */
        if (s->pend_half) {
            out[0] = (u8)((hand >> s->pend_card) & 1 ? M_ANSWER + s->pend_suit : M_ANSWER_NO);
            return 1;
        }
        for (int su = 0; su < 4; su++)
            if ((hand & kq_mask(su)) == kq_mask(su) && !((s->declared >> su) & 1)) out[n++] = (u8)(M_ANSWER + su);
        if (!n) out[n++] = M_ANSWER_NO;
        return n;
    }
    if (s->pend_half) {
        u64 missing = kq_mask(s->pend_suit) & ~s->hands[asker];
        out[0] = (u8)((hand & missing) ? M_ANSWER + s->pend_suit : M_ANSWER_NO);
        return 1;
    }
    int blocked = s->declared | (s->burned >> (partner * 4));
    for (int su = 0; su < 4; su++)
        if ((hand & kq_mask(su)) == kq_mask(su) && !((blocked >> su) & 1)) out[n++] = (u8)(M_ANSWER + su);
    if (!n) out[n++] = M_ANSWER_NO;
    return n;
}

/* Marriage trumps (the engine's MarriageTrumpDeal.legal_declarations): own marriages not
   barred, a whole ask unless barred, then each undeclared suit not denied to the pair: a
   half ask where the asker holds one of king and queen, or two bluffs (naming the king,
   the queen) where he holds neither and bluffs are allowed. */
static int gen_declarations_mt(const Ctx *c, const State *s, u8 *out) {
    int seat = s->to_act, n = 0;
    u64 hand = s->hands[seat];
    u32 bars = s->burned;
    int own_barred = (int)(bars >> (seat * 4)) & 15;
    for (int su = 0; su < 4; su++)
        if ((hand & kq_mask(su)) == kq_mask(su) && !(((s->declared | own_barred) >> su) & 1)) out[n++] = (u8)(M_DECLARE + su);
    if (c->players == 3) return n;
    if (!((bars >> (MT_WHOLE_BAR + seat)) & 1)) out[n++] = M_ASK_WHOLE;
    for (int su = 0; su < 4; su++) {
        if (((s->declared >> su) & 1) || ((bars >> (MT_DENIED + (seat & 1) * 4 + su)) & 1)) continue;
        u64 held = hand & kq_mask(su);
        if (held && held != kq_mask(su)) {
            out[n++] = (u8)(M_ASK_HALF + su);
        } else if (!held && c->bluff) {
            out[n++] = (u8)(M_ASK_BLUFF + 2 * su);
            out[n++] = (u8)(M_ASK_BLUFF + 2 * su + 1);
        }
    }
    return n;
}

static int gen_declarations(const State *s, u8 *out) {
    int seat = s->to_act, n = 0, nh = 0;
    u64 hand = s->hands[seat];
    int blocked = s->declared | (s->burned >> (seat * 4));
    u8 halves[4];
    for (int su = 0; su < 4; su++) {
        u64 held = hand & kq_mask(su);
        if (!held) continue;
        if (held == kq_mask(su)) {
            if (!((blocked >> su) & 1)) out[n++] = (u8)(M_DECLARE + su);
        } else if (!((s->declared >> su) & 1)) {
            halves[nh++] = (u8)(M_ASK_HALF + su);
        }
    }
    out[n++] = M_ASK_WHOLE;
    for (int i = 0; i < nh; i++) out[n++] = halves[i];
    return n;
}

static int gen_marriages(const Ctx *c, const State *s, u8 *out) {
    u64 held = s->hands[s->to_act], allowed = legal_mask(c, s);
    int n = 0;
    for (int su = 0; su < 4; su++) {
        u64 kq = kq_mask(su);
        if ((held & kq) == kq && (allowed & kq)) {
            int king = su * 9 + 6, queen = su * 9 + 5;
            if ((allowed >> king) & 1) out[n++] = (u8)(M_MARRIAGE + king);
            if ((allowed >> queen) & 1) out[n++] = (u8)(M_MARRIAGE + queen);
        }
    }
    return n;
}

/* Every move at a node, in the order of the engine's node_actions. */
static int gen_moves(const Ctx *c, const State *s, u8 *out) {
    if (s->pend_asker >= 0) return gen_answers(c, s, out);
    int n = 0;
    if (s->window && s->ntrick == 0) n = c->mt ? gen_declarations_mt(c, s, out) : gen_declarations(s, out);
    u64 mask = legal_mask(c, s);
    while (mask) {
        out[n++] = (u8)low_card(mask);
        mask &= mask - 1;
    }
    if (c->hp && s->ntrick == 0) n += gen_marriages(c, s, out + n);
    return n;
}

/* ------------------------------------------------------------------ make a move */

static void apply_play(const Ctx *c, State *s, int card) {
    int seat = s->to_act;
    s->hands[seat] &= ~(1ULL << card);
    s->table |= 1ULL << card;
    s->window = 0;
    if (s->ntrick == 0) {
        s->lead_duty = -1;
        s->win = (i8)card;
    } else {
        int w = s->win;
        if ((card / 9 == w / 9 && card > w) || (card / 9 == s->trump && w / 9 != s->trump)) s->win = (i8)card;
    }
    s->trick[s->ntrick++] = (u8)card;
    if (s->ntrick < c->players) {
        s->to_act = (u8)c->next[seat];
        return;
    }
    int idx = 0;
    while (idx < 3 && s->trick[idx] != (u8)s->win) idx++;
    int winner = (s->leader + idx) % c->players;
    int side = c->side[winner];
    u64 tally = 0;
    for (int i = 0; i < c->players; i++) tally += c->card_tally[s->trick[i]];
    s->table = 0;
    s->tally[side] += tally;
    s->won[side]++;
    if (winner == c->declarer) s->decl_won = 1;
    s->ntrick = 0;
    s->leader = s->to_act = (u8)winner;
    s->done++;
    s->window = (u8)(c->declare_from <= s->done && s->done < c->tricks && (!c->own_lead || idx == 0));
    s->last_side = (u8)side;
}

static void declare(const Ctx *c, State *s, int seat, int suit) {
    s->declared |= (u8)(1 << suit);
    if (s->trump < 0) {
        s->trump = (i8)suit;
        s->decl[seat & 1] += 2;
    } else {
        s->decl[seat & 1] += 1;
        if (c->small_lead) s->lead_duty = (i8)suit;
    }
}

static void burn_marriages(State *s, int seat) {
    u64 hand = s->hands[seat];
    for (int su = 0; su < 4; su++)
        if ((hand & kq_mask(su)) == kq_mask(su) && !((s->declared >> su) & 1))
            s->burned |= (u16)(1 << (seat * 4 + su));
}

/* Marriage trumps: every declared suit is trump from the next trick on; an ask bars
   (MarriageTrumpDeal._ask_bars) and a no to a half ask denies that suit to the pair. */
static void apply_move_mt(const Ctx *c, State *s, int move) {
    int seat = s->to_act;
    if (move < M_ASK_WHOLE) {
        s->window = 0;
        s->declared |= (u8)(1 << (move - M_DECLARE));
        s->trump = (i8)(move - M_DECLARE);
        s->marr[c->side[seat]] += (i16)c->mt_values[move - M_DECLARE];
    } else if (move == M_ASK_WHOLE || (move > M_ASK_WHOLE && move < M_ANSWER) || (move >= M_ASK_BLUFF && move < M_END_ASKS)) {
        s->window = 0;
        u32 own = 15u << (seat * 4), partner = (u32)(seat ^ 2);
        int suit;
        if (move == M_ASK_WHOLE) {
            s->burned |= c->illisoft ? own : own | 1u << (MT_WHOLE_BAR + partner);
            suit = 0;
            s->pend_card = -1;
        } else {
            if (c->illisoft)
                s->burned |= own | 15u << (partner * 4) | 1u << (MT_WHOLE_BAR + seat) | 1u << (MT_WHOLE_BAR + partner);
            if (move < M_ANSWER) {
                suit = move - M_ASK_HALF;
                u64 rest = kq_mask(suit) & ~s->hands[seat];
                s->pend_card = (i8)low_card(rest);
            } else {
                suit = (move - M_ASK_BLUFF) / 2;
                int named = suit * 9 + ((move - M_ASK_BLUFF) & 1 ? 5 : 6);
                s->pend_card = (i8)low_card(kq_mask(suit) & ~(1ULL << named));
            }
        }
        s->pend_asker = (i8)seat;
        s->pend_half = (u8)(move != M_ASK_WHOLE);
        s->pend_suit = (u8)suit;
        s->to_act = (u8)(seat ^ 2);
    } else {
        int asker = s->pend_asker;
        s->pend_asker = -1;
        s->pend_card = -1;
        s->to_act = (u8)asker;
        if (move != M_ANSWER_NO) {
            s->declared |= (u8)(1 << (move - M_ANSWER));
            s->trump = (i8)(move - M_ANSWER);
            s->marr[c->side[asker]] += (i16)c->mt_values[move - M_ANSWER];
        } else if (s->pend_half) {
            s->burned |= 1u << (MT_DENIED + (asker & 1) * 4 + s->pend_suit);
        }
        s->pend_half = 0;
        s->pend_suit = 0;
    }
}

static void apply_move(const Ctx *c, State *s, int move) {
    int seat = s->to_act;
    if (move >= 36 && move < M_MARRIAGE && c->mt) {
        apply_move_mt(c, s, move);
        return;
    }
    if (move < 36) {
        apply_play(c, s, move);
    } else if (move >= M_MARRIAGE) {
        int card = move - M_MARRIAGE;
        s->marr[c->side[seat]] += (i16)(card / 9 == s->trump ? 40 : 20);
        apply_play(c, s, card);
    } else if (move < M_ASK_WHOLE) {
        s->window = 0;
        declare(c, s, seat, move - M_DECLARE);
    } else if (move < M_ANSWER) {
        s->window = 0;
        burn_marriages(s, seat);
        if (move != M_ASK_WHOLE) burn_marriages(s, seat ^ 2);
        s->pend_asker = (i8)seat;
        s->pend_half = (u8)(move != M_ASK_WHOLE);
        s->pend_suit = (u8)(move == M_ASK_WHOLE ? 0 : move - M_ASK_HALF);
        s->to_act = (u8)(seat ^ 2);
    } else {
        int asker = s->pend_asker;
        s->pend_asker = -1;
        s->to_act = (u8)asker;
        if (move != M_ANSWER_NO) declare(c, s, asker, move - M_ANSWER);
    }
}

/* An ask that changes nothing: the answer must be no and nothing burns. */
static int null_ask(const Ctx *c, const State *s, int move) {
    if (move < M_ASK_WHOLE || move >= M_ANSWER) return 0;
    State t = *s;
    apply_move(c, &t, move);
    u8 answers[4];
    if (t.burned != s->burned || gen_answers(c, &t, answers) != 1 || answers[0] != M_ANSWER_NO) return 0;
    /* Marriage trumps: a no bars the pair's later half asks in the suit, which matters
       only where a bluff could still be answered yes (the engine's denial_matters). */
    if (c->mt && move != M_ASK_WHOLE && c->bluff &&
        ((s->hands[s->to_act] | s->hands[s->to_act ^ 2]) & kq_mask(move - M_ASK_HALF)))
        return 0;
    return 1;
}

/* ------------------------------------------------------------------ the objectives */

/* The matti point or card-point majority, when already beyond doubt (NS minus EW), else 0.
   Guild: a pair has the matti point once it holds more than half the matit, or half of
   them and more than half the pips, or half the matit and pips and more than half the aces. */
static int decided_cards(const Ctx *c, const State *s) {
    if (c->guild) {
        for (int i = 0; i < 2; i++) {
            int m = 2 * matit_in(s->tally[i]), p = 2 * pips_in(s->tally[i]), a = 2 * aces_in(s->tally[i]);
            if (m > c->tot_matit || (m == c->tot_matit && (p > c->tot_pips || (p == c->tot_pips && a > c->tot_aces))))
                return i ? -1 : 1;
        }
        return 0;
    }
    int worth = 1 + c->carried;
    if (2 * points_in(s->tally[0]) > c->pack_points) return worth;
    return 2 * points_in(s->tally[1]) > c->pack_points ? -worth : 0;
}

/* What the rest of the deal depends on of the cards already taken (with the cards still
   in the hands, the declarations and the state, the table's key), the matti point or
   majority if decided, and for the guild how far its tie-breaks are settled:
   *level 0 every tie-break open, 1 the aces settled, 2 the pips settled, 3 decided. */
static u64 summary(const Ctx *c, const State *s, int *level, int *decided) {
    *level = 0;
    *decided = 0;
    if (c->kind == 4) {
        /* Two sides' card points (the third's follows from the cards left), each side's
           marriages, which sides won a trick, whether the declarer himself did. */
        return (u64)points_in(s->tally[0]) | (u64)points_in(s->tally[1]) << 8 | (u64)(u16)s->marr[0] << 16 |
               (u64)(u16)s->marr[1] << 25 | (u64)(u16)s->marr[2] << 34 | (u64)(s->won[0] > 0) << 43 |
               (u64)(s->won[1] > 0) << 44 | (u64)(s->won[2] > 0) << 45 | (u64)s->decl_won << 46;
    }
    if (c->kind == 3) {
        int b = c->bidder_side < 0 ? 0 : c->bidder_side;
        u64 out = (u64)points_in(s->tally[b]);
        for (int i = 0; i < c->nsides; i++) {
            out |= (u64)(u16)s->marr[i] << (8 + 8 * i);
            out |= (u64)(s->won[i] > 0) << (32 + i);
        }
        return out | (u64)c->discard_points << 40;
    }
    u64 base;
    int d = *decided = decided_cards(c, s);
    if (d) {
        *level = 3;
        base = (1ULL << 40) | (u64)(d + 64);
    } else if (!c->guild) {
        base = (2ULL << 40) | (u64)points_in(s->tally[0]);
    } else {
        u64 ns = s->tally[0], ew = s->tally[1];
        if (2 * pips_in(ns) > c->tot_pips || 2 * pips_in(ew) > c->tot_pips) {
            *level = 2;
            base = (3ULL << 40) | ((u64)matit_in(ns) << 16) | (u64)(2 * pips_in(ns) > c->tot_pips ? 1 : 2);
        } else {
            int a_code = aces_in(ns);
            if (2 * aces_in(ns) > c->tot_aces || 2 * aces_in(ew) > c->tot_aces) {
                a_code = 2 * aces_in(ns) > c->tot_aces ? 99 : 98;
                *level = 1;
            }
            base = (4ULL << 40) | ((u64)matit_in(ns) << 16) | ((u64)pips_in(ns) << 8) | (u64)a_code;
        }
    }
    if (c->kind == 2)
        base |= ((u64)s->decl[0] << 44) | ((u64)s->decl[1] << 48) | ((u64)(s->won[0] > 0) << 52) |
                ((u64)(s->won[1] > 0) << 53);
    return base;
}

static inline int additive(const Ctx *c, const State *s) { return c->kind == 1 ? s->decl[0] - s->decl[1] : 0; }

static inline int utility(const Ctx *c, int ns, int ew, int f, int g) {
    return c->utility[((ns * c->udim + ew) * 2 + f) * 2 + g];
}

static int contract_points(int bid, int collected, int dbl) {
    if (collected >= bid) return collected;
    return dbl ? -2 * bid : -bid;
}

static inline int round5(const Ctx *c, int points) { return c->rounding ? (points + 2) / 5 * 5 : points; }

/* Exact contract: the declarer's side's score from what it collected, whether it and the
   declarer himself won a trick (the objective's _bidder_score). */
static int bidder_score(const Ctx *c, int collected, int side_won, int declarer_won) {
    if (c->seat_penalty && !declarer_won) return -2 * c->bid;
    if (!c->seat_penalty && !side_won) return -2 * c->contract;
    return collected >= c->contract ? c->contract : -c->contract;
}

/* Exact contract (the objective's _value): the declarer's side's score minus the other's,
   which scores what it collected (rounded) or minus the bid without a trick. */
static int exact_score(const Ctx *c, const int *col, const int *won, int declarer_won) {
    int b = c->bidder_side;
    if (b < 0) return round5(c, col[0]) - round5(c, col[1]);
    int others = 0;
    for (int o = 0; o < c->nsides; o++)
        if (o != b) others += won[o] ? round5(c, col[o]) : -c->bid;
    return bidder_score(c, col[b], won[b], declarer_won) - others;
}

static int final_value(const Ctx *c, const State *s) {
    if (c->kind == 4) {
        int col[3] = {0, 0, 0}, won[3] = {0, 0, 0};
        for (int i = 0; i < c->nsides; i++) {
            col[i] = points_in(s->tally[i]) + s->marr[i] + (i == s->last_side ? c->last_bonus : 0);
            won[i] = s->won[i] > 0;
        }
        /* Three players: the discard counts for the declarer once he has a trick. */
        if (c->bidder_side >= 0 && won[c->bidder_side]) col[c->bidder_side] += c->discard_points;
        return exact_score(c, col, won, s->decl_won);
    }
    if (c->kind == 3) {
        int col[3] = {0, 0, 0}, total = 0;
        for (int i = 0; i < c->nsides; i++) {
            col[i] = points_in(s->tally[i]) + c->bonus[i];
            if (i == c->discard_side) col[i] += c->discard_points;
            if (i == s->last_side) col[i] += 10;
            if (s->won[i] > 0) col[i] += s->marr[i];
            if (c->molotov && s->won[i] == c->tricks) col[i] += c->molotov;
            total += col[i];
        }
        int b = c->bidder_side;
        if (b < 0) return col[0] - col[1];
        return contract_points(c->bid, col[b], c->dbl) - (total - col[b]);
    }
    int ns = s->decl[0], ew = s->decl[1], cards;
    if (c->guild) {
        u64 a = s->tally[0], b = s->tally[1];
        int d[3] = {matit_in(a) - matit_in(b), pips_in(a) - pips_in(b), aces_in(a) - aces_in(b)};
        cards = d[0] ? d[0] : d[1] ? d[1] : d[2];
        cards = cards > 0 ? 1 : cards < 0 ? -1 : 0;
    } else {
        int a = points_in(s->tally[0]), b = points_in(s->tally[1]);
        cards = a == b ? 0 : a > b ? 1 + c->carried : -1 - c->carried;
    }
    if (cards > 0) ns += cards;
    else ew -= cards;
    if (s->last_side == 0) ns++;
    else ew++;
    if (c->kind == 2) return utility(c, ns, ew, s->won[0] > 0, s->won[1] > 0);
    return ns - ew;
}

/* At most how many points the pair of seat `first` (0 or 1) can still declare: one
   declaration a suit whose marriage the pair may still hold, the first worth one more
   while there is no trump. */
static int declaration_potential(const State *s, int first) {
    int a = first, b = first + 2, count = 0;
    for (int su = 0; su < 4; su++) {
        if ((s->declared >> su) & 1) continue;
        u64 kq = kq_mask(su), ha = s->hands[a] & kq, hb = s->hands[b] & kq;
        if ((ha == kq && !((s->burned >> (a * 4 + su)) & 1)) || (hb == kq && !((s->burned >> (b * 4 + su)) & 1)) ||
            (ha && hb && (ha | hb) == kq))
            count++;
    }
    return count && s->trump < 0 ? count + 1 : count;
}

/* The cards the player to lead can cash one after another whatever the others do: in each
   suit the leader's cards above every other hand's, as many as every other hand holding
   a trump can follow (so that nobody ruffs; the partner too, who would take the lead).
   None in the first trick (its lead duties) or under a duty to lead a suit. */
static u64 cashable(const Ctx *c, const State *s) {
    if (s->done == 0 || s->lead_duty >= 0) return 0;
    int seat = s->to_act, nt = 0;
    u64 mine = s->hands[seat], others = 0, trumpers[3];
    for (int i = 0; i < c->players; i++) {
        if (i == seat) continue;
        others |= s->hands[i];
        if (s->trump >= 0 && (s->hands[i] & suit_mask(s->trump))) trumpers[nt++] = s->hands[i];
    }
    u64 out = 0;
    for (int su = 0; su < 4; su++) {
        u64 m = mine & suit_mask(su), o = others & suit_mask(su);
        if (!m) continue;
        u64 top = o ? m & above(63 - __builtin_clzll(o)) : m;
        int k = pc(top);
        if (su != s->trump)
            for (int i = 0; i < nt; i++) {
                int follow = pc(trumpers[i] & suit_mask(su));
                if (follow < k) k = follow;
            }
        while (pc(top) > k) top &= top - 1; /* the k highest */
        out |= top;
    }
    return out;
}

/* Whether the player to lead takes every trick left whatever the others do: each of the
   leader's cards is above every other hand's card of its suit, and no other hand can
   ruff (no trump, nobody else holds one, or the leader holds only trumps). */
static int leader_sweeps(const Ctx *c, const State *s) {
    int seat = s->to_act;
    u64 mine = s->hands[seat], others = 0;
    for (int i = 0; i < c->players; i++)
        if (i != seat) others |= s->hands[i];
    for (int su = 0; su < 4; su++) {
        u64 m = mine & suit_mask(su), o = others & suit_mask(su);
        if (m && o && (o & above(low_card(m)))) return 0;
    }
    if (s->trump >= 0) {
        u64 t = suit_mask(s->trump);
        if ((others & t) && (mine & ~t)) return 0;
    }
    return 1;
}

/* Marjapussi's deal points as quick_bounds counts them, box = {NS fixed, NS still
   possible, EW fixed, EW still possible}, narrowed to what the pair to lead makes sure
   of by cashing its winners: if the leader takes every trick left, the cards, the last
   trick and the other pair's declarations are settled; else if the cards the leader can
   cash settle the matti point (or card majority), the other pair cannot have it. The
   box then holds every outcome of the leading pair's cashing, not every outcome: its
   bound on the leading pair's side stands, the other side's stands only for DealPoints
   (the most the other pair can get never grows when the leading pair takes more).
   Returns 1 when it narrowed the box. */
static int cashing_box(const Ctx *c, const State *s, int decided, int *box) {
    int side = c->side[s->to_act], worth = 1 + c->carried;
    State t = *s;
    if (leader_sweeps(c, s)) {
        t.tally[side] = c->pack_tally - s->tally[1 - side]; /* every card left to the leader's pair */
        int cards = decided_cards(c, &t);
        box[0] = s->decl[0] + (cards > 0 ? cards : 0) + (side == 0);
        box[2] = s->decl[1] + (cards < 0 ? -cards : 0) + (side == 1);
        box[1] = side == 0 ? declaration_potential(s, 0) : 0;
        box[3] = side == 1 ? declaration_potential(s, 1) : 0;
        return 1;
    }
    if (decided) return 0;
    /* Not even the leader's whole hand would settle the cards: no need to look closer. */
    for (u64 b = s->hands[s->to_act]; b; b &= b - 1) t.tally[side] += c->card_tally[low_card(b)];
    if (!decided_cards(c, &t)) return 0;
    u64 cash = cashable(c, s);
    if (!cash) return 0;
    t.tally[side] = s->tally[side];
    for (u64 b = cash; b; b &= b - 1) t.tally[side] += c->card_tally[low_card(b)];
    int sure = decided_cards(c, &t);
    if (!sure) return 0;
    if (sure > 0) box[0] += sure;
    else box[2] -= sure;
    box[1] -= worth;
    box[3] -= worth;
    return 1;
}

/* The least and most of the EraUtility table over a box of deal points (cached). */
static void era_range(Ctx *c, const State *s, const int *box, int *least_out, int *most_out) {
    int d = c->udim, f0 = s->won[0] > 0, g0 = s->won[1] > 0, ns = box[0], ew = box[2];
    /* A checked position never leaves the table (at most 7 + carried points a pair);
       the bounds keep every index inside it all the same. */
    if (ns < 0) ns = 0;
    if (ew < 0) ew = 0;
    if (ns >= d) ns = d - 1;
    if (ew >= d) ew = d - 1;
    int top_ns = ns + (box[1] > 0 ? box[1] : 0), top_ew = ew + (box[3] > 0 ? box[3] : 0);
    if (top_ns >= d) top_ns = d - 1;
    if (top_ew >= d) top_ew = d - 1;
    int slot = ((((ns * d + (top_ns - ns)) * d + ew) * d + (top_ew - ew)) * 2 + f0) * 2 + g0;
    i32 *cache = c->era_cache + 2 * slot;
    if (cache[0] > cache[1]) {
        int least = INF, most = -INF;
        for (int a = ns; a <= top_ns; a++)
            for (int b = ew; b <= top_ew; b++)
                for (int f = f0; f <= 1; f++)
                    for (int g = g0; g <= 1; g++) {
                        int u = utility(c, a, b, f, g);
                        if (u < least) least = u;
                        if (u > most) most = u;
                    }
        cache[0] = least;
        cache[1] = most;
    }
    *least_out = cache[0];
    *most_out = cache[1];
}

/* Exact contract (the objective's bounds): each side keeps what it collected; the cards
   left, the last trick's points and the marriages still declarable may go to either; a
   side without a trick may stay without one; a leader who takes every trick left makes
   sure of that outcome, declaring nothing more. */
static void exact_bounds(const Ctx *c, const State *s, int *lo, int *hi) {
    int base[3] = {0, 0, 0}, won[3] = {0, 0, 0}, b = c->bidder_side, n = c->nsides, discard = 0;
    for (int i = 0; i < n; i++) {
        base[i] = points_in(s->tally[i]) + s->marr[i];
        won[i] = s->won[i] > 0;
    }
    if (b >= 0) {
        if (won[b]) base[b] += c->discard_points;
        else discard = c->discard_points;
    }
    u64 alive = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    int cards = c->last_bonus, declarable = 0;
    for (int seat = 0; seat < c->players; seat++) cards += points_of(s->hands[seat], c->simplified);
    for (int su = 0; su < 4; su++) {
        if ((s->declared >> su) & 1) continue;
        u64 kq = alive & kq_mask(su);
        if (kq == kq_mask(su) || (kq && c->bluff)) declarable += c->mt_values[su];
    }
    int rest = cards + declarable;
    if (b < 0) {
        *lo = round5(c, base[0]) - round5(c, base[1] + rest);
        *hi = round5(c, base[0] + rest) - round5(c, base[1]);
    } else {
        int least = 0, most = rest;
        for (int o = 0; o < n; o++) {
            if (o == b) continue;
            least += won[o] ? round5(c, base[o]) : -c->bid;
            most += base[o];
        }
        /* Rounding adds at most 2 a side. */
        most = n == 2 ? round5(c, most) : most + (c->rounding ? 2 * (n - 1) : 0);
        int smin = INF, smax = -INF;
        for (int side_won = won[b]; side_won <= 1; side_won++)
            for (int d_won = s->decl_won; d_won <= 1; d_won++) {
                if (d_won && !side_won) continue;
                for (int k = 0; k < 2; k++) {
                    int v = bidder_score(c, k ? base[b] + rest + discard : base[b], side_won, d_won);
                    if (v < smin) smin = v;
                    if (v > smax) smax = v;
                }
            }
        *lo = smin - most;
        *hi = smax - least;
    }
#ifndef NO_CASHING
    if (leader_sweeps(c, s)) {
        int side = c->side[s->to_act], col[3] = {base[0], base[1], base[2]}, flags[3] = {won[0], won[1], won[2]};
        col[side] += cards + (side == b ? discard : 0);
        flags[side] = 1;
        int v = exact_score(c, col, flags, s->decl_won || s->to_act == c->declarer);
        if (side == c->max_side) {
            if (v > *lo) *lo = v;
        } else if (v < *hi) {
            *hi = v;
        }
    }
#endif
}

static void quick_bounds(Ctx *c, const State *s, int decided, int *lo, int *hi) {
    if (c->kind == 4) {
        (void)decided;
        exact_bounds(c, s, lo, hi);
        return;
    }
    if (c->kind == 3) {
        int base[3] = {0, 0, 0}, extra[3] = {0, 0, 0}, rest = 10 + c->pack_points;
        for (int i = 0; i < c->nsides; i++) {
            rest -= points_in(s->tally[i]);
            base[i] = points_in(s->tally[i]) + c->bonus[i];
            if (i == c->discard_side) base[i] += c->discard_points;
            if (s->won[i] > 0) base[i] += s->marr[i];
            else extra[i] += s->marr[i];
        }
        for (int seat = 0; seat < c->players; seat++) {
            u64 hand = s->hands[seat];
            for (int su = 0; su < 4; su++)
                if ((hand & kq_mask(su)) == kq_mask(su)) extra[c->side[seat]] += su == s->trump ? 40 : 20;
        }
        if (c->molotov) {
            for (int i = 0; i < c->nsides; i++)
                if (s->won[i] == s->done) extra[i] += c->molotov;
        }
        int b = c->bidder_side < 0 ? 0 : c->bidder_side, sum = 0, sum_extra = 0;
        for (int i = 0; i < c->nsides; i++) {
            sum += base[i];
            sum_extra += extra[i];
        }
        int others = sum - base[b];
        int best_b = base[b] + rest + extra[b];
        int worst_others = others + rest + sum_extra - extra[b];
        if (c->bidder_side < 0) {
            *lo = base[0] - worst_others;
            *hi = best_b - base[1];
        } else {
            *lo = contract_points(c->bid, base[b], c->dbl) - worst_others;
            *hi = contract_points(c->bid, best_b, c->dbl) - others;
        }
#ifndef NO_CASHING
        /* The leader takes every trick left: the leader's side collects the rest (its
           marriages count, its molotov if it won every trick), the others nothing more;
           that much the leader's side makes sure of (announcing nothing more). */
        if (leader_sweeps(c, s)) {
            int side = c->side[s->to_act], col[3], total = 0;
            for (int i = 0; i < c->nsides; i++) col[i] = base[i];
            col[side] += rest;
            if (s->won[side] == 0) col[side] += s->marr[side];
            if (c->molotov && s->won[side] == s->done) col[side] += c->molotov;
            for (int i = 0; i < c->nsides; i++) total += col[i];
            int v = c->bidder_side < 0 ? col[0] - col[1] : contract_points(c->bid, col[b], c->dbl) - (total - col[b]);
            if (side == c->max_side) {
                if (v > *lo) *lo = v;
            } else if (v < *hi) {
                *hi = v;
            }
        }
#endif
        return;
    }
    int cards = decided, worth = 1 + c->carried, box[4], sure[4];
    box[0] = s->decl[0] + (cards > 0 ? cards : 0);
    box[2] = s->decl[1] + (cards < 0 ? -cards : 0);
    box[1] = declaration_potential(s, 0) + 1 + (cards ? 0 : worth);
    box[3] = declaration_potential(s, 1) + 1 + (cards ? 0 : worth);
    for (int i = 0; i < 4; i++) sure[i] = box[i];
#ifdef NO_CASHING
    int narrowed = 0;
    (void)cashing_box;
#else
    int narrowed = cashing_box(c, s, decided, sure);
#endif
    if (c->kind == 1) {
        *lo = sure[0] - sure[2] - sure[3];
        *hi = sure[0] + sure[1] - sure[2];
        return;
    }
    /* EraUtility: not monotone in the points, so the cashing pair's side of the bounds
       only from the narrowed box. */
    int least, most;
    era_range(c, s, box, &least, &most);
    if (narrowed) {
        int l2, m2;
        era_range(c, s, sure, &l2, &m2);
        if (c->side[s->to_act] == 0) least = l2;
        else most = m2;
    }
    *lo = least;
    *hi = most;
}

/* ------------------------------------------------------------------ value classes

   Two cards next to each other among those still in play, in one hand and of one class,
   win and lose the same tricks and count the same: one stands for both. -1: never merged
   (a king or queen a marriage may still need). */

static const i8 GUILD_CLASSES[4][9] = {
    {0, 0, 0, 0, 1, 2, 3, 4, 5}, /* every tie-break open */
    {0, 0, 0, 0, 1, 2, 3, 4, 4}, /* the aces settled */
    {0, 0, 0, 0, 0, 0, 0, 4, 4}, /* the pips settled: only matit count */
    {0, 0, 0, 0, 0, 0, 0, 0, 0}, /* decided */
};
static const i8 PAGAT_CLASSES[2][9] = {{0, 0, 0, 0, 2, 3, 4, 10, 11}, {0, 0, 0, 0, 5, 5, 5, 10, 10}};

static void value_classes(const Ctx *c, const State *s, int level, i8 *cls) {
    int kq_suits = 0;
    const i8 *base;
    if (c->kind == 4) {
        /* Card points; a king or queen whose suit may still be declared is never merged. */
        base = c->classes[c->simplified ? 4 : 5];
        u64 alive = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
        for (int su = 0; su < 4; su++)
            if (alive & kq_mask(su)) kq_suits |= 1 << su;
    } else if (c->kind == 3) {
        base = c->classes[5];
        for (int seat = 0; seat < c->players; seat++)
            for (int su = 0; su < 4; su++)
                if ((s->hands[seat] & kq_mask(su)) == kq_mask(su)) kq_suits |= 1 << su;
    } else {
        base = c->classes[c->guild || level == 3 ? level : 4];
        u64 ns = s->hands[0] | s->hands[2], ew = s->hands[1] | s->hands[3];
        u64 kings = ((ns & (ns << 1)) | (ew & (ew << 1))) & KINGS;
        for (int su = 0; su < 4; su++)
            if (!((s->declared >> su) & 1) && ((kings >> (su * 9 + 6)) & 1)) kq_suits |= 1 << su;
    }
    for (int card = 0; card < 36; card++) cls[card] = base[card];
    for (int su = 0; su < 4; su++)
        if ((kq_suits >> su) & 1) cls[su * 9 + 5] = cls[su * 9 + 6] = -1;
}

/* ------------------------------------------------------------------ the table */

static void table_key(const State *s, const i8 *cls, u64 summary_code, u64 *key) {
    u64 alive = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    for (int su = 0; su < 4; su++) {
        u64 bits = (alive >> (9 * su)) & SUIT_BITS, code = 1;
#ifdef NO_RELATIVE_RANKS
        /* The absolute key: every card of the suit, held or gone. */
        for (int r = 0; r < 9; r++) {
            int card = 9 * su + r;
            u64 bit = 1ULL << card;
            int holder = !(alive & bit) ? 4 : (s->hands[0] & bit) ? 0 : (s->hands[1] & bit) ? 1 : (s->hands[2] & bit) ? 2 : 3;
            code = code * 8 + (u64)holder;
        }
        (void)bits;
        (void)cls;
#else
        while (bits) {
            int r = low_card(bits);
            bits &= bits - 1;
            int card = 9 * su + r;
            int holder = (int)((s->hands[1] >> card & 1) + 2 * (s->hands[2] >> card & 1) + 3 * (s->hands[3] >> card & 1));
            int mark = cls[card] >= 0 ? cls[card] : r + 7;
            code = code * 64 + (u64)(16 * holder + mark);
        }
#endif
        key[su] = code;
    }
    key[4] = (u64)s->to_act | ((u64)s->window << 2) | ((u64)(s->trump + 1) << 3) | ((u64)s->declared << 6) |
             ((u64)s->burned << 10) | ((u64)(s->lead_duty + 1) << 40); /* burned: 28 bits (marriage trumps' bars) */
    key[5] = summary_code;
}

static inline u64 mix(u64 x) {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Two independent hashes of a key: the bucket, and the check stored in the entry. */
static inline void hash_key(const u64 *key, u64 *index, u64 *check) {
    static const u64 odd[2][6] = {
        {0x9E3779B97F4A7C15ULL, 0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL, 0xD6E8FEB86659FD93ULL,
         0xFF51AFD7ED558CCDULL, 0xC4CEB9FE1A85EC53ULL},
        {0xD1B54A32D192ED03ULL, 0xAEF17502108EF2D9ULL, 0x94D049BB133111EBULL, 0xBF58476D1CE4E5B9ULL,
         0x8CB92BA72F3D8DD7ULL, 0xE7037ED1A0B428DBULL},
    };
    u64 a = 0, b = 0;
    for (int i = 0; i < 6; i++) {
        a += mix(key[i] ^ odd[0][i]);
        b += (key[i] + odd[1][i]) * odd[0][5 - i];
    }
    *index = a;
    *check = mix(b ^ a);
}

static Entry *table_find(Ctx *c, u64 index, u64 check) {
    Entry *bucket = c->tt + ((index & c->tt_mask) << 2);
    for (int i = 0; i < 4; i++)
        if (bucket[i].check == check && bucket[i].gen == c->gen) return bucket + i;
    return 0;
}

static inline int stored(int v, int add) { return v <= -INF ? -TT_OPEN : v >= INF ? TT_OPEN : v - add; }
static inline int loaded(int v, int add) { return v <= -TT_OPEN ? -INF : v >= TT_OPEN ? INF : v + add; }

static void table_store(Ctx *c, u64 index, u64 check, int lo, int hi, int move, int depth) {
    Entry *e = table_find(c, index, check);
    if (!e) {
        Entry *bucket = c->tt + ((index & c->tt_mask) << 2);
        e = bucket;
        for (int i = 0; i < 4; i++) {
            if (bucket[i].gen != c->gen) {
                e = bucket + i;
                break;
            }
            if (bucket[i].depth < e->depth) e = bucket + i;
        }
        e->check = check;
        e->gen = (u8)c->gen;
    }
    e->lo = (i16)lo;
    e->hi = (i16)hi;
    e->move = (u8)move;
    e->depth = (u8)depth;
}

/* ------------------------------------------------------------------ the trace (tests) */

static void trace_node(Ctx *c, const State *s) {
    if (c->trace_full) return;
    u8 moves[MAX_ACTIONS];
    int n = gen_moves(c, s, moves);
    u32 need = (u32)(2 + c->ply + n);
    if (c->ply >= MAX_LINE || c->trace_len + need > c->trace_cap) {
        c->trace_full = 1;
        return;
    }
    i32 *out = c->trace + c->trace_len;
    *out++ = c->ply;
    for (int i = 0; i < c->ply; i++) *out++ = c->path[i];
    *out++ = n;
    for (int i = 0; i < n; i++) *out++ = moves[i];
    c->trace_len += need;
}

#define ENTER(c, move)                                             \
    do {                                                           \
        if ((c)->trace_on && (c)->ply < MAX_LINE) (c)->path[(c)->ply] = (u8)(move); \
        (c)->ply++;                                                \
    } while (0)
#define LEAVE(c) ((c)->ply--)

/* ------------------------------------------------------------------ the search */

static int search(Ctx *c, const State *s, int alpha, int beta);
static int boundary(Ctx *c, const State *s, int alpha, int beta);
static int boundary_moves(Ctx *c, const State *s, const Frame *f, const u8 *given, const i8 *given_cls, int fresh);

enum { K_PLAY = 1, K_ANSWER = 2, K_BOUNDARY = 3 };

/* The budget ran out at a node not yet counted: the search stops there, and each node on
   the way up keeps its place (keep) instead of going on. */
static void stop_here(Ctx *c) {
    c->stopped = 1;
    if (c->res) {
        c->res->depth = 0;
        c->res->overflow = 0;
    }
}

/* Keep a node's place on the way up from where the search stopped. */
static void keep(Ctx *c, int kind, int i, int n, const u8 *moves, int alpha, int beta, int best,
                 int best_move, int a0, int b0, int found, int e_lo, int e_hi, int add, u64 index, u64 check) {
    Resume *r = c->res;
    if (!r || c->broken) return;
    if (r->depth >= MAX_FRAMES) {
        r->overflow = 1;
        return;
    }
    Frame *f = r->frames + r->depth++;
    f->kind = kind;
    f->i = i;
    f->n = n;
    f->alpha = alpha;
    f->beta = beta;
    f->best = best;
    f->best_move = best_move;
    f->a0 = a0;
    f->b0 = b0;
    f->found = found;
    f->e_lo = e_lo;
    f->e_hi = e_hi;
    f->add = add;
    f->index = index;
    f->check = check;
    for (int j = 0; j < n; j++) f->moves[j] = moves[j];
}

/* Resuming: the kept place of the next node down (0 once below the kept ones). */
static Frame *resumed(Ctx *c, int kind) {
    if (c->rdepth <= 0) return 0;
    Frame *f = c->res->frames + --c->rdepth;
    if (f->kind != kind) {
        c->broken = 1;
        c->stopped = 1;
        c->rdepth = 0;
    }
    return f;
}

/* Take a child's value into a node's best value and window: 0 no better, 1 better,
   2 better and a cut-off. */
static inline int take(int maximise, int v, int *best, int *alpha, int *beta) {
    if (maximise ? v <= *best : v >= *best) return 0;
    *best = v;
    if (maximise) {
        if (v <= *alpha) return 1;
        *alpha = v;
        return v >= *beta ? 2 : 1;
    }
    if (v >= *beta) return 1;
    *beta = v;
    return v <= *alpha ? 2 : 1;
}

/* The cards worth trying at a node, equivalent cards merged (the highest stands for the
   others), lowest first. */
static int merged_cards(const State *s, u64 mask, const i8 *cls, u8 *out) {
    u64 alive = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3] | s->table;
    int n = 0;
    u64 bits = mask;
    while (bits) {
        int card = low_card(bits);
        bits &= bits - 1;
        int cl = cls[card];
        if (cl >= 0) {
            u64 up = alive & above(card);
            if (up) {
                int next = low_card(up);
                if (((mask >> next) & 1) && cls[next] == cl) continue;
            }
        }
        out[n++] = (u8)card;
    }
    return n;
}

/* A card inside a trick. */
static int play_node(Ctx *c, const State *s, int alpha, int beta, const i8 *cls) {
    Frame *f = resumed(c, K_PLAY);
    if (c->broken) return alpha;
    int seat = s->to_act, maximise = is_max(c, seat), best = maximise ? -INF : INF, first = 0;
    u8 cards[12];
    int n;
    if (f) {
        alpha = f->alpha;
        beta = f->beta;
        best = f->best;
        first = f->i;
        n = f->n;
        for (int j = 0; j < n; j++) cards[j] = f->moves[j];
        goto moves;
    }
    c->nodes++;
    STAT(c, play, s->done);
    if (c->trace_on) trace_node(c, s);
    u64 mask = legal_mask(c, s);
    if (mask & (mask - 1)) {
        u8 merged[12];
        int keys[12], m = merged_cards(s, mask, cls, merged);
        int win = s->win, win_suit = win / 9, trump = s->trump, idx = 0;
        while (idx < 3 && s->trick[idx] != (u8)win) idx++;
        int partner_wins = c->side[(s->leader + idx) % c->players] == c->side[seat];
        int last_hand = s->ntrick == c->players - 1;
        n = 0;
        for (int i = 0; i < m; i++) {
            int card = merged[i], suit = card / 9, key;
            if (partner_wins) key = last_hand ? order_worth(card) : -order_worth(card);
            else if ((suit == win_suit && card > win) || (suit == trump && win_suit != trump))
                key = 1000 - order_worth(card) - (suit == trump ? 200 : 0);
            else key = -order_worth(card);
            /* Insert, best key first (ties: the higher card first). */
            int j = n++;
            while (j > 0 && (keys[j - 1] < key || (keys[j - 1] == key && cards[j - 1] < card))) {
                keys[j] = keys[j - 1];
                cards[j] = cards[j - 1];
                j--;
            }
            keys[j] = key;
            cards[j] = (u8)card;
        }
    } else {
        cards[0] = (u8)low_card(mask);
        n = 1;
    }
moves:
    for (int i = first; i < n; i++) {
        State child = *s;
        apply_play(c, &child, cards[i]);
        ENTER(c, cards[i]);
        int v = child.ntrick ? play_node(c, &child, alpha, beta, cls) : boundary(c, &child, alpha, beta);
        LEAVE(c);
        if (c->stopped) {
            keep(c, K_PLAY, i, n, cards, alpha, beta, best, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            return best;
        }
        if (take(maximise, v, &best, &alpha, &beta) == 2) {
#ifdef CORE_STATS
            if (i == 0) STAT(c, cut_first, s->done);
            else STAT(c, cut_later, s->done);
#endif
            break;
        }
    }
    return best;
}

/* An answer to an ask. */
static int answer_node(Ctx *c, const State *s, int alpha, int beta) {
    Frame *f = resumed(c, K_ANSWER);
    if (c->broken) return alpha;
    u8 moves[MAX_ACTIONS];
    int n, first = 0, maximise = is_max(c, s->to_act), best = maximise ? -INF : INF;
    if (f) {
        alpha = f->alpha;
        beta = f->beta;
        best = f->best;
        first = f->i;
        n = f->n;
        for (int j = 0; j < n; j++) moves[j] = f->moves[j];
    } else {
        c->nodes++;
        if (c->trace_on) trace_node(c, s);
        n = gen_answers(c, s, moves);
    }
    for (int i = first; i < n; i++) {
        State child = *s;
        apply_move(c, &child, moves[i]);
        ENTER(c, moves[i]);
        int v = search(c, &child, alpha, beta);
        LEAVE(c);
        if (c->stopped) {
            keep(c, K_ANSWER, i, n, moves, alpha, beta, best, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            return best;
        }
        if (take(maximise, v, &best, &alpha, &beta) == 2) break;
    }
    return best;
}

/* Whether the player to act or the partner holds a king or queen of an undeclared suit:
   else the only declaration is an ask for a whole marriage that changes nothing. */
static inline int pair_holds_open_kq(const State *s) {
    u64 open = 0;
    for (int su = 0; su < 4; su++)
        if (!((s->declared >> su) & 1)) open |= kq_mask(su);
    return ((s->hands[s->to_act] | s->hands[s->to_act ^ 2]) & open) != 0;
}

/* Whether the player to act has a declaration that changes something (a declaration, or
   an ask that may be answered yes or burns a marriage). */
static int real_declaration(const Ctx *c, const State *s) {
    if (!s->window || !pair_holds_open_kq(s)) return 0;
    u8 moves[16];
    int n = c->mt ? gen_declarations_mt(c, s, moves) : gen_declarations(s, moves);
    for (int i = 0; i < n; i++)
        if (!null_ask(c, s, moves[i])) return 1;
    return 0;
}

/* The last trick with nothing to declare: every card is forced. */
static int last_trick(Ctx *c, const State *s) {
    State t = *s;
    if (!c->trace_on) {
        /* Scored at once: each hand's last card, the winner, what the trick adds. */
        int seat = s->to_act, win = -1, winner = seat;
        u64 tally = 0;
        for (int i = 0; i < c->players; i++) {
            int card = low_card(s->hands[seat]);
            tally += c->card_tally[card];
            if (win < 0 || (card / 9 == win / 9 && card > win) || (card / 9 == s->trump && win / 9 != s->trump)) {
                win = card;
                winner = seat;
            }
            seat = c->next[seat];
        }
        int side = c->side[winner];
        t.tally[side] += tally;
        t.won[side]++;
        if (winner == c->declarer) t.decl_won = 1;
        t.last_side = (u8)side;
        t.done++;
        return final_value(c, &t);
    }
    int start = c->ply;
    for (int i = 0; i < c->players; i++) {
        int card = low_card(t.hands[t.to_act]);
        if (c->trace_on) trace_node(c, &t);
        ENTER(c, card);
        apply_play(c, &t, card);
    }
    c->ply = start;
    return final_value(c, &t);
}

/* No card on the table and no answer pending: the table's nodes. */
static int boundary(Ctx *c, const State *s, int alpha, int beta) {
    Frame *f = resumed(c, K_BOUNDARY);
    if (c->broken) return alpha;
    if (f) return boundary_moves(c, s, f, 0, 0, 0);
    if (c->stopped) return alpha;
    /* The budget is checked at trick starts only (every line reaches one within a trick),
       before the node is counted: a search resumed there counts it once. */
    if (c->budget && c->nodes >= c->budget) {
        stop_here(c);
        return alpha;
    }
    c->nodes++;
    if (s->done >= c->tricks) return final_value(c, s);
    if (s->done == c->tricks - 1 && !real_declaration(c, s)) return last_trick(c, s);
    if (c->trace_on) trace_node(c, s);
    STAT(c, boundary, s->done);
#ifdef CORE_STATS
    stat_visit(s, s->done);
#endif
    int seat = s->to_act;
    int level, decided;
    u64 code = summary(c, s, &level, &decided);
    i8 cls[36];
    value_classes(c, s, level, cls);
    u64 key[6];
    table_key(s, cls, code, key);
    u64 index, check;
    hash_key(key, &index, &check);
    int add = additive(c, s), hint = -1, lo, hi, e_lo = -INF, e_hi = INF;
    Entry *entry = table_find(c, index, check);
    int found = entry != 0;
    if (found) {
        lo = e_lo = loaded(entry->lo, add);
        hi = e_hi = loaded(entry->hi, add);
        if (lo >= beta || hi <= alpha || lo == hi) {
            STAT(c, tt_cut, s->done);
            return lo >= beta ? lo : hi <= alpha ? hi : lo;
        }
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
        hint = entry->move;
        STAT(c, tt_open, s->done);
    } else {
#ifndef NO_QUICK_TRICKS
        quick_bounds(c, s, decided, &lo, &hi);
        if (lo >= beta || hi <= alpha || lo == hi) {
            STAT(c, bound_cut, s->done);
            return lo >= beta ? lo : hi <= alpha ? hi : lo;
        }
#endif
#ifdef NO_QUICK_TRICKS
        (void)quick_bounds;
        (void)decided;
#endif
    }
    u8 moves[MAX_ACTIONS];
    int n = 0;
    if (s->window && pair_holds_open_kq(s)) {
        u8 decl[16];
        int nd = c->mt ? gen_declarations_mt(c, s, decl) : gen_declarations(s, decl);
        for (int i = 0; i < nd; i++)
            if (!null_ask(c, s, decl[i])) moves[n++] = decl[i];
    }
    u64 mask = legal_mask(c, s);
    if (mask & (mask - 1)) {
        u8 cards[12];
        int m = merged_cards(s, mask, cls, cards);
        u64 alive = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
        /* The top cards of their suits first, then the rest from the lowest. */
        u8 ordered[12];
        int k = 0;
        for (int i = 0; i < m; i++)
            if (!(alive & above(cards[i]))) ordered[k++] = cards[i];
        for (int i = 0; i < m; i++)
            if (alive & above(cards[i])) ordered[k++] = cards[i];
#ifndef NO_HISTORY
        /* Then by how often each lead cut off before (stable). */
        const u32 *hist = c->history + 36 * seat;
        for (int i = 1; i < k; i++) {
            u8 card = ordered[i];
            u32 score = hist[card];
            int j = i;
            while (j > 0 && hist[ordered[j - 1]] < score) {
                ordered[j] = ordered[j - 1];
                j--;
            }
            ordered[j] = card;
        }
#endif
        for (int i = 0; i < k; i++) moves[n++] = ordered[i];
    } else {
        moves[n++] = (u8)low_card(mask);
    }
    if (c->hp) n += gen_marriages(c, s, moves + n);
    if (hint >= 0 && moves[0] != hint) {
        for (int i = 1; i < n; i++)
            if (moves[i] == hint) {
                for (int j = i; j > 0; j--) moves[j] = moves[j - 1];
                moves[0] = (u8)hint;
                break;
            }
    }
    Frame start;
    start.i = 0;
    start.n = n;
    start.alpha = alpha;
    start.beta = beta;
    start.best = is_max(c, seat) ? -INF : INF;
    start.best_move = moves[0];
    start.a0 = alpha;
    start.b0 = beta;
    start.found = found;
    start.e_lo = e_lo;
    start.e_hi = e_hi;
    start.add = add;
    start.index = index;
    start.check = check;
    return boundary_moves(c, s, &start, moves, cls, 1);
}

/* A table node's moves from the f->i-th on (fresh: the moves given, in order, and their
   value classes; else a kept place, f->moves, the classes found again). */
static int boundary_moves(Ctx *c, const State *s, const Frame *f, const u8 *given, const i8 *given_cls, int fresh) {
    int seat = s->to_act, n = f->n;
    const u8 *moves = given;
    const i8 *cls = given_cls;
    i8 found_cls[36];
    u8 kept_moves[MAX_ACTIONS]; /* copied: a later stop writes over the kept places */
    if (!fresh) {
        int level, decided;
        summary(c, s, &level, &decided);
        value_classes(c, s, level, found_cls);
        for (int j = 0; j < n; j++) kept_moves[j] = f->moves[j];
        moves = kept_moves;
        cls = found_cls;
    }
    int alpha = f->alpha, beta = f->beta, a0 = f->a0, b0 = f->b0, found = f->found;
    int e_lo = f->e_lo, e_hi = f->e_hi, add = f->add, lo, hi;
    u64 index = f->index, check = f->check;
    int maximise = is_max(c, seat), best = f->best, best_move = f->best_move;
    for (int i = f->i; i < n; i++) {
        State child = *s;
        apply_move(c, &child, moves[i]);
        ENTER(c, moves[i]);
        int v = child.ntrick ? play_node(c, &child, alpha, beta, cls) : search(c, &child, alpha, beta);
        LEAVE(c);
        if (c->stopped) {
            keep(c, K_BOUNDARY, i, n, moves, alpha, beta, best, best_move, a0, b0, found, e_lo, e_hi, add, index, check);
            return best;
        }
        int taken = take(maximise, v, &best, &alpha, &beta);
        if (taken) best_move = moves[i];
        if (taken == 2) {
#ifdef CORE_STATS
            if (i == 0) STAT(c, bcut_first, s->done);
            else STAT(c, bcut_later, s->done);
#endif
#ifndef NO_HISTORY
            if (moves[i] < 36) c->history[36 * seat + moves[i]] += 1u << (c->tricks - s->done);
#endif
            break;
        }
    }
    lo = -INF;
    hi = INF;
    if (best <= a0) hi = best;
    else if (best >= b0) lo = best;
    else lo = hi = best;
    if (found) {
        if (e_lo > lo) lo = e_lo;
        if (e_hi < hi) hi = e_hi;
    }
    if (c->stopped) return best; /* a value from unfinished searches is not stored */
    /* Found again: the searches below may have replaced the entry read above. */
    table_store(c, index, check, stored(lo, add), stored(hi, add), best_move, c->tricks - s->done);
    return best;
}

static int search(Ctx *c, const State *s, int alpha, int beta) {
    if (s->pend_asker >= 0) return answer_node(c, s, alpha, beta);
    if (s->ntrick) {
        int level, decided;
        summary(c, s, &level, &decided);
        i8 cls[36];
        value_classes(c, s, level, cls);
        return play_node(c, s, alpha, beta, cls);
    }
    return boundary(c, s, alpha, beta);
}

static int floor_half(int x) { return x >= 0 ? x / 2 : -((-x + 1) / 2); }

/* The exact value by zero-window searches: MTD(f) from a guess, then bisection. */
static int exact_value(Ctx *c, const State *s, int guess) {
    int low = c->low, high = c->high, g = guess, probes = 0;
    Resume *r = c->res;
    if (c->resume_value) { /* where the zero-window searches were when the budget ran out */
        c->resume_value = 0;
        low = r->low;
        high = r->high;
        g = r->g;
        probes = r->probes;
    }
#ifdef NO_ZERO_WINDOW
    (void)floor_half;
    (void)g;
    (void)probes;
    (void)low;
    (void)high;
    return search(c, s, -INF, INF);
#else
    while (low < high) {
        if (g <= low) g = low + 1;
        else if (g > high) g = high;
        int v = search(c, s, g - 1, g);
        if (c->stopped) {
            if (r) {
                r->low = low;
                r->high = high;
                r->g = g;
                r->probes = probes;
            }
            return low;
        }
        probes++;
        if (v >= g) {
            low = v;
            g = v + 1;
        } else {
            high = v;
            g = v;
        }
        if (probes >= 2) g = floor_half(low + high + 1);
    }
    return low;
#endif
}

/* The actions worth searching at a root: every move, less equivalent cards (each mapped
   to the card standing for it in stand[]) and asks that change nothing. */
static int root_actions(const Ctx *c, const State *s, const u8 *moves, int n, u8 *kept, i8 *stand) {
    int level, decided;
    summary(c, s, &level, &decided);
    i8 cls[36];
    value_classes(c, s, level, cls);
    u64 mask = 0;
    for (int i = 0; i < n; i++)
        if (moves[i] < 36) mask |= 1ULL << moves[i];
    u8 cards[12];
    int m = mask ? merged_cards(s, mask, cls, cards) : 0;
    u64 kept_cards = 0, alive = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3] | s->table;
    for (int i = 0; i < m; i++) kept_cards |= 1ULL << cards[i];
    int k = 0;
    for (int i = 0; i < n; i++) {
        int move = moves[i];
        stand[i] = -1;
        if (move < 36 && !((kept_cards >> move) & 1)) {
            int card = move;
            while (!((kept_cards >> card) & 1)) card = low_card(alive & above(card));
            stand[i] = (i8)card;
        } else if (null_ask(c, s, move)) {
            stand[i] = -2;
        } else {
            kept[k++] = (u8)move;
        }
    }
    return k;
}

/* The principal line from a position of the given value. */
static int principal_line(Ctx *c, const State *root, int value, i32 *out, int room) {
    State s = *root;
    int n = 0, start = c->ply, resuming = c->resume_line;
    Resume *r = c->res;
    c->resume_line = 0;
    if (resuming) { /* the line so far, and the move under way when the budget ran out */
        s = r->line_s;
        n = r->line_n;
        for (int j = 0; j < n; j++) {
            out[j] = r->out[j];
            ENTER(c, out[j]);
        }
    }
    while (s.done < c->tricks && n < room) {
        u8 moves[MAX_ACTIONS], kept[MAX_ACTIONS];
        i8 stand[MAX_ACTIONS];
        int k, first = 0, chosen = -1;
        if (resuming) {
            k = r->line_k;
            first = r->line_i;
            for (int j = 0; j < k; j++) kept[j] = r->kept[j];
            resuming = 0;
        } else {
            int count = gen_moves(c, &s, moves);
            k = root_actions(c, &s, moves, count, kept, stand);
        }
        int maximise = is_max(c, s.to_act);
        for (int i = first; i < k; i++) {
            State child = s;
            apply_move(c, &child, kept[i]);
            ENTER(c, kept[i]);
            int ok = maximise ? search(c, &child, value - 1, value) >= value : search(c, &child, value, value + 1) <= value;
            LEAVE(c);
            if (c->stopped) {
                if (r) {
                    r->line_s = s;
                    r->line_n = n;
                    r->line_i = i;
                    r->line_k = k;
                    for (int j = 0; j < k; j++) r->kept[j] = kept[j];
                    for (int j = 0; j < n; j++) r->out[j] = out[j];
                }
                c->ply = start;
                return n;
            }
            if (ok) {
                chosen = kept[i];
                s = child;
                break;
            }
        }
        if (chosen < 0) break;
        out[n++] = chosen;
        ENTER(c, chosen);
    }
    c->ply = start;
    return n;
}

/* ------------------------------------------------------------------ reading the buffer */

static inline u64 word_pair(const i32 *h, int at) { return (u64)(u32)h[at] | ((u64)(u32)h[at + 1] << 32); }

static int in_range(int x, int lo, int hi) { return x >= lo && x <= hi; }

/* Check the header and set up the search; 0 or an error code. */
/* A check failed: say which (its line in this file) and return the error code. */
#define FAIL(code)                    \
    do {                              \
        h[H_ERROR_LINE] = __LINE__;   \
        return (code);                \
    } while (0)

static int setup(u8 *buf, u32 size, Ctx *c, State *s) {
    if (!buf || ((unsigned long)buf & 7) || size < HEADER_WORDS * 4) return E_BUFFER;
    i32 *h = (i32 *)buf;
    h[H_ERROR_LINE] = 0;
    if (h[H_VERSION] != VERSION) FAIL(E_VERSION);
    /* rules */
    c->players = h[H_PLAYERS];
    c->deck = h[H_DECK];
    c->tricks = h[H_TRICKS];
    c->hp = h[H_HP];
    c->must_beat = h[H_MUST_BEAT];
    c->first_ace = h[H_FIRST_TRICK_ACE];
    c->declare_from = h[H_DECLARE_FROM];
    c->small_lead = h[H_SMALL_TRUMP_LEAD];
    c->clubs_ace = h[H_CLUBS_ACE_LEAD];
    c->ace_spade = h[H_ACE_SPADE_LEAD];
    c->mt = h[H_MT];
    c->own_lead = h[H_OWN_LEAD];
    int ask_rules = h[H_ASK_RULES];
    c->illisoft = ask_rules & 1;
    c->bluff = ask_rules >> 1 & 1;
    /* Marriage trumps: no Huutopussi marriage leads. */
    if (!in_range(c->mt, 0, 1) || !in_range(c->own_lead, 0, 1) || !in_range(ask_rules, 0, 3)) FAIL(E_RULES);
    if (c->mt && (c->hp || h[H_DECK] != 36)) FAIL(E_RULES);
    if (!c->mt && (c->own_lead || ask_rules)) FAIL(E_RULES);
    if (!in_range(c->players, 3, 4) || !in_range(c->hp, 0, 1) || (c->players == 3 && !c->hp && h[H_MT] != 1))
        FAIL(E_RULES);
    if (c->deck != 36 && c->deck != 32 && c->deck != 28) FAIL(E_RULES);
    if (c->hp && c->deck != 36) FAIL(E_RULES);
    if (c->tricks != (c->players == 3 ? 11 : c->deck / 4)) FAIL(E_RULES);
    if (!in_range(c->must_beat, 0, 1) || !in_range(c->first_ace, 0, 1) || !in_range(c->small_lead, 0, 1) ||
        !in_range(c->clubs_ace, 0, 1) || !in_range(c->ace_spade, 0, 1) || !in_range(c->declare_from, 1, 1000))
        FAIL(E_RULES);
    if (c->hp && c->declare_from <= c->tricks) FAIL(E_RULES);
    for (int i = 0; i < 4; i++) {
        c->side[i] = c->players == 3 ? (i < 3 ? i : 2) : (i & 1);
        c->next[i] = c->players == 3 ? (i < 2 ? i + 1 : 0) : (i + 1) & 3;
    }
    c->nsides = c->players == 3 ? 3 : 2;
    /* objective */
    c->kind = h[H_KIND];
    c->guild = h[H_GUILD];
    c->simplified = h[H_SIMPLIFIED];
    c->carried = h[H_CARRIED];
    c->low = h[H_LOW];
    c->high = h[H_HIGH];
    if (!in_range(c->kind, 1, 4) || (c->kind == 3) != (c->hp == 1) || (c->kind == 4) != (c->mt == 1)) FAIL(E_OBJECTIVE);
    if (!in_range(c->guild, 0, 1) || !in_range(c->simplified, 0, 1) || !in_range(c->carried, 0, MAX_CARRIED))
        FAIL(E_OBJECTIVE);
    if ((c->guild && c->simplified) || (c->kind == 3 && (c->guild || c->simplified || c->carried)) ||
        (c->kind == 4 && (c->guild || c->carried)))
        FAIL(E_OBJECTIVE);
    if (!in_range(c->low, -VALUE_LIMIT, VALUE_LIMIT) || !in_range(c->high, -VALUE_LIMIT, VALUE_LIMIT) || c->low >= c->high)
        FAIL(E_OBJECTIVE);
    c->bid = h[H_BID];
    c->bidder_side = h[H_BIDDER_SIDE];
    c->dbl = h[H_DOUBLE];
    c->molotov = h[H_MOLOTOV];
    c->discard_side = h[H_DISCARD_SIDE];
    c->discard_points = h[H_DISCARD_POINTS];
    for (int i = 0; i < 3; i++) c->bonus[i] = h[H_BONUS + i];
    c->declarer = h[H_DECLARER];
    c->contract = h[H_CONTRACT];
    c->last_bonus = h[H_LAST_BONUS];
    int mt_scoring = h[H_MT_SCORING];
    c->seat_penalty = mt_scoring & 1;
    c->rounding = mt_scoring >> 1 & 1;
    for (int su = 0; su < 4; su++) c->mt_values[su] = 4 * ((h[H_MT_VALUES] >> (8 * su)) & 255);
    if (c->kind == 4) {
        /* Exact contract (four players): the declarer on the bidding side, the contract
           from the bid up, each marriage worth at most 100. */
        if (!in_range(c->bidder_side, -1, c->nsides - 1) || !in_range(c->bid, 0, 1000) ||
            !in_range(c->declarer, -1, c->players - 1) ||
            (c->declarer < 0 ? c->bidder_side != -1 || c->bid || c->contract : c->bidder_side != c->side[c->declarer]) ||
            !in_range(c->contract, c->bid, 1000) || !in_range(c->last_bonus, 0, 20) || !in_range(mt_scoring, 0, 3) ||
            !in_range(h[H_MT_VALUES], 0, 0x7FFFFFFF) || c->dbl || c->molotov || c->discard_side != -1 ||
            c->discard_points || c->bonus[0] || c->bonus[1] || c->bonus[2])
            FAIL(E_OBJECTIVE);
        for (int su = 0; su < 4; su++)
            if (c->mt_values[su] > 100) FAIL(E_OBJECTIVE);
        c->max_side = c->bidder_side < 0 ? 0 : c->bidder_side;
    } else if (c->declarer != -1 || c->contract || c->last_bonus || mt_scoring || h[H_MT_VALUES]) {
        FAIL(E_OBJECTIVE);
    } else if (c->kind == 3) {
        if (!in_range(c->bid, 0, 230) || !in_range(c->bidder_side, -1, c->nsides - 1) || !in_range(c->dbl, 0, 1) ||
            !in_range(c->molotov, 0, 10000) || !in_range(c->discard_side, -1, c->nsides - 1) ||
            !in_range(c->discard_points, 0, 33))
            FAIL(E_OBJECTIVE);
        for (int i = 0; i < 3; i++)
            if (!in_range(c->bonus[i], 0, 10000) || (i >= c->nsides && c->bonus[i])) FAIL(E_OBJECTIVE);
        c->max_side = c->bidder_side < 0 ? 0 : c->bidder_side;
    } else {
        if (c->bid || c->bidder_side != -1 || c->dbl || c->molotov || c->discard_side != -1 || c->discard_points ||
            c->bonus[0] || c->bonus[1] || c->bonus[2])
            FAIL(E_OBJECTIVE);
        c->max_side = 0;
    }
    /* the buffer's regions */
    int tt_log2 = h[H_TT_LOG2];
    if (!in_range(tt_log2, 4, 24)) FAIL(E_TABLE);
    if (!in_range(h[H_TRACE_WORDS], 0, 1 << 26)) FAIL(E_BUFFER);
    u32 trace_words = (u32)h[H_TRACE_WORDS];
    c->udim = 8 + c->carried;
    u32 *block = (u32 *)(buf + HEADER_WORDS * 4);
    c->history = block + CORE_HISTORY;
    c->utility = (const i32 *)(buf + UTILITY_AT * 4);
    u64 utility_words = c->kind == 2 ? (u64)c->udim * c->udim * 4 : 0;
    u64 cache_words = c->kind == 2 ? (u64)c->udim * c->udim * c->udim * c->udim * 4 * 2 : 0;
    u64 at = (UTILITY_AT + UTILITY_WORDS) * 4;
    c->era_cache = (i32 *)(buf + at);
    at += ERA_CACHE_WORDS * 4;
    c->res = (Resume *)(buf + at);
    at += RESUME_WORDS * 4;
    h[H_TRACE_AT] = (i32)(at / 4);
    c->trace = (i32 *)(buf + at);
    at += (u64)trace_words * 4;
    at = (at + 63) & ~63ULL;
    c->tt = (Entry *)(buf + at);
    at += ((u64)1 << tt_log2) * sizeof(Entry);
    if (at > size) FAIL(E_BUFFER);
    c->tt_mask = ((u32)1 << (tt_log2 - 2)) - 1;
    c->trace_cap = trace_words;
    c->trace_len = 0;
    c->trace_on = trace_words > 0;
    c->trace_full = 0;
    c->ply = 0;
    c->nodes = 0;
    c->budget = (u32)h[H_NODE_BUDGET];
    c->stopped = 0;
    c->rdepth = 0;
    c->resume_value = 0;
    c->resume_line = 0;
    c->broken = 0;
    for (u64 i = 0; i < utility_words; i++)
        if (!in_range(c->utility[i], -VALUE_LIMIT, VALUE_LIMIT)) FAIL(E_OBJECTIVE);
    /* position */
    u64 deck = deck_mask(c->deck), seen = 0;
    int n_trick = h[H_TRICK_N], leader = h[H_LEADER], to_act = h[H_TO_ACT], done = h[H_DONE];
    if (!in_range(n_trick, 0, c->players - 1) || !in_range(leader, 0, c->players - 1) ||
        !in_range(to_act, 0, c->players - 1) || !in_range(done, 0, c->tricks))
        FAIL(E_POSITION);
    int asker = h[H_PENDING_ASKER];
    if (!in_range(asker, -1, 3)) FAIL(E_POSITION);
    if (asker < 0 ? to_act != (leader + n_trick) % c->players : (leader != asker || to_act != (asker ^ 2)))
        FAIL(E_POSITION);
    s->ntrick = (u8)n_trick;
    s->leader = (u8)leader;
    s->to_act = (u8)to_act;
    s->done = (u8)done;
    for (int seat = 0; seat < 4; seat++) {
        u64 hand = word_pair(h, H_HANDS + 2 * seat);
        if ((hand & ~deck) || (hand & seen)) FAIL(E_POSITION);
        int offset = (seat - leader + c->players) % c->players;
        int expected = seat >= c->players ? 0 : c->tricks - done - (offset < n_trick ? 1 : 0);
        if (done == c->tricks) expected = 0;
        if (pc(hand) != expected) FAIL(E_POSITION);
        s->hands[seat] = hand;
        seen |= hand;
    }
    s->table = 0;
    for (int i = 0; i < 4; i++) {
        int card = h[H_TRICK + i];
        if (i >= n_trick) {
            if (card != 0) FAIL(E_POSITION);
            s->trick[i] = 0;
            continue;
        }
        if (!in_range(card, 0, 35) || !((deck >> card) & 1) || ((seen >> card) & 1)) FAIL(E_POSITION);
        seen |= 1ULL << card;
        s->table |= 1ULL << card;
        s->trick[i] = (u8)card;
    }
    if (done == c->tricks && n_trick) FAIL(E_POSITION);
    int total_won = 0;
    u64 taken_by[3];
    for (int i = 0; i < 3; i++) {
        u64 taken = word_pair(h, H_TAKEN + 2 * i);
        int won = h[H_WON + i];
        if (i >= c->nsides && (taken || won)) FAIL(E_POSITION);
        if ((taken & ~deck) || (taken & seen) || !in_range(won, 0, done)) FAIL(E_POSITION);
        if (pc(taken) != won * c->players) FAIL(E_POSITION);
        taken_by[i] = taken;
        s->won[i] = (u8)won;
        seen |= taken;
        total_won += won;
    }
    if (total_won != done) FAIL(E_POSITION);
    u64 discarded = word_pair(h, H_DISCARDED);
    if ((discarded & ~deck) || (discarded & seen)) FAIL(E_POSITION);
    int mt3 = c->mt && c->players == 3;
    if (c->hp ? (discarded && pc(discarded) != 3) : mt3 ? pc(discarded) != 3 : discarded != 0) FAIL(E_POSITION);
    if (!c->hp && !mt3 && seen != deck) FAIL(E_POSITION);
    if (mt3 && (seen | discarded) != deck) FAIL(E_POSITION);
    /* Marriage trumps, three players: the discard's points, the declarer's once he has a
       trick (none without a declarer); no asks. */
    if (c->kind == 4) c->discard_points = c->declarer >= 0 ? points_of(discarded, c->simplified) : 0;
    if (mt3 && asker >= 0) FAIL(E_POSITION);
    c->pack = seen;
    int trump = h[H_TRUMP], declared = h[H_DECLARED], burned = h[H_BURNED], window = h[H_WINDOW];
    int half = h[H_PENDING_HALF], psuit = h[H_PENDING_SUIT], duty = h[H_LEAD_DUTY];
    int pcard = h[H_PENDING_CARD];
    if (!in_range(trump, -1, 3) || !in_range(declared, 0, 15) || !in_range(burned, 0, c->mt ? 0xFFFFFFF : 0xFFFF) ||
        !in_range(window, 0, 1) ||
        !in_range(half, 0, 1) || !in_range(psuit, 0, 3) || !in_range(duty, -1, 3))
        FAIL(E_POSITION);
    if (trump < 0 ? declared != 0 : !((declared >> trump) & 1)) FAIL(E_POSITION);
    if (window && (n_trick || asker >= 0 || done == 0 || done >= c->tricks)) FAIL(E_POSITION);
    if (asker >= 0 && (c->hp || n_trick || to_act != (asker ^ 2) || done == 0 || done >= c->tricks)) FAIL(E_POSITION);
    if (asker < 0 && (half || psuit)) FAIL(E_POSITION);
    /* The card a pending half ask asks for (marriage trumps): the king or queen of its
       suit that the asker lacks. */
    if (c->mt && asker >= 0 && half
            ? !in_range(pcard, 0, 35) || !((kq_mask(psuit) >> pcard) & 1) || ((s->hands[asker] >> pcard) & 1)
            : pcard != -1)
        FAIL(E_POSITION);
    if (c->hp && (declared != (trump < 0 ? 0 : 1 << trump) || burned || window || duty >= 0)) FAIL(E_POSITION);
    if (duty >= 0 && n_trick) FAIL(E_POSITION);
    s->trump = (i8)trump;
    s->declared = (u8)declared;
    s->burned = (u32)burned;
    s->pend_card = (i8)pcard;
    int declarer_won = h[H_DECLARER_WON];
    if (!in_range(declarer_won, 0, 1) || (declarer_won && (c->declarer < 0 || !s->won[c->side[c->declarer]])))
        FAIL(E_POSITION);
    s->decl_won = (u8)declarer_won;
    s->window = (u8)window;
    s->pend_asker = (i8)asker;
    s->pend_half = (u8)half;
    s->pend_suit = (u8)psuit;
    s->lead_duty = (i8)duty;
    for (int i = 0; i < 2; i++) {
        int d = h[H_DECL + i];
        if (!in_range(d, 0, 5) || ((c->hp || c->mt) && d)) FAIL(E_POSITION);
        s->decl[i] = (i8)d;
    }
    /* The declaration points are what the declared suits give: the first marriage 2 to
       its pair, each later one 1. (More would let the search declare past 5 points and
       index past the era table's cache.) */
    int n_declared = pc((u64)declared), decl_sum = s->decl[0] + s->decl[1];
    if (!c->hp && !c->mt && (n_declared ? decl_sum != n_declared + 1 || (s->decl[0] < 2 && s->decl[1] < 2) : decl_sum != 0))
        FAIL(E_POSITION);
    for (int i = 0; i < 3; i++) {
        int m = h[H_MARRIAGES + i];
        if (!in_range(m, 0, c->mt ? 400 : 160) || (!c->hp && !c->mt && m) || (i >= c->nsides && m)) FAIL(E_POSITION);
        s->marr[i] = (i16)m;
    }
    int last = h[H_LAST_SIDE];
    if (!in_range(last, 0, c->nsides - 1) || (done == 0 && last != 0)) FAIL(E_POSITION);
    s->last_side = (u8)last;
    /* the winning card of the trick so far */
    s->win = n_trick ? (i8)s->trick[0] : -1;
    for (int i = 1; i < n_trick; i++) {
        int card = s->trick[i], w = s->win;
        if ((card / 9 == w / 9 && card > w) || (card / 9 == trump && w / 9 != trump)) s->win = (i8)card;
    }
    /* the pack's totals */
    for (int card = 0; card < 36; card++) {
        for (int level = 0; level < 4; level++) c->classes[level][card] = GUILD_CLASSES[level][card % 9];
        c->classes[4][card] = PAGAT_CLASSES[c->simplified][card % 9];
        c->classes[5][card] = PAGAT_CLASSES[0][card % 9];
    }
    c->tot_matit = matit_of(c->pack);
    c->tot_pips = pips_of(c->pack);
    c->tot_aces = aces_of(c->pack);
    c->pack_points = points_of(c->pack, c->simplified);
    c->pack_tally = 0;
    for (int card = 0; card < 36; card++) {
        c->card_tally[card] = tally_of(card, c->simplified);
        if ((c->pack >> card) & 1) c->pack_tally += c->card_tally[card];
    }
    for (int i = 0; i < 3; i++) {
        s->tally[i] = 0;
        for (u64 bits = taken_by[i]; bits; bits &= bits - 1) s->tally[i] += c->card_tally[low_card(bits)];
    }
    /* the table's generation; a reset forgets the table, the history and the caches */
    u32 gen = block[CORE_GENERATION];
    if (gen > 255) gen = 0;
    if (h[H_RESET] || gen == 0 || block[CORE_TT_LOG2] != (u32)tt_log2) {
        gen++;
        if (gen > 255) {
            /* Every entry the buffer could hold, whatever table size it served before. */
            u64 room = (size - ((u8 *)c->tt - buf)) / sizeof(Entry);
            for (u64 i = 0; i < room; i++) c->tt[i].gen = 0;
            gen = 1;
        }
        for (int i = 0; i < 4 * 36; i++) c->history[i] = 0;
        c->res->key = 0;
        for (u64 i = 0; i < cache_words; i += 2) {
            c->era_cache[i] = 1;
            c->era_cache[i + 1] = 0;
        }
    }
    block[CORE_GENERATION] = gen;
    block[CORE_TT_LOG2] = (u32)tt_log2;
    h[H_RESET] = 0;
    c->gen = gen;
    if (done == c->tricks) return E_OVER;
    return 0;
}

static void finish(Ctx *c, i32 *h, int status) {
    h[H_STATUS] = status;
    h[H_NODES_LO] = (i32)(u32)c->nodes;
    h[H_NODES_HI] = (i32)(u32)(c->nodes >> 32);
    h[H_TRACE_LEN] = (i32)c->trace_len;
    h[H_TRACE_FULL] = c->trace_full;
}

/* ------------------------------------------------------------------ entry points */

EXPORT int mp_version(void) { return VERSION; }
EXPORT int mp_header_words(void) { return HEADER_WORDS; }
EXPORT int mp_entry_bytes(void) { return (int)sizeof(Entry); }

/* The moves the search generates at the position (the engine's node_actions), or at the
   position the search reaches from it by the moves of H_PATH (so that the tests compare
   the core's own make-move with the engine's; none at the end of the deal). */
EXPORT int mp_moves(u8 *buf, u32 size) {
    Ctx c;
    State s;
    int status = setup(buf, size, &c, &s);
    if (status < 0) return status;
    i32 *h = (i32 *)buf;
    u8 moves[MAX_ACTIONS];
    int path_n = h[H_PATH_N];
    if (!in_range(path_n, 0, MAX_PATH)) FAIL(E_POSITION);
    for (int p = 0; p < path_n; p++) {
        int n = s.done == c.tricks ? 0 : gen_moves(&c, &s, moves), found = 0;
        for (int i = 0; i < n; i++) found |= moves[i] == h[H_PATH + p];
        if (!found) FAIL(E_POSITION);
        apply_move(&c, &s, h[H_PATH + p]);
    }
    int n = s.done == c.tricks ? 0 : gen_moves(&c, &s, moves);
    for (int i = 0; i < n; i++) h[H_ACTIONS + i] = moves[i];
    h[H_N_ACTIONS] = n;
    h[H_MAXIMISER] = is_max(&c, s.to_act);
    finish(&c, h, 0);
    return n;
}

/* The exact value of every legal action (in the engine's order), the best one (the
   first of the best value) and the principal line after it. Values are the objective's
   (the maximising side's view). */
EXPORT int mp_solve(u8 *buf, u32 size) {
    Ctx c;
    State s;
    int status = setup(buf, size, &c, &s);
    if (status < 0) return status;
    i32 *h = (i32 *)buf;
    c.res->key = 0; /* mp_solve keeps no place: a call cut short starts again from its root */
    if (c.trace_on) trace_node(&c, &s);
    u8 moves[MAX_ACTIONS], kept[MAX_ACTIONS];
    i8 stand[MAX_ACTIONS];
    int values[MAX_ACTIONS], n = gen_moves(&c, &s, moves);
    int k = root_actions(&c, &s, moves, n, kept, stand);
    int maximise = is_max(&c, s.to_act), have_guess = 0, guess = 0;
    for (int i = 0; i < k; i++) {
        State child = s;
        apply_move(&c, &child, kept[i]);
        ENTER(&c, kept[i]);
        int v = exact_value(&c, &child, have_guess ? guess : 0);
        LEAVE(&c);
        if (c.stopped) break;
        for (int j = 0; j < n; j++)
            if (moves[j] == kept[i]) values[j] = v;
        if (!have_guess || (maximise ? v > guess : v < guess)) guess = v;
        have_guess = 1;
    }
    if (c.stopped) {
        finish(&c, h, E_UNFINISHED);
        return E_UNFINISHED;
    }
    int best_card = maximise ? -INF : INF;
    for (int j = 0; j < n; j++)
        if (stand[j] >= 0)
            for (int i = 0; i < n; i++)
                if (moves[i] == stand[j]) values[j] = values[i];
    for (int j = 0; j < n; j++)
        if ((moves[j] < 36 || moves[j] >= M_MARRIAGE) && stand[j] != -2)
            best_card = maximise ? (values[j] > best_card ? values[j] : best_card) : (values[j] < best_card ? values[j] : best_card);
    for (int j = 0; j < n; j++)
        if (stand[j] == -2) values[j] = best_card;
    int best = 0;
    for (int j = 1; j < n; j++)
        if (maximise ? values[j] > values[best] : values[j] < values[best]) best = j;
    for (int j = 0; j < n; j++) {
        h[H_ACTIONS + j] = moves[j];
        h[H_VALUES + j] = values[j];
    }
    h[H_N_ACTIONS] = n;
    h[H_BEST] = best;
    h[H_VALUE] = values[best];
    h[H_MAXIMISER] = maximise;
    State child = s;
    apply_move(&c, &child, moves[best]);
    h[H_LINE] = moves[best];
    ENTER(&c, moves[best]);
    h[H_LINE_N] = 1 + principal_line(&c, &child, values[best], h + H_LINE + 1, MAX_LINE - 1);
    LEAVE(&c);
    if (c.stopped) {
        finish(&c, h, E_UNFINISHED);
        return E_UNFINISHED;
    }
    finish(&c, h, 0);
    return n;
}

/* What a call asks (every input word but the reset and the budget, and the era table): a
   kept place resumes only the same call. Never 0. */
static u64 call_key(const i32 *h, const Ctx *c) {
    u64 key = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < H_STATUS; i++)
        if (i != H_RESET && i != H_NODE_BUDGET) key = mix(key ^ (u32)h[i]) + (u64)i;
    u64 words = c->kind == 2 ? (u64)c->udim * c->udim * 4 : 0;
    for (u64 i = 0; i < words; i++) key = mix(key ^ (u32)c->utility[i]);
    return key | 1;
}

/* The exact value of the position (objective's view) and the principal line from it. A
   call cut short by its node budget keeps its place (Resume): the same call again goes on
   from there, so that the calls visit, in all, the nodes of one call without a budget. */
EXPORT int mp_value(u8 *buf, u32 size) {
    Ctx c;
    State s;
    int status = setup(buf, size, &c, &s);
    if (status < 0) return status;
    i32 *h = (i32 *)buf;
    Resume *r = c.res;
    u64 key = call_key(h, &c);
    int value = 0, phase = 0;
    if (r->key == key) {
        c.rdepth = r->depth;
        phase = r->phase;
        if (phase == 0) c.resume_value = 1;
        else {
            c.resume_line = 1;
            value = r->value;
        }
    }
    r->key = 0;
    if (phase == 0) value = exact_value(&c, &s, 0);
    int stopped_in = c.stopped ? 0 : 1;
    h[H_VALUE] = value;
    h[H_MAXIMISER] = is_max(&c, s.to_act);
    h[H_N_ACTIONS] = 0;
    h[H_LINE_N] = h[H_LINE_WANTED] == 1 && !c.stopped ? principal_line(&c, &s, value, h + H_LINE, MAX_LINE) : 0;
    if (c.broken) {
        finish(&c, h, E_RESUME);
        return E_RESUME;
    }
    if (c.stopped) {
        r->phase = stopped_in;
        r->value = value;
        r->key = r->overflow ? 0 : key;
        finish(&c, h, E_UNFINISHED);
        return E_UNFINISHED;
    }
    finish(&c, h, 0);
    return 0;
}
