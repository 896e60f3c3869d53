//! The solutions of help and series play as the search finds them, with memory bounded by a number of lines:
//! each line is rendered in Popeye's notation as it is found, the canonically first `cap` (the smallest texts,
//! so the same ones whatever the thread count) are kept, the others only counted. Lines a caller wants whatever
//! their place (`verify`'s intended solutions) are kept besides. What was kept is there even when the search
//! is stopped by its time limit.

use super::{Aborted, Search, SeriesEnd, Work};
use crate::moves::Move;
use crate::position::Position;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The default for `cap`: lines kept per phase (a line of h#200 is about 5 KB, so at most about 50 MB).
pub const DEFAULT_MAX_LINES: usize = 10_000;

type Render<'a> = Box<dyn Fn(&[Move]) -> String + Send + Sync + 'a>;
type Wanted<'a> = Box<dyn Fn(&str) -> bool + Send + Sync + 'a>;

/// Where the search puts the lines it finds (shared by its threads).
pub struct LineSink<'a> {
    render: Render<'a>,
    wanted: Option<Wanted<'a>>,
    cap: usize,
    /// Whether the moves of the lines kept are kept too (else only their text).
    moves: bool,
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    /// The canonically first lines, at most `cap`.
    first: BTreeMap<String, Vec<Move>>,
    /// Wanted lines, kept beyond the cap.
    wanted: BTreeMap<String, Vec<Move>>,
    /// Every line found.
    found: usize,
}

/// What a sink collected: the lines kept in canonical order (text, and moves when asked for), and how many were
/// found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collected {
    pub lines: Vec<(String, Vec<Move>)>,
    pub found: usize,
}

impl Collected {
    /// The lines found but not kept.
    pub fn left_out(&self) -> usize {
        self.found - self.lines.len()
    }
}

impl<'a> LineSink<'a> {
    /// A sink keeping the first `cap` lines in the order of their text, `render` giving a line's text.
    pub fn new(cap: usize, render: impl Fn(&[Move]) -> String + Send + Sync + 'a) -> Self {
        LineSink { render: Box::new(render), wanted: None, cap, moves: false, kept: Mutex::new(Kept::default()) }
    }

    /// With `on`, also keeps the moves of the lines kept.
    pub fn keeping_moves(mut self, on: bool) -> Self {
        self.moves = on;
        self
    }

    /// Also keeps, beyond the cap, every line whose text `wanted` accepts.
    pub fn wanting(mut self, wanted: impl Fn(&str) -> bool + Send + Sync + 'a) -> Self {
        self.wanted = Some(Box::new(wanted));
        self
    }

    /// A line found (rendered here, outside the lock). The same text twice counts once.
    pub fn push(&self, moves: &[Move]) {
        let text = (self.render)(moves);
        let wanted = self.wanted.as_ref().is_some_and(|w| w(&text));
        let mut k = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if k.first.contains_key(&text) || k.wanted.contains_key(&text) {
            return;
        }
        k.found += 1;
        let moves = if self.moves { moves.to_vec() } else { Vec::new() };
        if wanted {
            k.wanted.insert(text, moves);
        } else if k.first.len() < self.cap {
            k.first.insert(text, moves);
        } else if k.first.last_key_value().is_some_and(|(last, _)| text < *last) {
            k.first.insert(text, moves);
            k.first.pop_last();
        }
    }

    /// The lines kept, in canonical order, and the count of all found.
    pub fn finish(self) -> Collected {
        let k = self.kept.into_inner().unwrap_or_else(|e| e.into_inner());
        let mut lines: Vec<(String, Vec<Move>)> = k.first.into_iter().chain(k.wanted).collect();
        lines.sort();
        Collected { lines, found: k.found }
    }
}

impl Search<'_> {
    /// [`Search::help_lines`] into `sink`: what was found before an abort stays there.
    pub fn help_into(&self, pos: &Position, plies: u32, sink: &LineSink) -> Result<(), Aborted> {
        self.help_root(pos, plies, Some(sink)).map(drop)
    }

    /// [`Search::series_lines`] into `sink`: what was found before an abort stays there.
    pub fn series_into(&self, pos: &Position, n: u32, end: SeriesEnd, exact: bool, sink: &LineSink) -> Result<(), Aborted> {
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
        let render = |l: &[Move]| format!("line {:02}", l[0].to.index());
        let mut orders: Vec<Vec<u8>> = vec![(1..40).collect(), (1..40).rev().collect()];
        orders.push((1..40u32).map(|i| ((i * 7) % 39 + 1) as u8).collect());
        for order in orders {
            let sink = LineSink::new(5, render).wanting(|t: &str| t == "line 30").keeping_moves(true);
            for &i in &order {
                sink.push(&[mv(i)]);
            }
            sink.push(&[mv(3)]);
            let c = sink.finish();
            let texts: Vec<&str> = c.lines.iter().map(|(t, _)| t.as_str()).collect();
            assert_eq!(texts, ["line 01", "line 02", "line 03", "line 04", "line 05", "line 30"]);
            assert!(c.lines.iter().all(|(t, m)| *t == render(m)), "the moves kept are the line's");
            assert_eq!((c.found, c.left_out()), (39, 33));
        }
        let none = LineSink::new(0, render);
        none.push(&[mv(1)]);
        assert_eq!(none.finish(), Collected { lines: Vec::new(), found: 1 });
    }
}
