//! Popeye's input in its other languages: a generated problem (written in English) rewritten in German or
//! French, as Popeye reads the language from the problem's first word (`AnfangProblem`, `DebutProbleme`), and
//! keywords now and then abbreviated and in any case, as Popeye reads them (a word's unique start, case ignored:
//! `GetUniqIndex` in its `input/plaintext/token.c`).

use super::gen::Rng;
use stipula::conditions::registry::CONDITIONS;
use stipula::conditions::ConditionDef;
use stipula::pieces::Kind;
use stipula::problem::options::{OptionDef, OPTIONS};
use stipula::problem::twins::{TwinCommand, TWINNING};
use stipula::words::{Found, Lang, Spelling};

/// Popeye's top-level words `[English, German, French]` (its `GlobalTokenString`, `ProblemTokenString`,
/// `EndTwinTokenString` and `InitialTwinTokenString`, `output/plaintext/language_dependant.c`).
const COMMANDS: &[[&str; 3]] = &[
    ["BeginProblem", "AnfangProblem", "DebutProbleme"],
    ["EndProblem", "EndeProblem", "FinProbleme"],
    ["NextProblem", "WeiteresProblem", "asuivre"],
    ["Twin", "Zwilling", "jumeau"],
    ["ZeroPosition", "NullStellung", "zeroposition"],
    ["Remark", "Bemerkung", "remarque"],
    ["SStipulation", "sForderung", "senonce"],
    ["Author", "Autor", "auteur"],
    ["Origin", "Quelle", "source"],
    ["Pieces", "Steine", "pieces"],
    ["Condition", "Bedingung", "condition"],
    ["Option", "Option", "option"],
    ["Stipulation", "Forderung", "enonce"],
    ["Protocol", "Protokoll", "protocol"],
    ["Title", "Titel", "titre"],
    ["LaTeX", "LaTeX", "LaTeX"],
    ["LaTeXPieces", "LaTeXSteine", "PiecesLaTeX"],
    ["Award", "Auszeichnung", "prix"],
    ["InitialGameArray", "PartieAnfangsStellung", "PositionInitialePartie"],
    ["Forsyth", "Forsyth", "Forsyth"],
];

/// Popeye's colour words (`ColourString`).
const COLOURS: &[[&str; 3]] = &[
    ["White", "Weiss", "Blanc"],
    ["Black", "Schwarz", "Noir"],
    ["Neutral", "Neutral", "Neutre"],
    ["TotalInvisible", "TotalUnsichtbar", "TotalInvisible"],
];

/// The piece attributes the generator writes after a colour (Popeye's `PieSpString`).
const ATTRIBUTES: &[[&str; 3]] = &[["Royal", "Koeniglich", "Royale"]];

/// Every keyword of `lang` a word of the input might be taken for: commands, twinning commands, options,
/// conditions, colours. An abbreviation the generator writes is the start of exactly one of them, so that it is
/// unique in whichever of Popeye's tables it is looked up.
fn keywords(lang: Lang) -> Vec<&'static str> {
    let i = lang.index();
    let mut out: Vec<&'static str> = COMMANDS.iter().chain(COLOURS).chain(ATTRIBUTES).map(|n| n[i]).collect();
    out.extend(TWINNING.iter().map(|d| d.popeye[i]));
    out.extend(OPTIONS.iter().filter_map(|d| d.popeye.map(|n| n[i])));
    out.extend(CONDITIONS.iter().filter_map(|d| d.popeye.map(|n| n[i])));
    out
}

/// How a problem's words are written.
pub struct Writer<'r> {
    rng: &'r mut Rng,
    lang: Lang,
    keywords: Vec<&'static str>,
    /// Percent of keywords abbreviated, and of keywords and pieces whose case is changed.
    abbreviate: u32,
    recase: u32,
}

