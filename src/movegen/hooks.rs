//! The hooks a fairy condition may use: the [`Condition`] trait the move generator calls, and the [`Hooks`] bits
//! that say which of them a condition uses, so that an orthodox problem pays for none. The conditions
//! themselves are in [`crate::conditions`].

use super::Rules;
use crate::attacks::Occupancy;
use crate::effects::Effects;
use crate::moves::{Move, MoveList};
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};
use std::fmt;

/// What [`Condition::change_facts`] finds in a position that passes a condition's test after the move: a plain
/// move of an orthodox piece of the side to move (not castling, en passant or a promotion) from a square off
/// `vacating` fails the test exactly when it arrives on a square of `arrival` for its kind (or, a pawn's double
/// step, of `double_step`); a move from a square of `vacating` takes the condition's own test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChangeFacts {
    /// By orthodox kind index.
    pub arrival: [Bitboard; 6],
    pub double_step: Bitboard,
    pub vacating: Bitboard,
}

/// The hooks a condition uses, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hooks(pub u32);

impl Hooks {
    /// [`Condition::is_paralysed`]: some pieces cannot move, capture or give check.
    pub const PARALYSIS: Hooks = Hooks(1);
    /// [`Condition::observation_counts`]: some observations do not give check.
    pub const OBSERVATION: Hooks = Hooks(2);
    /// [`Condition::is_legal`]: a legality test after the move.
    pub const LEGALITY: Hooks = Hooks(4);
    /// [`Condition::extra_moves`]: moves the walks do not generate.
    pub const EXTRA_MOVES: Hooks = Hooks(8);
    /// [`Condition::after_move`]: the condition keeps state in [`Position::flags`].
    pub const AFTER_MOVE: Hooks = Hooks(16);
    /// [`Condition::double_step_allowed`].
    pub const DOUBLE_STEP: Hooks = Hooks(32);
    /// [`Condition::promotion_allowed`].
    pub const PROMOTION: Hooks = Hooks(64);
    /// [`Condition::unpromoted`]: a pawn move to the last rank may be made without a promotion (a kamikaze pawn's
    /// capture, the pawn gone with the piece it takes).
    pub const PAWN_MOVE: Hooks = Hooks(128);
    /// [`Condition::extra_check`]: some pieces give check by a move their walk does not have (Parsi's king leap).
    pub const EXTRA_CHECK: Hooks = Hooks(256);
    /// [`Condition::is_legal_by_replies`]: a legality test that asks whether the opponent can still move
    /// (Parsi's no-stalemate rule, Madness of Kings' no-checkmate rule for insane moves).
    pub const REPLIES: Hooks = Hooks(512);
    /// [`Condition::on_capture`]: a capture changes more than the captured square (the Circe family's rebirths).
    pub const CAPTURE: Hooks = Hooks(1024);
    /// [`Condition::choices`]: a capture may have several outcomes the mover chooses among (the promotion of a
    /// reborn pawn), each its own move.
    pub const CHOICES: Hooks = Hooks(2048);
    /// [`Condition::is_selected`]: of the moves legal by every other rule, only some may be played (Maximummer:
    /// the longest).
    pub const SELECT: Hooks = Hooks(4096);
    /// [`Condition::piece_moves`]: the condition makes each piece's moves itself (the Mars Circe family moves a
    /// piece from its rebirth square).
    pub const PIECE_MOVES: Hooks = Hooks(8192);
    /// [`Condition::rewrite_moves`]: the captures a piece's walk generates are replaced by the condition's own
    /// (Take&Make's capture followed by a move with the captured piece's walk); its moves that capture nothing
    /// stay as the walk makes them.
    pub const REWRITE: Hooks = Hooks(16384);
    /// [`Condition::on_move`]: every move, capture or not, may change more than its own squares (a recolouring,
    /// a transmutation, a relocation), made right after the move.
    pub const ON_MOVE: Hooks = Hooks(32768);
    /// [`Condition::suffocated`]: the goals of immobility read the condition too (Paralysing pieces: a side
    /// whose every move is stopped by paralysis is not mated but stalemated).
    pub const GOAL: Hooks = Hooks(1 << 22);
    /// [`Condition::note`]: the condition notes something after a move that the writers show (BGL's budgets
    /// left), asked only for the moves written, never by the search.
    pub const NOTE: Hooks = Hooks(1 << 20);
    /// [`Condition::in_check`]: the condition says what check is (SAT: a king with a flight); at most one
    /// condition of a problem has it. Every shortcut that reads check off the observations is off under it.
    pub const CHECK: Hooks = Hooks(1 << 31);
    /// [`Condition::castling_passage`]: the position in which the square the castling king passes is tested
    /// for check is changed (Imitator: the imitators moved by the king's first step).
    pub const CASTLING_PASSAGE: Hooks = Hooks(1 << 18);

