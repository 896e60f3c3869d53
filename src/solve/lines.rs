//! The solutions of help and series play as the search finds them, with memory bounded by a number of lines:
//! each line is made a [`Line`] as it is found, the canonically first `cap` (the smallest texts, so the same
//! ones whatever the thread count) are kept, the others only counted. Lines a caller wants whatever their place
//! (`verify`'s intended solutions) are kept besides. What was kept is there even when the search is stopped by
//! its time limit.

use super::solution::Line;
use super::{Aborted, Search, SeriesEnd, Work};
use crate::moves::Move;
use crate::position::Position;
use crate::problem::Goal;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The default for `cap`: lines kept per phase (a line of h#200 is about 5 KB, so at most about 50 MB).
pub const DEFAULT_MAX_LINES: usize = 10_000;

type Make<'a> = Box<dyn Fn(&[Move]) -> Line + Send + Sync + 'a>;
type Wanted<'a> = Box<dyn Fn(&[Move]) -> bool + Send + Sync + 'a>;

/// Where the search puts the lines it finds (shared by its threads).
pub struct LineSink<'a> {
    make: Make<'a>,
    wanted: Option<Wanted<'a>>,
    cap: usize,
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    /// The canonically first lines, at most `cap`, by their text.
    first: BTreeMap<String, Line>,
    /// Wanted lines, kept beyond the cap.
    wanted: BTreeMap<String, Line>,
    /// Every line found.
    found: usize,
}

/// What a sink collected: the lines kept in canonical order, and how many were found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collected {
    pub lines: Vec<Line>,
    pub found: usize,
}

impl Collected {
    /// The lines found but not kept.
    pub fn left_out(&self) -> usize {
        self.found - self.lines.len()
    }
}

impl<'a> LineSink<'a> {
    /// A sink keeping the first `cap` lines in the order of their text, `make` giving a line.
    pub fn new(cap: usize, make: impl Fn(&[Move]) -> Line + Send + Sync + 'a) -> Self {
        LineSink { make: Box::new(make), wanted: None, cap, kept: Mutex::new(Kept::default()) }
    }

    /// Also keeps, beyond the cap, every line whose moves `wanted` accepts.
    pub fn wanting(mut self, wanted: impl Fn(&[Move]) -> bool + Send + Sync + 'a) -> Self {
        self.wanted = Some(Box::new(wanted));
        self
    }

    /// A line found (made here, outside the lock). The same text twice counts once.
    pub fn push(&self, moves: &[Move]) {
        let line = (self.make)(moves);
        let text = line.text();
        let wanted = self.wanted.as_ref().is_some_and(|w| w(moves));
        let mut k = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if k.first.contains_key(&text) || k.wanted.contains_key(&text) {
            return;
        }
        k.found += 1;
        if wanted {
            k.wanted.insert(text, line);
        } else if k.first.len() < self.cap {
            k.first.insert(text, line);
        } else if k.first.last_key_value().is_some_and(|(last, _)| text < *last) {
            k.first.insert(text, line);
            k.first.pop_last();
        }
    }

    /// How many lines were found so far.
    pub fn found(&self) -> usize {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).found
    }

    /// The lines kept, in canonical order, and the count of all found.
    pub fn finish(self) -> Collected {
        let k = self.kept.into_inner().unwrap_or_else(|e| e.into_inner());
        let mut lines: Vec<(String, Line)> = k.first.into_iter().chain(k.wanted).collect();
        lines.sort_by(|a, b| a.0.cmp(&b.0));
        Collected { lines: lines.into_iter().map(|(_, l)| l).collect(), found: k.found }
    }
}