impl<'r> Writer<'r> {
    pub fn new(rng: &'r mut Rng, lang: Lang, abbreviate: u32, recase: u32) -> Writer<'r> {
        Writer { rng, lang, keywords: keywords(lang), abbreviate, recase }
    }

    /// A keyword (`word` in the input's language), now and then abbreviated to a start no other keyword has,
    /// and now and then in lower or upper case.
    fn keyword(&mut self, word: &str) -> String {
        let mut w = word.to_string();
        if self.rng.chance(self.abbreviate) {
            let lower = word.to_ascii_lowercase();
            let unique = |k: usize| {
                let p = &lower[..k];
                // Exactly one keyword with that start: French has `AnnanEchecs` twice (Annan and Nanna chess), which
                // Popeye takes written out (the first) but not abbreviated ("condition pas unique").
                let mut starting = self.keywords.iter().filter(|x| x.to_ascii_lowercase().starts_with(p));
                starting.next().is_some_and(|x| x.eq_ignore_ascii_case(word)) && starting.next().is_none()
            };
            let ks: Vec<usize> = (1..word.len()).filter(|&k| word.is_char_boundary(k) && unique(k)).collect();
            if !ks.is_empty() {
                let k = *self.rng.pick(&ks);
                w.truncate(k);
            }
        }
        self.recase(w)
    }

    fn recase(&mut self, w: String) -> String {
        if !self.rng.chance(self.recase) {
            return w;
        }
        if self.rng.chance(50) {
            w.to_ascii_lowercase()
        } else {
            w.to_ascii_uppercase()
        }
    }

    fn command(&mut self, english: &str) -> String {
        let i = self.lang.index();
        let names = COMMANDS.iter().find(|n| n[0] == english).unwrap_or_else(|| panic!("no command {english}"));
        self.keyword(names[i])
    }

    fn colour(&mut self, english: &str) -> Option<String> {
        let names = COLOURS.iter().chain(ATTRIBUTES).find(|n| n[0].eq_ignore_ascii_case(english))?;
        let w = names[self.lang.index()].to_string();
        Some(self.recase(w))
    }

    /// A walk code (English) in the language.
    fn code(&mut self, english: &str) -> String {
        let kind = Kind::from_code(english).unwrap_or_else(|| panic!("no walk {english}"));
        let c = kind.def().code_in(self.lang).to_string();
        self.recase(c)
    }

    /// A piece with its squares (`Qd1`, `CAb3c4`) in the language, or the word unchanged when it is none.
    fn piece(&mut self, tok: &str) -> String {
        let code_len = tok.len() - squares_len(tok);
        if code_len == 0 || code_len == tok.len() {
            return tok.to_string();
        }
        format!("{}{}", self.code(&tok[..code_len]), &tok[code_len..])
    }

    fn option(&mut self, word: &str) -> String {
        match OptionDef::lookup(word, Spelling::Popeye(Lang::English)) {
            Found::One(def, _) if word.starts_with(|c: char| c.is_ascii_alphabetic()) && !is_squares(word) => {
                let name = def.name_in(self.lang);
                self.keyword(name)
            }
            _ => word.to_string(),
        }
    }

    /// The words of a condition line (after `Condition`): conditions and their parameters.
    fn conditions(&mut self, words: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        let mut current: Option<&'static ConditionDef> = None;
        for w in words {
            if let Some(p) = current.and_then(|d| d.params.iter().find(|p| p.popeye.is_some_and(|(n, _)| n[0] == *w))) {
                let (names, _) = p.popeye.unwrap();
                let n = names[self.lang.index()].to_string();
                out.push(self.recase(n));
                continue;
            }
            // A walk after a condition that takes walks (PromOnly), in the input's language.
            if current.is_some_and(|d| d.any_walks) && Kind::from_code(w).is_some() {
                let code = self.code(w);
                out.push(code);
                continue;
            }
            match ConditionDef::lookup(w, Spelling::Popeye(Lang::English)) {
                Found::One(def, _) if def.popeye.is_some() => {
                    current = Some(def);
                    let name = def.name_in(self.lang);
                    out.push(self.keyword(name));
                }
                _ => out.push(w.to_string()),
            }
        }
        out
    }

    fn twin_command(&mut self, word: &str) -> Option<(TwinCommand, String)> {
        // Only a command written out: a twin's arguments are never taken for one.
        let def = TWINNING.iter().find(|d| d.popeye[0].eq_ignore_ascii_case(word))?;
        let name = def.popeye[self.lang.index()];
        Some((def.command, self.keyword(name)))
    }

    /// The words of a twin line (after `Twin` or `ZeroPosition`).
    fn twin(&mut self, words: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let Some((cmd, w)) = self.twin_command(words[i]) else {
                out.push(words[i].to_string());
                i += 1;
                continue;
            };
            out.push(w);
            i += 1;
            match cmd {
                TwinCommand::Add => {
                    if let Some(c) = words.get(i).and_then(|c| self.colour(c)) {
                        out.push(c);
                        i += 1;
                    }
                    while i < words.len() && squares_len(words[i]) > 0 && squares_len(words[i]) < words[i].len() {
                        out.push(self.piece(words[i]));
                        i += 1;
                    }
                }
                TwinCommand::Substitute => {
                    // Two codes, each a word of its own (Popeye reads `RB` as one walk).
                    match (words.get(i), words.get(i + 1)) {
                        (Some(a), Some(b)) if Kind::from_code(a).is_some() && Kind::from_code(b).is_some() => {
                            let (a, b) = (self.code(a), self.code(b));
                            out.push(a);
                            out.push(b);
                            i += 2;
                        }
                        _ => {}
                    }
                }
                TwinCommand::Condition => {
                    // The conditions run up to the next twinning command (a twin may change them twice).
                    let end = words[i..].iter().position(|w| is_twin_command(w)).map_or(words.len(), |k| i + k);
                    out.extend(self.conditions(&words[i..end]));
                    i = end;
                }
                _ => {}
            }
        }
        out
    }