    #[inline]
    pub const fn has(self, other: Hooks) -> bool {
        self.0 & other.0 != 0
    }
}

/// The stages of a move, in the one order the rules run them whatever order the problem names its conditions in
/// (Popeye's ranks of slices in a move's pipeline, `stipulation/move.c`), with the hooks each consists of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// Which moves exist: the walks' moves, a condition's own ([`Hooks::EXTRA_MOVES`]), its rules for pawns
    /// ([`Hooks::DOUBLE_STEP`], [`Hooks::PROMOTION`]), its captures in place of the walks' ([`Hooks::REWRITE`])
    /// and the outcomes a capture offers ([`Hooks::CHOICES`]).
    Generate,
    /// Which pieces may move and what observes what: paralysis, observations that count
    /// ([`Hooks::PARALYSIS`], [`Hooks::OBSERVATION`], [`Hooks::EXTRA_CHECK`]).
    Observe,
    /// What a capture does besides (a rebirth, a recolouring: [`Hooks::CAPTURE`]) and what any move does besides
    /// ([`Hooks::ON_MOVE`]), made right after the move, captures' effects first.
    Capture,
    /// The conditions' state after the move ([`Hooks::AFTER_MOVE`]), and what the writers show of it
    /// ([`Hooks::NOTE`]).
    State,
    /// Whether the move made is legal: the mover's king unchecked, then [`Hooks::LEGALITY`].
    Legality,
    /// Legality that looks at the opponent's replies ([`Hooks::REPLIES`]).
    Replies,
    /// Which of the moves legal by every other rule may be played ([`Hooks::SELECT`]).
    Select,
}

impl Stage {
    /// Every stage, in the order they run.
    pub const ALL: [Stage; 7] =
        [Stage::Generate, Stage::Observe, Stage::Capture, Stage::State, Stage::Legality, Stage::Replies, Stage::Select];

    /// The hooks that make up the stage.
    pub const fn hooks(self) -> Hooks {
        match self {
            Stage::Generate => Hooks(
                Hooks::CASTLING_PASSAGE.0
                    | Hooks::EXTRA_MOVES.0
                    | Hooks::DOUBLE_STEP.0
                    | Hooks::PROMOTION.0
                    | Hooks::PAWN_MOVE.0
                    | Hooks::CHOICES.0
                    | Hooks::PIECE_MOVES.0
                    | Hooks::REWRITE.0,
            ),
            Stage::Observe => {
                Hooks(Hooks::PARALYSIS.0 | Hooks::OBSERVATION.0 | Hooks::EXTRA_CHECK.0 | Hooks::CHECK.0 | Hooks::GOAL.0)
            }
            Stage::Capture => Hooks(Hooks::CAPTURE.0 | Hooks::ON_MOVE.0),
            Stage::State => Hooks(Hooks::AFTER_MOVE.0 | Hooks::NOTE.0),
            Stage::Legality => Hooks::LEGALITY,
            Stage::Replies => Hooks::REPLIES,
            Stage::Select => Hooks::SELECT,
        }
    }
}

/// A condition's capability table: which of stipula's shortcuts stay valid under it ([`Condition::keeps`]). The
/// rules take the shortcuts all their conditions keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keeps {
    /// Check is the walks' observation: the pin and evasion reasoning decides the king's safety after a move that
    /// captures nothing ([`Shortcut::Pins`](super::legality::Shortcut)); false for a condition that adds checks or
    /// moves of its own (Parsi's king leap, Madness of Kings).
    pub pins: bool,
    /// Observations may only be taken away (paralysis, observations that do not count): when nothing observes the
    /// king, a move that captures nothing and leaves its pin line exposes nothing.
    pub unobserved_pins: bool,
    /// A capture changes nothing but the captured square: captures take the same shortcut (false under a rebirth).
    pub captures: bool,
    /// Only observations taken away or tests after the move: the mate filter of the searches' last moves
    /// ([`Rules::mate_filter`](super::Rules::mate_filter)).
    pub check_filter: bool,
    /// Play is orthodox but for castling: the orthodox check filter, reply witnesses, the goal picture and the
    /// planning search of help play.
    pub orthodox: bool,
}

