//! `StopOnShortSolutions` in help play: the shortest lengths are searched first, and none after the first that
//! has solutions. The problem: Popeye's REGRESSIONS/4_85_to_4_87.inp #13 (G. Berlinger, h=6 Duplex
//! StopOnShortSolutions), whose duplex half (White first) has the short solution `1.Ka3*a4 Bc3*b4 =` (Popeye
//! 4.104's output): Popeye lists it and stops; searching the twelve plies first took minutes.

use crate::playout::try_position;
use std::sync::atomic::AtomicBool;
use stipula::movegen::Rules;
use stipula::problem::{Goal, PhaseKind, Play, Stipulation};
use stipula::solve::run::{collect_phase_lines, Settings};
use stipula::solve::{Search, Table};

#[test]
fn stop_on_short_solutions_searches_no_longer_length() {
    let rules = Rules::orthodox();
    // White Ka3 Pb4, Black Kc4 Bc3 Sd1 Pa2 Pa4 Pe2; White (the duplex side) starts.
    let pos = try_position(&rules, "8/8/8/8/pPk5/K1b5/p3p3/3n4 w - - 0 1").expect("a legal position");
    let st = Stipulation {
        play: Play::Help,
        goal: Goal::Stalemate,
        moves: 6,
        half: false,
        exact: false,
        intro: 0,
        reci: None,
        structured: None,
        parry: false,
        quodlibet: false,
    };
    let stop = AtomicBool::new(false);
    let settings = Settings::default();

    let table = Table::new(16);
    // A deadline only so that a search of the longer lengths fails the test instead of running for minutes.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let search = Search::new(&rules, &table, Goal::Stalemate, Some(deadline), &stop);
    let (found, aborted) = collect_phase_lines(&search, &st, &pos, 12, &settings, PhaseKind::Duplex, true, None);
    assert!(!aborted);
    let texts: Vec<String> = found.lines.iter().map(|l| l.text().trim().to_string()).collect();
    assert_eq!(texts, ["1.Ka3*a4 Bc3*b4 ="]);

    // Exactly the work of the two-ply search alone: no longer length was searched.
    let table2 = Table::new(16);
    let alone = Search::new(&rules, &table2, Goal::Stalemate, None, &stop);
    alone.help_lines(&pos, 2).expect("no time limit");
    assert_eq!(search.nodes(), alone.nodes());
}