    /// A Forsyth position in the language's letters (`.CA` for a walk of two letters).
    fn forsyth(&mut self, fen: &str) -> String {
        let mut out = String::new();
        let mut chars = fen.chars();
        while let Some(c) = chars.next() {
            let code: String = match c {
                '.' => [chars.next(), chars.next()].into_iter().flatten().collect(),
                c if c.is_ascii_alphabetic() => c.to_string(),
                c => {
                    out.push(c);
                    continue;
                }
            };
            let white = code.chars().all(|c| c.is_ascii_uppercase());
            let t = Kind::from_code(&code.to_ascii_uppercase())
                .map_or(code.clone(), |k| k.def().code_in(self.lang).to_string());
            let t = if white { t.to_ascii_uppercase() } else { t.to_ascii_lowercase() };
            // A walk of one letter in this language is written without a dot, one of two with it.
            if t.len() > 1 {
                out.push('.');
            }
            out += &t;
        }
        out
    }

    /// The problem `text` (English, one command a line) in the language.
    pub fn problem(&mut self, text: &str) -> String {
        let mut lines: Vec<&str> = text.lines().collect();
        // French Popeye reads `pieces` right after conditions as the condition `PiecesPerdues` and loses the
        // pieces (docs/popeye-differences.md): the pieces come first there.
        if self.lang == Lang::French {
            while let Some(i) =
                (1..lines.len()).find(|&i| lines[i - 1].starts_with("Condition") && lines[i].starts_with("Pieces"))
            {
                lines.swap(i - 1, i);
            }
        }
        let mut out = String::new();
        for line in lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some((&first, rest)) = words.split_first() else {
                out.push('\n');
                continue;
            };
            let mut ws = vec![self.command(first)];
            match first {
                "Pieces" => {
                    for (i, w) in rest.iter().enumerate() {
                        match self.colour(w) {
                            // A colour without pieces (a side without its king, `NoBk`) is left out: French Popeye
                            // reads the next command, `enonce`, as a piece of it.
                            Some(_) if rest.get(i + 1).is_none_or(|n| self_colour(n)) && self.lang != Lang::English => {
                            }
                            Some(c) => ws.push(c),
                            // A piece attribute after the colour (`White Chameleon Sb1`: German `Chamaeleon`).
                            None => match stipula::pieces::ATTRIBUTES.iter().find(|d| d.names[0] == *w) {
                                Some(d) => {
                                    let word = d.names[self.lang.index()].to_string();
                                    ws.push(self.recase(word));
                                }
                                None => ws.push(self.piece(w)),
                            },
                        }
                    }
                }
                "Option" => ws.extend(rest.iter().map(|w| self.option(w))),
                "Condition" => ws.extend(self.conditions(rest)),
                "Twin" | "ZeroPosition" => ws.extend(self.twin(rest)),
                "Forsyth" => ws.extend(rest.iter().map(|w| self.forsyth(w))),
                _ => ws.extend(rest.iter().map(|w| w.to_string())),
            }
            out += &ws.join(" ");
            out.push('\n');
        }
        out
    }
}

/// Whether `w` is an English twinning command written out (as the generator writes them).
fn is_twin_command(w: &str) -> bool {
    TWINNING.iter().any(|d| d.popeye[0].eq_ignore_ascii_case(w))
}

/// Whether `w` is an English colour word.
fn self_colour(w: &str) -> bool {
    COLOURS.iter().any(|n| n[0].eq_ignore_ascii_case(w))
}

fn is_squares(w: &str) -> bool {
    !w.is_empty() && squares_len(w) == w.len()
}

/// The length of the squares glued to the end of `tok` (`Pb2c3`: 4).
fn squares_len(tok: &str) -> usize {
    let b = tok.as_bytes();
    let mut end = b.len();
    while end >= 2 && (b'a'..=b'h').contains(&b[end - 2]) && (b'1'..=b'8').contains(&b[end - 1]) {
        end -= 2;
    }
    b.len() - end
}