impl Keeps {
    /// What a condition using `hooks` keeps, read off the hooks.
    pub const fn from_hooks(hooks: Hooks) -> Keeps {
        // Tests after the move, state, pawn rules and captures' effects leave check as the walks give it.
        let check_as_walks = Hooks::AFTER_MOVE.0
            | Hooks::NOTE.0
            | Hooks::LEGALITY.0
            | Hooks::REPLIES.0
            | Hooks::SELECT.0
            | Hooks::DOUBLE_STEP.0
            | Hooks::PROMOTION.0
            | Hooks::CAPTURE.0
            | Hooks::CHOICES.0
            | Hooks::REWRITE.0;
        let fewer_checks = check_as_walks | Hooks::PARALYSIS.0 | Hooks::OBSERVATION.0;
        Keeps {
            pins: hooks.0 & !check_as_walks == 0,
            unobserved_pins: hooks.0 & !fewer_checks == 0,
            captures: !hooks.has(Hooks(
                Hooks::CAPTURE.0 | Hooks::CHOICES.0 | Hooks::PIECE_MOVES.0 | Hooks::REWRITE.0 | Hooks::ON_MOVE.0,
            )),
            check_filter: hooks.0 & !(Hooks::PARALYSIS.0 | Hooks::OBSERVATION.0 | Hooks::LEGALITY.0 | Hooks::NOTE.0)
                == 0,
            orthodox: hooks.0 == 0,
        }
    }

    /// What every one of several tables keeps.
    pub const fn and(self, o: Keeps) -> Keeps {
        Keeps {
            pins: self.pins && o.pins,
            unobserved_pins: self.unobserved_pins && o.unobserved_pins,
            captures: self.captures && o.captures,
            check_filter: self.check_filter && o.check_filter,
            orthodox: self.orthodox && o.orthodox,
        }
    }

    /// Everything (orthodox play).
    pub const ALL: Keeps = Keeps::from_hooks(Hooks(0));
}

impl std::ops::BitOr for Hooks {
    type Output = Hooks;
    fn bitor(self, o: Hooks) -> Hooks {
        Hooks(self.0 | o.0)
    }
}

/// A fairy condition. Every hook has an orthodox default; declare the ones used in [`Condition::hooks`].
pub trait Condition: Send + Sync + fmt::Debug {
    /// The canonical name with its options, as Popeye prints it (`Madrasi RexInclusive`).
    fn describe(&self) -> String;

    /// Which hooks this condition uses.
    fn hooks(&self) -> Hooks;

    /// Whether the piece on `sq` is paralysed in `pos`: it cannot move, cannot capture and gives no check.
    fn is_paralysed(&self, _rules: &Rules, _pos: &Position, _sq: Square) -> bool {
        false
    }

    /// Whether this condition's paralysis is Madrasi's: a piece observed by an opposing piece of its own kind
    /// (`Some(rex inclusive)`), so that with orthodox pieces the move generator can tell it from the piece's
    /// own targets; `None`, the default, for any other rule.
    fn own_kind_paralysis(&self) -> Option<bool> {
        None
    }

    /// The pieces of `color` that [`Condition::is_paralysed`] finds paralysed, all at once: the move generator
    /// asks once per position (called only with [`Hooks::PARALYSIS`]); must agree with `is_paralysed`.
    fn paralysed(&self, rules: &Rules, pos: &Position, color: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in pos.color_bb(color) {
            if self.is_paralysed(rules, pos, sq) {
                out.set(sq);
            }
        }
        out
    }

    /// The squares of the pieces that paralyse the piece on `sq` (empty when it is not paralysed). For
    /// explanations (`stipula explain`), off the solver's hot path; must agree with [`Condition::is_paralysed`].
    fn paralysers(&self, _rules: &Rules, _pos: &Position, _sq: Square) -> Vec<Square> {
        Vec::new()
    }

    /// The observations that make `pos` illegal under this condition, as (observed, observer) square pairs
    /// (Isardam: every Madrasi paralysis on the board). For explanations; must agree with
    /// [`Condition::is_legal`] on conditions that forbid paralyses.
    fn forbidden_paralyses(&self, _rules: &Rules, _pos: &Position) -> Vec<(Square, Square)> {
        Vec::new()
    }