impl Search<'_> {
    /// [`Search::help_lines`] into `sink`: what was found before an abort stays there.
    pub fn help_into(&self, pos: &Position, plies: u32, sink: &LineSink) -> Result<(), Aborted> {
        self.help_root(pos, plies, super::HelpEnd::Goal, Some(sink)).map(drop)
    }

    /// [`Search::help_self_lines`] into `sink`, or with `reflex` [`Search::help_reflex_lines`].
    pub fn help_self_into(
        &self,
        pos: &Position,
        plies: u32,
        exact: bool,
        reflex: bool,
        sink: &LineSink,
    ) -> Result<(), Aborted> {
        self.help_root(pos, plies, super::HelpEnd::SelfEnd { exact, reflex }, Some(sink)).map(drop)
    }

    /// [`Search::help_reci_lines`] into `sink`.
    pub fn help_reci_into(&self, pos: &Position, plies: u32, reci: Goal, sink: &LineSink) -> Result<(), Aborted> {
        self.help_root(pos, plies, super::HelpEnd::Reci(reci), Some(sink)).map(drop)
    }

    /// Help play into a hidden end ([`super::Hidden`]), `exact-` or not, into `sink`: each line of `plies` help
    /// half-moves after which it holds (the zugzwang end also sooner, an even number of half-moves before).
    pub fn help_hidden_into(
        &self,
        pos: &Position,
        plies: u32,
        end: super::Hidden,
        exact: bool,
        sink: &LineSink,
    ) -> Result<(), Aborted> {
        self.help_root(pos, plies, super::HelpEnd::Hidden { end, exact }, Some(sink)).map(drop)
    }

    /// [`Search::series_lines`] into `sink`: what was found before an abort stays there.
    pub fn series_into(
        &self,
        pos: &Position,
        n: u32,
        end: SeriesEnd,
        exact: bool,
        sink: &LineSink,
    ) -> Result<(), Aborted> {
        self.series_root(pos, n, end, exact, Some(sink)).map(drop)
    }
}

impl Work<'_> {
    /// The line played so far is a solution.
    pub(super) fn found_line(&mut self) {
        match self.sink {
            Some(s) => s.push(&self.line),
            None => self.out.push(self.line.clone()),
        }
    }

    /// The line played so far and then `last` is a solution.
    pub(super) fn found_with(&mut self, last: Move) {
        self.line.push(last);
        self.found_line();
        self.line.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn mv(i: u8) -> Move {
        Move::new(Square::from_coords(0, 0), Square::from_coords(i % 8, i / 8), None, crate::moves::Special::None)
    }

    /// The kept lines are the first `cap` in text order whatever order they come in, and all are counted.
    #[test]
    fn keeps_the_canonically_first() {
        use crate::pieces::{Kind, Piece};
        use crate::solve::solution::{LineStyle, PlayedMove};
        // A rook on a1 going up the file and along the first rank: `Ra1-a2` … `Ra1-h1`, sorted by their text.
        let rook = Piece { kind: Kind::ROOK, color: crate::square::Color::White };
        let make = move |l: &[Move]| Line {
            style: LineStyle::Series(1),
            moves: vec![PlayedMove {
                mv: l[0],
                piece: rook,
                attrs: crate::pieces::Attrs::NONE,
                mark: None,
                effects: crate::effects::Effects::NONE,
            }],
        };
        let text = |i: u8| make(&[mv(i)]).text();
        let mut all: Vec<u8> = (1..16).collect();
        all.sort_by_key(|&i| text(i));
        let wanted = all[10];
        let mut orders: Vec<Vec<u8>> = vec![(1..16).collect(), (1..16).rev().collect()];
        orders.push((1..16u32).map(|i| ((i * 7) % 15 + 1) as u8).collect());
        for order in orders {
            let sink = LineSink::new(5, make).wanting(move |m: &[Move]| m[0] == mv(wanted));
            for &i in &order {
                sink.push(&[mv(i)]);
            }
            sink.push(&[mv(all[0])]);
            let c = sink.finish();
            let kept: Vec<Move> = c.lines.iter().map(|l| l.moves[0].mv).collect();
            let want: Vec<Move> = all[..5].iter().chain([&wanted]).map(|&i| mv(i)).collect();
            assert_eq!(kept, want);
            assert_eq!((c.found, c.left_out()), (15, 9));
        }
        let none = LineSink::new(0, make);
        none.push(&[mv(1)]);
        assert_eq!(none.finish(), Collected { lines: Vec::new(), found: 1 });
    }
}
