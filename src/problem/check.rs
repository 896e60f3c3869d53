//! What every reader checks before it hands out a problem: the options agree with each other and with the
//! stipulation, the conditions can be combined, and the diagram can be solved (kings, pawns, castling rights,
//! en passant, the side not to move in check). The result names its culprit so that the reader can point at the
//! token that causes it.

use crate::conditions::{self, ConditionError};
use crate::movegen::Rules;
use crate::problem::Problem;
use crate::setup::{build_position, Culprit as SetupCulprit, SetupError};

/// What a [`Unsolvable`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Culprit {
    /// Options (English names, as [`crate::problem::options::Options::contradicting_option`] gives them): the
    /// reader points at the one written last.
    Option(&'static [&'static str]),
    /// A condition (canonical name) that cannot be combined with an earlier one.
    Condition(String),
    /// Something in the diagram.
    Diagram(SetupCulprit),
}

/// Why a problem cannot be solved as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolvable {
    pub message: String,
    pub culprit: Culprit,
}

impl Unsolvable {
    /// What was expected instead.
    pub fn expected(&self) -> &'static str {
        match &self.culprit {
            Culprit::Option(_) => "options that agree with each other and with the stipulation",
            Culprit::Condition(_) => "conditions that can be combined",
            Culprit::Diagram(SetupCulprit::Kings(_) | SetupCulprit::ExtraKings(_)) => "one king of each side",
            Culprit::Diagram(SetupCulprit::Pawn(_)) => "pawns on the second to seventh rank",
            Culprit::Diagram(SetupCulprit::Castling(_)) => {
                "castling rights only for a king and rook on their home squares"
            }
            Culprit::Diagram(SetupCulprit::EnPassant) => {
                "an en-passant square just passed by a pawn of the side that moved last"
            }
            Culprit::Diagram(SetupCulprit::Position) => {
                "a position the last move could have left: the side not to move not in check"
            }
        }
    }

    /// How to fix it.
    pub fn hint(&self) -> &'static str {
        match &self.culprit {
            Culprit::Option(_) => "remove one of the contradicting options",
            Culprit::Condition(_) => "keep one of the conditions",
            Culprit::Diagram(SetupCulprit::Kings(_)) => "add the missing king, or state the option NoWk or NoBk",
            Culprit::Diagram(SetupCulprit::ExtraKings(_)) => "keep one king of each side and remove the others",
            Culprit::Diagram(SetupCulprit::Pawn(_)) => {
                "a pawn cannot stand on the first or last rank; check its square"
            }
            Culprit::Diagram(SetupCulprit::Castling(_)) => {
                "give castling rights only where king and rook stand on their home squares"
            }
            Culprit::Diagram(SetupCulprit::EnPassant) => "check the en-passant square, or leave it out",
            Culprit::Diagram(SetupCulprit::Position) => {
                "check the pieces and the stipulation: is the right side to move?"
            }
        }
    }
}

/// The first reason `p` cannot be solved as given, if any. Conditions stipula does not implement are not
/// refused here (the solver reports them as unsupported); twins are checked when they are solved.
pub fn check(p: &Problem) -> Option<Unsolvable> {
    check_with(p, true)
}

/// [`check`], but with `unplayable` false a diagram none of whose phases can be played (the side not to move in
/// check in each) passes, as Popeye reads it: it writes the diagram, then `the side to play can capture the king`.
pub fn check_with(p: &Problem, unplayable: bool) -> Option<Unsolvable> {
    if let Some((message, opts)) = p.options.contradicting_option(&p.stipulation) {
        return Some(Unsolvable { message, culprit: Culprit::Option(opts) });
    }
    // The first prefix of the conditions that cannot be built names the culprit (the later of a pair).
    let mut conds = None;
    for n in 1..=p.conditions.len() {
        match conditions::build_all(&p.conditions[..n]) {
            Ok(c) => conds = Some(c),
            Err(why @ (ConditionError::Conflict(..) | ConditionError::Twice(_))) => {
                return Some(Unsolvable {
                    message: why.to_string(),
                    culprit: Culprit::Condition(p.conditions[n - 1].name.clone()),
                });
            }
            Err(_) => return None,
        }
    }
    if p.zero_position {
        return None;
    }
    let mut conds = conds.unwrap_or_default();
    let plain_grasshopper = p.pieces.iter().any(|x| x.kind == crate::pieces::Kind::GRASSHOPPER && x.attrs.is_empty());
    conds.extend(conditions::attributes::for_attributes(crate::pieces::Attrs::of(&p.pieces), plain_grasshopper));
    let rules = Rules::new(p.pieces.iter().map(|x| x.kind), conds).with_attributes(crate::pieces::Attrs::of(&p.pieces));
    let mut setup = p.options.setup();
    setup.edge_pawns |= conditions::edge_pawns(&p.conditions);
    // Each phase (set play, solution, duplex) has its own side to move; a phase whose side not to move is in
    // check is left out when another can be played (as Popeye does).
    let mut in_check = None;
    let mut playable = false;
    for (_, side, _) in p.phase_plan(&p.stipulation) {
        match build_position(&p.pieces, &p.state, side, &rules, &setup) {
            Ok(_) => playable = true,
            Err(e) if e.culprit == SetupCulprit::Position => {
                in_check.get_or_insert(e);
            }
            // With twins, the diagram is only the first of them: Popeye refuses it alone (a king missing, the
            // side not to move in check) and solves the others; the twins are checked when they are solved.
            Err(SetupError { culprit: SetupCulprit::Kings(_), .. }) if !p.twins.is_empty() => return None,
            Err(e) => return Some(Unsolvable { message: e.message, culprit: Culprit::Diagram(e.culprit) }),
        }
    }
    // A proof game's diagram is the position after its last move, whichever side that leaves in check.
    let proof = p.stipulation.goal.is_proof();
    in_check
        .filter(|_| unplayable && !playable && p.twins.is_empty() && !proof)
        .map(|e| Unsolvable { message: e.message, culprit: Culprit::Diagram(e.culprit) })
}