    /// Whether the observation of `target` by the piece on `observer` gives check (called only for
    /// observers that are not paralysed).
    fn observation_counts(&self, _rules: &Rules, _pos: &Position, _observer: Square, _target: Square) -> bool {
        true
    }

    /// Whether the capture of a king by `mv`, a move the walks do not have (Parsi's king leap, found by
    /// [`Condition::extra_check`]), gives check (called only with [`Hooks::OBSERVATION`]).
    fn extra_capture_counts(&self, _rules: &Rules, _pos: &Position, _mv: Move) -> bool {
        true
    }

    /// Whether the side to move in `pos` is suffocated by paralysis (called only with [`Hooks::GOAL`]): it would
    /// have moves if nothing were paralysed, and every piece that would have one is paralysed (Popeye's
    /// `suffocated_by_paralysis`). Such a side is not mated, but stalemated, check or not.
    fn suffocated(&self, _rules: &Rules, _pos: &Position) -> bool {
        false
    }

    /// A legality test beyond "the mover's king is not in check" on the position after the move.
    fn is_legal(&self, _rules: &Rules, _before: &Position, _mv: Move, _after: &Position) -> bool {
        true
    }

    /// Whether `pos` itself passes this condition's test of the position after a move ([`Condition::is_legal`]
    /// on `pos` as the position reached): then a move from `pos` may be judged by what it changes
    /// ([`Condition::is_legal_from_passing`]). The move generator asks once per position (called only with
    /// [`Hooks::LEGALITY`]); `false`, the default, when the condition has no such test by changes.
    fn passes(&self, _rules: &Rules, _pos: &Position) -> bool {
        false
    }

    /// When `pos` [`Condition::passes`]: the squares a plain move (no castling, en passant or promotion) of an
    /// orthodox piece must avoid to pass the test too, found once for the position so that such moves need not
    /// be made to be judged ([`ChangeFacts`]). `None`, the default, when `pos` does not pass or the condition
    /// cannot say (the moves then take [`Condition::is_legal_from_passing`] or [`Condition::is_legal`]). Asked
    /// only when this is the one condition with [`Hooks::LEGALITY`] and none has [`Hooks::REPLIES`]; facts
    /// given stand for `passes`, which is then not asked.
    fn change_facts(&self, _rules: &Rules, _pos: &Position) -> Option<ChangeFacts> {
        None
    }

    /// [`Condition::is_legal`] for a move from a position that [`Condition::passes`]: must give the same answer
    /// there (the default asks `is_legal`).
    fn is_legal_from_passing(&self, rules: &Rules, before: &Position, mv: Move, after: &Position) -> bool {
        self.is_legal(rules, before, mv, after)
    }

    /// Whether a piece of colour `by` gives check to `sq` by a capture its walk does not have (called only with
    /// [`Hooks::EXTRA_CHECK`]).
    fn extra_check(&self, _rules: &Rules, _pos: &Position, _sq: Square, _by: Color) -> bool {
        false
    }

    /// Whether `color` is in check in `pos` under the condition (called only with [`Hooks::CHECK`]);
    /// [`Rules::walks_in_check`] is check as the pieces observe it, under the other conditions.
    fn in_check(&self, rules: &Rules, pos: &Position, color: Color) -> bool {
        rules.walks_in_check(pos, color)
    }

    /// A legality test on the position after the move that looks at the opponent's replies (called only with
    /// [`Hooks::REPLIES`], after every other test has passed). To ask whether the opponent can move, use
    /// [`Rules::has_legal_move_ignoring_replies`]: the replies' own reply tests are not applied (one level deep,
    /// so the definition is not circular).
    fn is_legal_by_replies(&self, _rules: &Rules, _before: &Position, _mv: Move, _after: &Position) -> bool {
        true
    }

    /// Whether `mv`, legal by every other rule (the tests of the stages before [`Stage::Select`]), may be played
    /// (called only with [`Hooks::SELECT`]). To ask whether another move is legal by the other rules, use
    /// [`Rules::legal_before_selection`].
    fn is_selected(&self, _rules: &Rules, _before: &Position, _mv: Move, _after: &Position) -> bool {
        true
    }

