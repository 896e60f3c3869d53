// The teaching page of `stipula explain --html`: draws the board of the chosen position from the data stipula
// wrote into the page, and steps through the solutions (buttons, arrow keys, clicks on moves). Clicking a piece
// shows its legal moves on the board and lists its illegal ones with the reason. The URL fragment names what is
// shown (`#p=1&t=1&n=3&sq=c5`: problem, twin, position, chosen piece) so that a link opens the same view.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const SVG = "http://www.w3.org/2000/svg";
  const SQ = 45, LEFT = 20, TOP = 2;
  const state = { p: 0, t: 0, n: 0, sq: null };
  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(tag, text, parent, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    if (parent) parent.appendChild(e);
    return e;
  }
  function file(sq) { return sq.charCodeAt(0) - 97; }
  function rank(sq) { return sq.charCodeAt(1) - 49; }
  function corner(sq) { return [LEFT + file(sq) * SQ, TOP + (7 - rank(sq)) * SQ]; }
  function centre(sq) { const [x, y] = corner(sq); return [x + SQ / 2, y + SQ / 2]; }
  function twin() { return data.problems[state.p].twins[state.t]; }
  function node() { return twin().nodes[state.n]; }
  function sideName(s) { return s === "w" ? "White" : "Black"; }
  function moveText(n) { return n.num + n.text; }
  function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

  // A line between two squares' centres, cut short so that it runs between the pieces' edges.
  function line(from, to, cls, parent, cut) {
    const [x1, y1] = centre(from), [x2, y2] = centre(to);
    const dx = x2 - x1, dy = y2 - y1, len = Math.max(1, Math.hypot(dx, dy)), c = cut / len;
    return el("line", { x1: x1 + dx * c, y1: y1 + dy * c, x2: x2 - dx * c, y2: y2 - dy * c, class: cls, "data-from": from, "data-to": to }, parent);
  }

  function drawBoard() {
    const board = $("board");
    board.textContent = "";
    const defs = el("defs", {}, board);
    for (const [id, colour] of [["head-para", "#c0392b"], ["head-check", "#e67e22"], ["head-cancelled", "#2c6fbb"]]) {
      const m = el("marker", { id: id, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, defs);
      el("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }, m);
    }
    const n = twin().nodes.length ? node() : null;
    const squares = el("g", {}, board);
    for (let f = 0; f < 8; f++) {
      for (let r = 0; r < 8; r++) {
        const sq = String.fromCharCode(97 + f) + (r + 1);
        const [x, y] = corner(sq);
        el("rect", { x: x, y: y, width: SQ, height: SQ, class: (f + r) % 2 ? "light" : "dark", "data-sq": sq }, squares);
      }
    }
    for (let i = 0; i < 8; i++) {
      el("text", { x: LEFT + i * SQ + SQ / 2, y: TOP + 8 * SQ + 16, class: "coord" }, board).textContent = String.fromCharCode(97 + i);
      el("text", { x: LEFT / 2, y: TOP + (7 - i) * SQ + SQ / 2 + 4, class: "coord" }, board).textContent = i + 1;
    }
    el("rect", { x: LEFT, y: TOP, width: 8 * SQ, height: 8 * SQ, fill: "none", stroke: "#333", "stroke-width": 1.5 }, board);
    if (!n) return;
    const marks = el("g", { class: "marks" }, board);
    if (n.last) for (const sq of n.last) { const [x, y] = corner(sq); el("rect", { x: x, y: y, width: SQ, height: SQ, class: "last-move" }, marks); }
    if (state.sq) { const [x, y] = corner(state.sq); el("rect", { x: x, y: y, width: SQ, height: SQ, class: "selected" }, marks); }
    for (const [sq] of n.para) { const [x, y] = corner(sq); el("rect", { x: x + 2, y: y + 2, width: SQ - 4, height: SQ - 4, class: "frame" }, marks); }
    const pieces = el("g", {}, board);
    for (const [sq, code] of n.pieces) {
      const [x, y] = corner(sq);
      const u = el("use", { href: "#" + code, x: x, y: y, width: SQ, height: SQ, class: "piece", "data-sq": sq, "data-piece": code }, pieces);
      el("title", {}, u).textContent = (n.moves[sq] ? n.moves[sq].name : code) + " (click: its moves)";
    }
    const lines = el("g", { class: "lines" }, board);
    for (const [sq, by] of n.para) for (const b of by) el("title", {}, line(b, sq, "para-arrow", lines, 15)).textContent = b + " paralyses " + sq;
    for (const c of n.checks) el("title", {}, line(c.from, c.king, c.real ? "check-real" : "check-cancelled", lines, 13)).textContent = c.says;
    const chosen = state.sq && n.moves[state.sq];
    if (chosen) {
      for (const [, to] of chosen.legal) { const [x, y] = centre(to); el("circle", { cx: x, cy: y, r: 7, class: "legal", "data-sq": to }, lines); }
      for (const [to] of chosen.illegal) { const [x, y] = centre(to); el("path", { d: `M${x - 8} ${y - 8}l16 16M${x + 8} ${y - 8}l-16 16`, class: "illegal", "data-sq": to }, lines); }
    }
  }

  function drawChooser() {
    const nav = $("chooser");
    nav.textContent = "";
    data.problems.forEach((p, i) => {
      p.twins.forEach((t, j) => {
        if (data.problems.length === 1 && p.twins.length === 1) return;
        const name = (data.problems.length > 1 ? (p.title || "Problem " + (i + 1)) : "") + (t.label ? " " + t.label : "");
        const b = html("button", name.trim(), nav, i === state.p && j === state.t ? "chosen" : "");
        b.onclick = () => go(i, j, 0, null);
      });
    });
  }

  function drawAbout() {
    const p = data.problems[state.p], t = twin();
    if (data.problems.length > 1 && p.title) $("title").textContent = p.title;
    const parts = [p.authors.join(", "), p.source, t.stipulation, t.conditions.length ? t.conditions.join(", ") : "orthodox"];
    $("about").textContent = parts.filter((x) => x).join(" · ") + (t.label ? " — " + t.label + " " + t.heading : "");
  }

  function drawSolution() {
    const box = $("solution"), t = twin();
    box.textContent = "";
    if (t.refused) { html("p", "This position cannot be explained: " + t.refused, box, "refused"); return; }
    const top = html("div", null, box, "row");
    const d = html("a", "Diagram", top, "diagram-link");
    d.dataset.n = 0;
    if (!t.rows.length) html("span", " — no solution", top);
    for (const row of t.rows) {
      if (row.heading) {
        // A phase (set play, duplex, the solution beside them): its heading leads to its diagram.
        const h = html("div", null, box, "row phase");
        html("a", row.heading, h, "diagram-link").dataset.n = row.nodes[0];
        continue;
      }
      const div = html("div", null, box, "row");
      div.style.paddingLeft = row.indent * 1.5 + "em";
      row.nodes.forEach((i, k) => {
        if (k) div.appendChild(document.createTextNode(" "));
        html("a", moveText(t.nodes[i]), div).dataset.n = i;
      });
    }
    box.onclick = (e) => { const n = e.target.dataset && e.target.dataset.n; if (n !== undefined) { e.preventDefault(); go(state.p, state.t, +n, null); } };
    const notes = $("notes");
    notes.textContent = "";
    for (const x of t.notes) html("p", "Note: " + x + ".", notes, "note");
  }

  function drawPosition() {
    const t = twin(), n = t.nodes.length ? node() : null;
    for (const a of $("solution").querySelectorAll("a")) a.classList.toggle("current", +a.dataset.n === state.n);
    const facts = $("facts");
    facts.textContent = "";
    $("where").textContent = !n ? "" : state.n === 0 ? (n.title ? "Start" : "Diagram") : n.title || moveText(n);
    if (!n) { $("position-title").textContent = ""; return; }
    $("position-title").textContent = state.n === 0 ? n.title || "The diagram, " + sideName(n.side) + " to move"
      : n.title ? n.title : "After " + moveText(n) + ", " + sideName(n.side) + " to move";
    let list = facts;
    for (const [depth, text] of n.facts) {
      if (depth === 0) { list = facts; html("li", text, facts); }
      else { if (list === facts) list = html("ul", null, facts.lastChild); html("li", text, list); }
    }
    drawPiece(n);
    drawBoard();
  }

  function drawPiece(n) {
    const box = $("piece");
    box.textContent = "";
    const m = state.sq && n.moves[state.sq];
    if (!m) { html("p", "Click a piece to see where it may go, and why not elsewhere.", box, "hint"); return; }
    const side = m.off ? (n.side === "w" ? "Black" : "White") : sideName(n.side);
    html("h3", capital(m.name), box);
    if (m.off) html("p", "It is " + sideName(n.side) + "'s turn; if " + side + " were to move:", box, "note");
    if (!m.paralysed || m.legal.length) html("p", m.legal.length ? "Legal moves: " + m.legal.map((x) => x[0]).join(", ") : "No legal move.", box, "legal-list");
    if (m.paralysed) {
      // Every move of a paralysed piece is refused for the same reason: say it once.
      html("p", capital(m.paralysed) + ", so it cannot move" + (m.illegal.length ? " (" + m.illegal.map((x) => x[1]).join(", ") + ")." : "."), box, "paralysed");
    } else if (m.illegal.length) {
      html("p", "Illegal moves:", box);
      const ul = html("ul", null, box, "illegal-list");
      for (const [, , why] of m.illegal) html("li", why, ul);
    }
  }

  function writeHash() {
    const h = "#p=" + (state.p + 1) + "&t=" + (state.t + 1) + "&n=" + state.n + (state.sq ? "&sq=" + state.sq : "");
    try { history.replaceState(null, "", h); } catch (e) { /* a page opened from disk may refuse: nothing is lost */ }
  }

  function go(p, t, n, sq) {
    const newTwin = p !== state.p || t !== state.t;
    state.p = p; state.t = t;
    const count = twin().nodes.length;
    state.n = Math.max(0, Math.min(n, Math.max(0, count - 1)));
    state.sq = sq && count && node().moves[sq] ? sq : null;
    if (newTwin || !$("solution").firstChild) { drawChooser(); drawAbout(); drawSolution(); }
    drawPosition();
    writeHash();
  }

  function step(d) { go(state.p, state.t, state.n + d, null); }

  function readHash() {
    const h = new URLSearchParams(location.hash.slice(1));
    const p = Math.max(0, Math.min((+h.get("p") || 1) - 1, data.problems.length - 1));
    const t = Math.max(0, Math.min((+h.get("t") || 1) - 1, data.problems[p].twins.length - 1));
    return [p, t, +h.get("n") || 0, h.get("sq")];
  }

  $("first").onclick = () => go(state.p, state.t, 0, null);
  $("prev").onclick = () => step(-1);
  $("next").onclick = () => step(1);
  $("last").onclick = () => go(state.p, state.t, twin().nodes.length - 1, null);
  $("board").addEventListener("click", (e) => {
    const sq = e.target.getAttribute && e.target.getAttribute("data-sq");
    if (!sq) return;
    const n = node();
    go(state.p, state.t, state.n, n && n.moves[sq] && sq !== state.sq ? sq : null);
  });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (e.key in keys) { step(keys[e.key]); e.preventDefault(); }
    else if (e.key === "Home") go(state.p, state.t, 0, null);
    else if (e.key === "End") go(state.p, state.t, twin().nodes.length - 1, null);
    else if (e.key === "Escape") go(state.p, state.t, state.n, null);
  });
  window.addEventListener("hashchange", () => go(...readHash()));
  const actions = new URLSearchParams(location.hash.slice(1)).get("do");
  if (data.problems.length) {
    state.p = -1;
    go(...readHash());
  }
  // `#...&do=key:ArrowRight,click:c5,move:3` then presses keys, clicks squares and moves of the solution text, as
  // a reader would: a link can show a sequence, and the browser test drives the page through it.
  for (const a of actions ? actions.split(",") : []) {
    const [what, arg] = a.split(":");
    if (what === "key") document.dispatchEvent(new KeyboardEvent("keydown", { key: arg, bubbles: true }));
    const target = what === "click" ? $("board").querySelector(`[data-sq="${arg}"].piece, rect[data-sq="${arg}"]`)
      : what === "move" ? $("solution").querySelector(`a[data-n="${arg}"]`) : null;
    if (target) target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
  document.body.dataset.ready = "yes";
})();
