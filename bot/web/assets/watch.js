// The spectators' page: reads the game's view, draws it on a pannable,
// zoomable canvas (board.js), and reads it again on every moment the
// server announces (server-sent events) and on every reconnect, so no move
// is missed.
import { cellAt, cellCentre, draw, drawMarks, extent, forgetImages, glyph, place } from "./board.js";
import { Seat } from "./play.js";

const secret = location.pathname.split("/").filter(Boolean).pop();
const api = `/api/watch/${secret}`;
const canvas = document.getElementById("boards");
const ctx = canvas.getContext("2d");
const camera = { x: 0, y: 0, scale: 40 };
let shown = null; // { view, tiles, ply }
let fitted = false;
let seat = null; // a player's seat, where the page was opened by their link

function resize() {
  const r = canvas.getBoundingClientRect();
  canvas.width = Math.max(1, Math.round(r.width * devicePixelRatio));
  canvas.height = Math.max(1, Math.round(r.height * devicePixelRatio));
  render();
}

function render() {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#1f2326";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (!shown) return;
  const s = camera.scale * devicePixelRatio;
  ctx.setTransform(s, 0, 0, s, -camera.x * s, -camera.y * s);
  const visible = { x: camera.x, y: camera.y, w: canvas.width / s, h: canvas.height / s };
  draw(ctx, shown.view, shown.tiles, camera.scale, visible);
  if (seat) drawMarks(ctx, shown.view, shown.tiles, seat.marks);
}

/** Frames `box` (in squares) in the canvas. */
function frame(box) {
  const r = canvas.getBoundingClientRect();
  const margin = 1;
  camera.scale = Math.max(2, Math.min(80, Math.min(r.width / (box.w + margin * 2), r.height / (box.h + margin * 2))));
  camera.x = box.x - margin - (r.width / camera.scale - box.w - margin * 2) / 2;
  camera.y = box.y - margin - (r.height / camera.scale - box.h - margin * 2) / 2;
  render();
}

function whole() {
  if (shown) frame(extent(shown.tiles));
}

function present() {
  if (!shown) return;
  const v = shown.view;
  const now = shown.tiles.filter((t, i) => {
    const b = v.boards[i];
    return b.owed || b.current || (v.present != null && b.column === v.present);
  });
  frame(extent(now.length ? now : shown.tiles));
}

async function load() {
  let page;
  if (seat) {
    page = await seat.load();
    if (!page) return;
  } else {
    const response = await fetch(`${api}/view`, { cache: "no-store" });
    if (!response.ok) {
      document.getElementById("state").textContent = "This game cannot be shown.";
      return;
    }
    page = await response.json();
  }
  shown = { view: page.view, tiles: place(page.view), ply: page.ply };
  document.title = `Chronomate · game #${page.game}`;
  document.getElementById("title").textContent = `Game #${page.game} · ${page.variant}`;
  document.getElementById("players").textContent = `${page.players[0]} (white) vs ${page.players[1]} (black)`;
  document.getElementById("state").textContent = page.view.title || page.status;
  // Men beside the field: in hand (Temporal) and away in time.
  const beside = [];
  for (const hand of page.view.hands || []) {
    const men = hand.men.map(([man, n]) => (n > 1 ? `${glyph(man)}×${n}` : glyph(man)));
    if (men.length) beside.push(`${hand.color} in hand: ${men.join(" ")}`);
  }
  for (const p of page.view.pending || []) {
    beside.push(`${glyph(p.man)} returns ${p.label}`);
  }
  document.getElementById("notes").textContent = [...beside, ...(page.view.notes || [])].join("\n");
  canvas.dataset.ply = String(page.ply);
  if (!fitted) {
    fitted = true;
    whole();
  } else {
    render();
  }
}

function listen() {
  const live = document.getElementById("live");
  const events = new EventSource(`${api}/events`);
  events.addEventListener("moment", (e) => {
    // Every moment, the first after a reconnect included: read again
    // where the game moved on since the view shown.
    const moment = JSON.parse(e.data);
    if (!shown || moment.ply !== shown.ply) load();
    else if (seat && !moment.live) load();
  });
  events.addEventListener("open", () => {
    live.classList.remove("lost");
    live.textContent = "live";
  });
  events.addEventListener("error", () => {
    live.classList.add("lost");
    live.textContent = "reconnecting…";
  });
}