    /// The pseudo-legal moves of the piece on `from` (of the side to move, not paralysed), in place of the ones its
    /// walk makes ([`Rules::walked_piece_moves`]), appended to `out` (called only with [`Hooks::PIECE_MOVES`], for
    /// the one condition that has it).
    fn piece_moves(&self, rules: &Rules, pos: &Position, from: Square, out: &mut MoveList) {
        rules.walked_piece_moves(pos, from, out);
    }

    /// Moves the walks do not generate (Parsi's king leap, Madness of Kings' insane moves).
    fn extra_moves(&self, _rules: &Rules, _pos: &Position, _out: &mut MoveList) {}

    /// The capture stage: after the capture `mv` is made mechanically from `before` into `after` (the captured
    /// piece gone, the capturer on its arrival square), what else the capture does (a rebirth, a relocation),
    /// made on `after` and noted in `effects` (called only with [`Hooks::CAPTURE`], in the registry's stage
    /// order, before [`Condition::after_move`]).
    fn on_capture(&self, _rules: &Rules, _before: &Position, _mv: Move, _after: &mut Position, _effects: &mut Effects) {
    }

    /// The effect stage of every move (called only with [`Hooks::ON_MOVE`], after the capture stage): what `mv`
    /// does besides moving and taking (a recolouring, a transmutation, a relocation), made on `after` and noted in
    /// `effects`.
    fn on_move(&self, _rules: &Rules, _before: &Position, _mv: Move, _after: &mut Position, _effects: &mut Effects) {}

    /// The generate stage's rewrite of a piece's captures (called only with [`Hooks::REWRITE`]): `out[start..]` holds
    /// the pseudo-legal moves of the piece on `from` in `pos` as its walk makes them; the condition replaces the
    /// captures among them by its own moves (none, one or several per capture), leaving the others in their order.
    fn rewrite_moves(&self, _rules: &Rules, _pos: &Position, _from: Square, _out: &mut MoveList, _start: usize) {}

    /// What the condition does to `mv` from `before`, as a sentence for explanations (`stipula explain --why`): a
    /// rebirth it makes, or why it forbids the move; `None` when it does nothing special to it. Off the solver's
    /// hot path.
    fn explain_move(&self, _rules: &Rules, _before: &Position, _mv: Move) -> Option<String> {
        None
    }

    /// How many outcomes the mover chooses among for the pseudo-legal capture or promotion `mv` in `pos` (0: the
    /// move stands as generated); the generator lists the move once per outcome, [`Move::choice`] 1 to n, for
    /// [`Condition::on_capture`] or [`Condition::on_move`] to make (called only with [`Hooks::CHOICES`]).
    fn choices(&self, _rules: &Rules, _pos: &Position, _mv: Move) -> u8 {
        0
    }

    /// Whether [`Condition::choices`] is asked for every move, not only captures (Parrain Circe's rebirth, made by
    /// any move; Wormholes: a move arriving on a wormhole chooses the wormhole it goes on to).
    fn choices_on_every_move(&self) -> bool {
        false
    }

    /// What the condition notes after `mv`, made from `before` into `after` (every stage run), for the writers
    /// (BGL's budgets left: Popeye `(4.5/3)`), pushed onto `effects` (called only with [`Hooks::NOTE`], for the
    /// moves written).
    fn note(&self, _rules: &Rules, _before: &Position, _mv: Move, _after: &Position, _effects: &mut Effects) {}

    /// Updates the condition's state bits in `after` (via [`Position::set_flags`]).
    fn after_move(&self, _rules: &Rules, _before: &Position, _mv: Move, _after: &mut Position) {}

    /// The piece attributes the condition brings into play (Kobul kings: a royal piece of another walk), which the
    /// rules then play as [`Rules::with_attributes`] does.
    fn attributes(&self) -> crate::pieces::Attrs {
        crate::pieces::Attrs::NONE
    }

    /// Whether a move's [`Move::choice`] is part of what Popeye compares when it tells a threat after a defence
    /// (a rebirth the mover chose is; Castling chess' partner, which the choice names, is not).
    fn choice_identifies_moves(&self) -> bool {
        true
    }

    /// Whether the condition plays pieces with the royal attribute (Popeye's Royal) beside its kings: its rules read
    /// a piece's royalty (as Popeye's flag Royal), not its kind. A condition whose rules single out kings by kind
    /// says no, and stipula refuses such pieces with it.
    fn royal_pieces(&self) -> bool {
        true
    }

