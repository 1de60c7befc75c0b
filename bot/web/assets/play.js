// A player's seat at the page: trades the one-time token of the player's
// link (in the address's fragment, never sent to the server as part of
// an address) for a session held in this page's memory alone, and plays
// by click: a man's legal destinations light up (on other boards and
// timelines too), a click makes the action, and a small chooser asks
// where one click could mean several actions (a promotion, a travel or
// not, a second part). In 5D a click adds the board move to the draft,
// with undo and submit. A text box finds actions in notation.

export class Seat {
  constructor(secret, session, onChange) {
    this.api = `/api/play/${secret}`;
    this.session = session;
    this.onChange = onChange; // (reload: bool) => void
    this.state = null; // the seat's last reply
    this.marks = { movable: [], selected: null, targets: [] };
    this.step = null; // { heads } or { head, tails }
    this.panel = document.getElementById("seat");
    this.say = document.getElementById("said");
    this.chooser = document.getElementById("chooser");
    this.wire();
  }

  /** Trades the token in the address's fragment for a session, and
   * takes the fragment out of the address; null without one. */
  static async open(secret) {
    const m = location.hash.match(/^#play=([0-9a-f]{32})$/);
    if (!m) return null;
    history.replaceState(null, "", location.pathname);
    const r = await fetch(`/api/play/${secret}/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: m[1] }),
    });
    if (!r.ok) {
      document.getElementById("said").textContent =
        r.status === 401 ? "This link was used or has expired: ask for a new one (Play in browser, /web). Watching only."
          : `No seat: ${await r.text()}`;
      return null;
    }
    return await r.json();
  }

  async request(path, body) {
    const init = { headers: { Authorization: `Bearer ${this.session.session}` }, cache: "no-store" };
    if (body !== undefined) {
      init.method = "POST";
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return fetch(`${this.api}/${path}`, init);
  }

  /** Reads the seat again: the game as this side sees it and what may
   * be clicked. */
  async load() {
    const r = await this.request("seat");
    if (!r.ok) {
      this.tell(r.status === 401 ? "The page's session ended: ask for a new link." : await r.text());
      return null;
    }
    this.state = await r.json();
    this.clear();
    this.marks.movable = this.state.movable;
    this.show();
    return this.state.page;
  }

  clear() {
    this.step = null;
    this.marks.selected = null;
    this.marks.targets = [];
    this.chooser.replaceChildren();
    this.mark();
  }

  /** Tells what is marked on the page's body, for tests to read. */
  mark() {
    const c = this.marks.selected;
    document.body.dataset.selected = c ? `${c.board}:${c.cell}` : "";
    document.body.dataset.targets = String(this.marks.targets.length);
    document.body.dataset.choices = String(this.chooser.childElementCount);
  }

  tell(text) {
    this.say.textContent = text;
  }

  show() {
    const s = this.state;
    document.body.dataset.seat = s.side;
    document.body.dataset.key = s.key;
    document.body.dataset.turn = s.your_turn ? "yes" : "no";
    const turn = s.page.status !== "live" ? "The game is over."
      : s.your_turn ? "Your move: click a man, then where it goes." : "Waiting for your opponent.";
    document.getElementById("you").textContent = `You play ${s.side}. ${turn}`;
    const draft = document.getElementById("draft");
    draft.hidden = s.page.variant !== "5d" || !s.your_turn;
    document.getElementById("drafted").textContent = s.draft.length ? s.draft.join("  ") : "(nothing drafted yet)";
    const ready = s.ready == null ? "" : "Ok" in s.ready ? "Ready to submit." : `Not ready: ${s.ready.Err}`;
    document.getElementById("ready").textContent = ready;
    document.getElementById("undo").disabled = s.draft.length === 0;
    // Submit stays on: a turn that cannot be played yet is refused with
    // its reason, which is what a player asking needs to read.
    document.getElementById("submit").disabled = !s.your_turn;
    const offered = s.draw_offer;
    document.getElementById("draw-offer").hidden = offered != null;
    document.getElementById("draw-accept").hidden = offered == null || offered === s.side;
    document.getElementById("draw-decline").hidden = offered == null;
    const live = s.page.status === "live";
    for (const id of ["resign", "draw-offer", "findset"]) document.getElementById(id).disabled = !live;
    const loose = document.getElementById("loose");
    loose.replaceChildren(...s.loose.map((h) => this.button(h.text, () => this.pickHead(h.head, h))));
  }

  button(text, action) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", action);
    return b;
  }

  same(a, b) {
    return a && b && a.board === b.board && a.cell === b.cell;
  }

  /** A click on a cell of the boards. */
  async click(cell) {
    if (!this.state || !this.state.your_turn) return;
    if (this.step && this.marks.targets.some((t) => this.same(t, cell))) {
      return this.target(cell);
    }
    if (this.step && this.step.tails && this.step.tails.some((t) => this.same(t.stroke.from, cell))) {
      return this.traveller(cell);
    }
    if (!this.state.movable.some((c) => this.same(c, cell))) {
      this.clear();
      this.onChange(false);
      return;
    }
    const s = this.state;
    const r = await this.request(`heads/${s.key}/${cell.board}/${cell.cell}`);
    if (r.status === 409) return this.reload("The game moved on.");
    if (!r.ok) return this.tell(await r.text());
    const heads = await r.json();
    this.clear();
    this.step = { heads };
    this.marks.selected = cell;
    this.marks.targets = unique(heads.map((h) => h.stroke.to).filter(Boolean));
    // What starts here and reaches no cell (a man sent forward in time):
    // offered by its text.
    const away = heads.filter((h) => !h.stroke.to);
    this.chooser.replaceChildren(...away.map((h) => this.button(h.text, () => this.pickHead(h.head, h))));
    this.mark();
    this.onChange(false);
  }

  /** A click on a lit destination. */
  async target(cell) {
    if (this.step.heads) {
      const heads = this.step.heads.filter((h) => this.same(h.stroke.to, cell));
      if (heads.length === 1) return this.pickHead(heads[0].head, heads[0]);
      this.choose(heads.map((h) => [label(h), () => this.pickHead(h.head, h)]));
    } else {
      const from = this.marks.selected;
      const tails = this.step.tails.filter((t) => this.same(t.stroke.to, cell) && (!t.stroke.from || this.same(t.stroke.from, from)));
      if (tails.length === 1) return this.play({ head: this.step.head, tail: tails[0].index });
      this.choose(tails.map((t) => [t.text, () => this.play({ head: this.step.head, tail: t.index })]));
    }
  }

  choose(options) {
    this.chooser.replaceChildren(...options.map(([text, go]) => this.button(text, go)));
    this.tell("Choose which:");
    this.mark();
  }

  /** A head chosen: played where it is an action, else its second parts
   * offered. */
  async pickHead(head, about) {
    // The chooser's buttons go at once: a second press while the second
    // parts load would start the step again.
    this.chooser.replaceChildren();
    this.mark();
    if (!about.needs_second) return this.play({ head });
    const r = await this.request(`tails/${this.state.key}/${head}`);
    if (r.status === 409) return this.reload("The game moved on.");
    if (!r.ok) return this.tell(await r.text());
    const tails = await r.json();
    this.chooser.replaceChildren();
    this.step = { head, tails };
    const travellers = unique(tails.map((t) => t.stroke.from).filter(Boolean));
    if (travellers.length) {
      this.marks.selected = null;
      this.marks.targets = [];
      this.marks.movable = travellers;
      this.tell(`${about.text}: now the second part. Click the man that goes with it.`);
    } else {
      this.marks.targets = unique(tails.map((t) => t.stroke.to).filter(Boolean));
      this.tell(`${about.text}: now click where the second part goes.`);
      const loose = tails.filter((t) => !t.stroke.to);
      this.chooser.replaceChildren(...loose.map((t) => this.button(t.text, () => this.play({ head, tail: t.index }))));
    }
    this.mark();
    this.onChange(false);
  }

  /** The second part's man clicked: where it may go lights up. */
  traveller(cell) {
    this.marks.selected = cell;
    this.marks.targets = unique(this.step.tails.filter((t) => this.same(t.stroke.from, cell)).map((t) => t.stroke.to).filter(Boolean));
    this.mark();
    this.onChange(false);
  }

  async play(what) {
    const body = { ply: this.state.page.ply, ...what };
    if (what.head !== undefined) body.key = this.state.key;
    const r = await this.request("act", body);
    if (r.ok) {
      const done = await r.json();
      this.tell(done.text.split("\n")[0]);
      this.onChange(true);
    } else if (r.status === 409) {
      this.reload("The game moved on: here it is now.");
    } else {
      this.tell(await r.text());
      this.marks.movable = this.state.movable;
      this.clear();
      this.onChange(false);
    }
  }

  reload(why) {
    this.tell(why);
    this.onChange(true);
  }

  async find(typed) {
    const list = document.getElementById("found");
    if (!typed.trim()) return list.replaceChildren();
    const r = await this.request("find", { typed });
    if (!r.ok) return this.tell(await r.text());
    const found = await r.json();
    list.replaceChildren(...found.map((e) => this.button(e.count > 1 ? `${e.label} (${e.count})` : e.label, () => {
      const box = document.getElementById("typed");
      if (e.count > 1) {
        box.value = e.value;
        this.find(e.value);
      } else {
        this.play({ text: e.value });
        box.value = "";
        list.replaceChildren();
      }
    })));
  }

  wire() {
    const on = (id, f) => document.getElementById(id).addEventListener("click", f);
    on("undo", () => this.play({ do: "undo" }));
    on("submit", () => this.play({ do: "submit" }));
    on("resign", () => {
      if (confirm("Resign this game?")) this.play({ do: "resign" });
    });
    on("draw-offer", () => this.play({ do: "draw-offer" }));
    on("draw-accept", () => this.play({ do: "draw-accept" }));
    on("draw-decline", () => this.play({ do: "draw-decline" }));
    const box = document.getElementById("typed");
    box.addEventListener("input", () => this.find(box.value));
    document.getElementById("find").addEventListener("submit", (e) => {
      e.preventDefault();
      if (box.value.trim()) this.play({ text: box.value.trim() });
      box.value = "";
      document.getElementById("found").replaceChildren();
    });
    this.panel.hidden = false;
  }
}

function unique(cells) {
  const seen = new Set();
  return cells.filter((c) => {
    const k = `${c.board}:${c.cell}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function label(head) {
  return head.needs_second ? `${head.text} + …` : head.text;
}