// Panning by drag, zooming by wheel or pinch around the pointer.
const pointers = new Map();
let press = null; // where a press began: a click unless it moved
canvas.addEventListener("pointerdown", (e) => {
  canvas.setPointerCapture(e.pointerId);
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  press = pointers.size === 1 ? { x: e.clientX, y: e.clientY } : null;
});
canvas.addEventListener("pointerup", (e) => {
  pointers.delete(e.pointerId);
  if (press && Math.hypot(e.clientX - press.x, e.clientY - press.y) < 5 && seat && shown) {
    const r = canvas.getBoundingClientRect();
    const x = camera.x + (e.clientX - r.left) / camera.scale;
    const y = camera.y + (e.clientY - r.top) / camera.scale;
    const cell = cellAt(shown.tiles, x, y, shown.view.perspective === "black");
    if (cell) seat.click(cell);
  }
  press = null;
});
canvas.addEventListener("pointercancel", (e) => pointers.delete(e.pointerId));
canvas.addEventListener("pointermove", (e) => {
  const last = pointers.get(e.pointerId);
  if (!last) return;
  if (pointers.size === 1) {
    camera.x -= (e.clientX - last.x) / camera.scale;
    camera.y -= (e.clientY - last.y) / camera.scale;
  } else {
    const [a, b] = [...pointers.values()];
    const before = Math.hypot(a.x - b.x, a.y - b.y);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [c, d] = [...pointers.values()];
    const after = Math.hypot(c.x - d.x, c.y - d.y);
    if (before > 0) zoomAt((c.x + d.x) / 2, (c.y + d.y) / 2, after / before);
  }
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  render();
});
function zoomAt(clientX, clientY, factor) {
  const r = canvas.getBoundingClientRect();
  const px = clientX - r.left;
  const py = clientY - r.top;
  const wx = camera.x + px / camera.scale;
  const wy = camera.y + py / camera.scale;
  camera.scale = Math.max(1, Math.min(160, camera.scale * factor));
  camera.x = wx - px / camera.scale;
  camera.y = wy - py / camera.scale;
}
canvas.addEventListener("wheel", (e) => {
  e.preventDefault();
  zoomAt(e.clientX, e.clientY, Math.exp(-e.deltaY * 0.0015));
  render();
}, { passive: false });

/** Where a cell of a board is on the screen, in CSS pixels: for
 * WebDriver tests, which click there as a person would. */
window.chronomate = {
  cellPoint(board, cell) {
    const tile = shown && shown.tiles[board];
    if (!tile) return null;
    const c = cellCentre(tile, cell, shown.view.perspective === "black");
    const r = canvas.getBoundingClientRect();
    return { x: r.left + (c.x - camera.x) * camera.scale, y: r.top + (c.y - camera.y) * camera.scale };
  },
  frame(board) {
    if (shown && shown.tiles[board]) frame(extent([shown.tiles[board]]));
  },
  /** Pans by (dx, dy) CSS pixels and draws, as a drag does; how long the
   * drawing took, in milliseconds (the frame-time bench pans frame after
   * frame). */
  pan(dx, dy) {
    camera.x -= dx / camera.scale;
    camera.y -= dy / camera.scale;
    const started = performance.now();
    render();
    return performance.now() - started;
  },
};

document.getElementById("whole").addEventListener("click", whole);
document.getElementById("present").addEventListener("click", present);
// The canvas follows its box: the window's size, and the seat's panel
// beside it once a player is seated.
new ResizeObserver(resize).observe(canvas);
// Bitmaps drawn before the men's font came are drawn again with it.
const redraw = () => {
  forgetImages();
  render();
};
document.fonts.load("1em 'DejaVu Sans'").then(redraw, redraw);
resize();
Seat.open(secret)
  .then((opened) => {
    if (opened) {
      seat = new Seat(secret, opened, (reload) => (reload ? load() : render()));
    }
  })
  .catch(() => {})
  .then(load)
  .catch((e) => {
    document.getElementById("state").textContent = `This game cannot be shown: ${e}`;
  })
  .then(listen);