    /// Whether a diagram may lack the royal piece of `color` without Popeye's option NoWk/NoBk (Super-transmuting
    /// king: the king may have become another piece); it may not by default.
    fn allows_no_king(&self, _color: Color) -> bool {
        false
    }

    /// Whether the diagram may leave the side not to move in check (Lèse-majesté); it may not by default.
    fn allows_diagram_check(&self) -> bool {
        false
    }

    /// Whether castling exists at all.
    fn castling(&self) -> bool {
        true
    }

    /// The condition's name when castling under it is not implemented (Anti-Mars Circe castles from the rebirth
    /// squares): a diagram where a side may castle is then refused.
    fn castling_unsupported(&self) -> Option<&'static str> {
        None
    }

    /// Whether some pawn on its own first rank may move under the condition ([`Condition::first_rank_pawn_moves`]).
    fn has_first_rank_pawn_moves(&self) -> bool {
        false
    }

    /// Whether a pawn on its own first rank on `from` (brought there by the condition) moves, single steps and
    /// captures, as Popeye lets a pawn on a wormhole (`pawn_get_no_capture_length`); a pawn on its first rank
    /// stays put otherwise.
    fn first_rank_pawn_moves(&self, _from: Square) -> bool {
        false
    }

    /// Whether en passant exists at all.
    fn en_passant(&self) -> bool {
        true
    }

    /// Which of stipula's shortcuts stay valid under the condition (its capability table): by default read off
    /// its [`Condition::hooks`] ([`Keeps::from_hooks`]); a condition that knows better says so.
    fn keeps(&self) -> Keeps {
        Keeps::from_hooks(self.hooks())
    }

    /// Whether the pawn on `from` may make its double step (called only with [`Hooks::DOUBLE_STEP`]).
    fn double_step_allowed(&self, _pos: &Position, _from: Square) -> bool {
        true
    }

    /// Whether the pawn move `mv` may promote to `kind` (called only with [`Hooks::PROMOTION`]).
    fn promotion_allowed(&self, _rules: &Rules, _pos: &Position, _mv: Move, _kind: Kind) -> bool {
        true
    }

    /// Whether the pawn move `mv` to the last rank is made once, without a promotion, in place of its
    /// promotions (called only with [`Hooks::PAWN_MOVE`]).
    fn unpromoted(&self, _pos: &Position, _mv: Move) -> bool {
        false
    }

    /// The initial state bits for [`Position::flags`].
    fn initial_flags(&self) -> u8 {
        0
    }

    /// The initial state bits for [`Position::flags`] in the diagram's position `pos` (its castling rights set):
    /// for a condition whose state starts from the board. The default is [`Condition::initial_flags`].
    fn initial_flags_in(&self, _pos: &Position) -> u8 {
        self.initial_flags()
    }

    /// The walk a piece of the orthodox kind `kind` has under the condition, where the condition changes
    /// Popeye's standard walks (CavalierMajeur: the knight is a nightrider): what pawns promote to and what the
    /// game array of a proof game holds. Asked once, when the rules are made; no hook, nothing per move.
    fn standard_walk(&self, kind: Kind) -> Kind {
        kind
    }

    /// Why the condition cannot be played on this diagram, if it cannot (CavalierMajeur: a knight, which
    /// Popeye refuses too); asked once per diagram, before any move.
    fn refuses_diagram(&self, _pos: &Position) -> Option<String> {
        None
    }

    /// The initial wide state ([`Position::wide_slot`]): for the one condition of a problem that keeps state
    /// there (the imitators' squares).
    fn initial_wide_slot(&self) -> u64 {
        0
    }

    /// Changes `test`, the position with the castling king of `pos` moved from `from` to `passed` (the square it
    /// passes), before it is tested for check (called only with [`Hooks::CASTLING_PASSAGE`]).
    fn castling_passage(&self, _rules: &Rules, _pos: &Position, _from: Square, _passed: Square, _test: &mut Position) {}

    /// Why the run refuses the problem, when the play met a move the condition cannot decide or make as Popeye
    /// does (Exclusive chess beyond its horizon, a ghost more than Ghost chess keeps).
    fn undecided(&self) -> Option<String> {
        None
    }

    /// Kinds this condition can bring onto the board (Parsi promotions), added to the kinds in play.
    fn extra_kinds(&self) -> Vec<Kind> {
        Vec::new()
    }
}
