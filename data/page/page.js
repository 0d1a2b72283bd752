// taproom's page: each board steps through its game's stills by its buttons, its slider
// and the arrow keys (Home and End for the start and the end). A still is laid over the
// board's picture by the ids of the elements it changes; before printing, every board
// shows the end of its game.
(function () {
  "use strict";
  var data, boards = [];

  // A text made of the one before by edits [copy, insert, skip, ...]; the rest is kept.
  function edit(was, ops) {
    var out = "", at = 0;
    for (var i = 0; i < ops.length; i += 3) {
      out += was.substr(at, ops[i]) + ops[i + 1];
      at += ops[i] + ops[i + 2];
    }
    return out + was.slice(at);
  }

  // A stretch of a kind, [first, items...], laid over the kind before it: null keeps an
  // item, an array edits a text (a number is a count's words).
  function patch(before, d) {
    var now = before.slice();
    for (var i = 1; i < d.length; i++) {
      var at = d[0] + i - 1, it = d[i];
      if (it === null) continue;
      if (Array.isArray(it)) it = edit(String(before[at]), it);
      now[at] = it;
    }
    return now;
  }

  var STRETCHES = ["s", "w", "l", "p", "z", "c"], LISTS = ["m", "x", "b"];

  function Board(figure, film) {
    var states = [], now = {};
    STRETCHES.concat(LISTS).forEach(function (k) { now[k] = []; });
    film.st.forEach(function (changed) {
      var next = Object.assign({}, now);
      STRETCHES.forEach(function (k) { if (changed[k]) next[k] = patch(now[k], changed[k]); });
      LISTS.forEach(function (k) { if (changed[k]) next[k] = changed[k]; });
      states.push(next);
      now = next;
    });
    this.figure = figure;
    this.prefix = figure.getAttribute("data-prefix");
    this.states = states;
    this.at = 0;
    this.slider = figure.querySelector(".controls input");
    this.count = figure.querySelector(".controls output");
    this.elements = {};
  }

  Board.prototype.element = function (id) {
    if (!(id in this.elements)) {
      this.elements[id] = document.getElementById(this.prefix + id);
    }
    return this.elements[id];
  };

  Board.prototype.each = function (kind, list, lay) {
    for (var i = 0; i < list.length; i++) {
      var el = this.element(kind + i);
      if (el) lay(el, list[i], i);
    }
  };

  function ink(el, v) {
    el.setAttribute("fill", data.ink[v]);
    el.setAttribute("stroke", v ? data.edge : "none");
  }
  function words(el, v) { el.textContent = v; }

  Board.prototype.show = function (n) {
    n = Math.max(0, Math.min(this.states.length - 1, n));
    var st = this.states[n];
    this.each("s", st.s, ink);
    this.each("w", st.w, ink);
    this.each("l", st.l, words);
    this.each("c", st.c, words);
    this.each("p", st.p, function (el, v, i) {
      el.textContent = v;
      el.setAttribute("font-size", st.z[i]);
      el.setAttribute("font-weight", st.b.indexOf(i) >= 0 ? "bold" : "normal");
    });
    this.each("m", st.s, function (el, _, i) {
      var moved = st.m.indexOf(i) >= 0, taken = st.x.indexOf(i) >= 0;
      el.setAttribute("visibility", moved || taken ? "visible" : "hidden");
      if (taken) el.setAttribute("stroke-dasharray", "5 4");
      else el.removeAttribute("stroke-dasharray");
    });
    this.at = n;
    this.slider.value = n;
    this.count.textContent = n + 1 + " / " + this.states.length;
    this.figure.setAttribute("data-still", n);
  };

  Board.prototype.go = function (how) {
    var to = { first: 0, back: this.at - 1, on: this.at + 1, last: this.states.length - 1 };
    this.show(to[how]);
  };

  // The board a key steps: the one holding the focus, else the one most in view.
  function current() {
    var best = null, most = 0;
    for (var i = 0; i < boards.length; i++) {
      var b = boards[i];
      if (b.figure.contains(document.activeElement)) return b;
      var r = b.figure.getBoundingClientRect();
      var seen = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
      if (seen > most) { most = seen; best = b; }
    }
    return best || boards[0];
  }

  function start(text) {
    data = JSON.parse(text);
    document.querySelectorAll("figure.board").forEach(wire);
    window.addEventListener("beforeprint", ends);
    window.addEventListener("afterprint", back);
    document.documentElement.className += " live";
  }

  function wire(figure) {
    var film = data.films[Number(figure.getAttribute("data-film"))];
    if (!film) return;
    var b = new Board(figure, film);
    boards.push(b);
    figure.querySelectorAll("button[data-go]").forEach(function (button) {
      button.addEventListener("click", function () { b.go(button.getAttribute("data-go")); });
    });
    b.slider.addEventListener("input", function () { b.show(Number(b.slider.value)); });
  }

  var keys = { ArrowLeft: "back", ArrowRight: "on", Home: "first", End: "last" };
  document.addEventListener("keydown", function (e) {
    var how = keys[e.key];
    var tag = e.target && e.target.tagName;
    // The slider moves itself; a key with a modifier is the browser's.
    if (!how || !boards.length || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT"
        || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    current().go(how);
    e.preventDefault();
  });

  // Printed, each board shows how its game ended; then as it was.
  function ends() {
    boards.forEach(function (b) { b.before = b.at; b.show(b.states.length - 1); });
  }
  function back() {
    boards.forEach(function (b) { if (b.before !== undefined) b.show(b.before); });
  }

  // The stills are JSON, deflated and in base64: without a browser that inflates, each
  // board stays at its start, and its controls stay hidden.
  var packed = document.getElementById("taproom-stills");
  if (packed && window.DecompressionStream) {
    var bytes = Uint8Array.from(atob(packed.textContent.trim()), function (c) {
      return c.charCodeAt(0);
    });
    var inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    new Response(inflated).text().then(start);
  }
})();
