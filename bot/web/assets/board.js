// Where each board of a view goes, and how it is drawn: the page's
// canvas draws the rules' view, the same one the images are drawn from.
// Placement follows the view's layout: one board (a 4x4x4 field's four
// levels side by side), timelines as rows and turns as columns, or a grid
// in reading order.

const GAP = 0.5; // between tiles, in squares
const LABEL = 0.9; // room over each tile for its label, in squares

const GLYPHS = {
  white: { King: "♔", Queen: "♕", Rook: "♖", Bishop: "♗", Knight: "♘", Pawn: "♙" },
  black: { King: "♚", Queen: "♛", Rook: "♜", Bishop: "♝", Knight: "♞", Pawn: "♟" },
};
// The men with no chess glyph carry the images' letters.
const LETTERS = {
  Unicorn: "U", Dragon: "D", Princess: "S", Brawn: "W", RoyalQueen: "Y", CommonKing: "C",
};

/** Files, ranks and levels of a board's shape. */
export function shapeOf(shape) {
  if (shape === "Cube4") return { files: 4, ranks: 4, levels: 4 };
  if (shape && shape.Rect) return { files: shape.Rect.files, ranks: shape.Rect.ranks, levels: 1 };
  return { files: 8, ranks: 8, levels: 1 };
}

/** The tiles of a view: for each board, its box in squares. */
export function place(view) {
  const boards = view.boards || [];
  const sizes = boards.map((b) => shapeOf(b.shape));
  const w = Math.max(1, ...sizes.map((s) => s.files * s.levels + (s.levels - 1) * GAP));
  const h = Math.max(1, ...sizes.map((s) => s.ranks));
  const stepX = w + GAP * 2;
  const stepY = h + LABEL + GAP;
  const cols = Math.max(1, Math.ceil(Math.sqrt(boards.length)));
  return boards.map((b, i) => {
    let col = i;
    let row = 0;
    if (view.layout === "Timelines") {
      col = b.column;
      row = b.row;
    } else if (view.layout === "Grid") {
      col = i % cols;
      row = Math.floor(i / cols);
    }
    return { x: col * stepX, y: row * stepY + LABEL, w, h, size: sizes[i] };
  });
}

/** The box around every tile, in squares. */
export function extent(tiles) {
  if (tiles.length === 0) return { x: 0, y: 0, w: 8, h: 8 };
  const x0 = Math.min(...tiles.map((t) => t.x));
  const y0 = Math.min(...tiles.map((t) => t.y - LABEL));
  const x1 = Math.max(...tiles.map((t) => t.x + t.w));
  const y1 = Math.max(...tiles.map((t) => t.y + t.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** The centre of `cell` of a tile, in squares. */
export function cellCentre(tile, cell, flip) {
  const { files, ranks } = tile.size;
  let level = 0;
  let file = cell % 8;
  let rank = Math.floor(cell / 8);
  if (tile.size.levels > 1) {
    level = Math.floor(cell / 16);
    file = cell % 4;
    rank = Math.floor((cell % 16) / 4);
  }
  const fx = flip ? files - 1 - file : file;
  const ry = flip ? rank : ranks - 1 - rank;
  return { x: tile.x + level * (files + GAP) + fx + 0.5, y: tile.y + ry + 0.5 };
}

/** The cell of a tile under the point (x, y) in squares, or null. */
export function cellAt(tiles, x, y, flip) {
  for (let board = 0; board < tiles.length; board++) {
    const t = tiles[board];
    const { files, ranks, levels } = t.size;
    if (y < t.y || y >= t.y + ranks || x < t.x || x >= t.x + t.w) continue;
    for (let level = 0; level < levels; level++) {
      const ox = t.x + level * (files + GAP);
      if (x < ox || x >= ox + files) continue;
      const fx = Math.floor(x - ox);
      const ry = Math.floor(y - t.y);
      const file = flip ? files - 1 - fx : fx;
      const rank = flip ? ry : ranks - 1 - ry;
      const cell = levels > 1 ? level * 16 + rank * 4 + file : rank * 8 + file;
      return { board, cell };
    }
  }
  return null;
}

/** Draws what a player's clicks have marked: the men that may move
 * (`movable`, faintly), the chosen man (`selected`) and where it may go
 * (`targets`). */
export function drawMarks(ctx, view, tiles, marks) {
  const flip = view.perspective === "black";
  const at = (c) => tiles[c.board] && cellCentre(tiles[c.board], c.cell, flip);
  ctx.lineWidth = 0.06;
  for (const c of marks.movable || []) {
    const p = at(c);
    if (!p) continue;
    ctx.strokeStyle = "rgba(90, 200, 120, 0.8)";
    ctx.strokeRect(p.x - 0.47, p.y - 0.47, 0.94, 0.94);
  }
  if (marks.selected) {
    const p = at(marks.selected);
    if (p) {
      ctx.fillStyle = "rgba(60, 140, 255, 0.45)";
      ctx.fillRect(p.x - 0.5, p.y - 0.5, 1, 1);
    }
  }
  for (const c of marks.targets || []) {
    const p = at(c);
    if (!p) continue;
    ctx.fillStyle = "rgba(40, 120, 240, 0.7)";
    ctx.beginPath();
    ctx.arc(p.x, p.y, 0.17, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A man as one character: its chess glyph, or the images' letter. */
export function glyph(man) {
  const set = GLYPHS[man.color] || GLYPHS.white;
  return set[man.figure] || LETTERS[man.figure] || "?";
}

// Each board drawn once into a bitmap of its own, at a power of two
// pixels a square (the next above the zoom's), and copied while neither
// the board nor that resolution changes: panning a thousand boards copies
// a thousand small bitmaps instead of drawing 64,000 squares and their
// men. The bitmaps are keyed by what they show, so a board that did not
// change keeps its bitmap when the game moves on; the least recently used
// go first past CACHE_PIXELS.
const CACHE_PIXELS = 24e6;
const images = new Map(); // key -> canvas, least recently used first
let cachedPixels = 0;
const contents = new WeakMap(); // board -> what its bitmap shows, as a key

/** Drops every bitmap (once the men's font has loaded, say). */
export function forgetImages() {
  images.clear();
  cachedPixels = 0;
}

/** Pixels a square for the bitmaps at `devicePixels` a square. */
function resolution(devicePixels) {
  return Math.min(128, Math.max(1, 2 ** Math.ceil(Math.log2(Math.max(1, devicePixels)))));
}

/** The bitmap of `board`, placed on `tile`, at `px` pixels a square. */
function tileImage(board, tile, px, flip) {
  let content = contents.get(board);
  if (content === undefined) {
    content = JSON.stringify([board.shape, board.cells, board.highlights, board.inactive, board.ended]);
    contents.set(board, content);
  }
  const key = `${px} ${flip} ${tile.w} ${tile.h} ${content}`;
  const cached = images.get(key);
  if (cached) {
    images.delete(key);
    images.set(key, cached);
    return cached;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.ceil(tile.w * px));
  canvas.height = Math.max(1, Math.ceil(tile.h * px));
  const ctx = canvas.getContext("2d");
  ctx.setTransform(px, 0, 0, px, 0, 0);
  drawBoard(ctx, board, { ...tile, x: 0, y: 0 }, px / (globalThis.devicePixelRatio || 1), flip);
  images.set(key, canvas);
  cachedPixels += canvas.width * canvas.height;
  for (const [old, image] of images) {
    if (cachedPixels <= CACHE_PIXELS || images.size <= 1) break;
    images.delete(old);
    cachedPixels -= image.width * image.height;
  }
  return canvas;
}

/** A board's squares, marks and men, and its shade when inactive or
 * ended, on `tile` at `scale` CSS pixels a square (men from 6 up). */
function drawBoard(ctx, board, tile, scale, flip) {
  const { files, ranks, levels } = tile.size;
  for (let level = 0; level < levels; level++) {
    const ox = tile.x + level * (files + GAP);
    for (let r = 0; r < ranks; r++) {
      for (let f = 0; f < files; f++) {
        // a1 is dark: the colour follows the square, not the screen.
        const file = flip ? files - 1 - f : f;
        const rank = flip ? r : ranks - 1 - r;
        const dark = (file + rank) % 2 === 0;
        ctx.fillStyle = dark ? "#b58863" : "#f0d9b5";
        ctx.fillRect(ox + f, tile.y + r, 1, 1);
      }
    }
  }
  for (const h of board.highlights || []) {
    const c = cellCentre(tile, h.cell, flip);
    ctx.fillStyle = h.kind === "Check" ? "rgba(230, 40, 40, 0.55)" : "rgba(250, 230, 70, 0.45)";
    ctx.fillRect(c.x - 0.5, c.y - 0.5, 1, 1);
  }
  if (scale >= 6) {
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = "0.8px 'DejaVu Sans', sans-serif";
    (board.cells || []).forEach((man, cell) => {
      if (!man) return;
      const c = cellCentre(tile, cell, flip);
      ctx.globalAlpha = man.ghost ? 0.35 : 1;
      ctx.fillStyle = man.color === "black" ? "#111" : "#fff";
      ctx.strokeStyle = man.color === "black" ? "#eee" : "#111";
      ctx.lineWidth = 0.04;
      const g = glyph(man);
      if (g.length === 1 && g.charCodeAt(0) < 128) {
        ctx.beginPath();
        ctx.arc(c.x, c.y, 0.36, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = man.color === "black" ? "#fff" : "#111";
        ctx.font = "bold 0.5px 'DejaVu Sans', sans-serif";
        ctx.fillText(g, c.x, c.y + 0.02);
        ctx.font = "0.8px 'DejaVu Sans', sans-serif";
      } else {
        ctx.fillStyle = "#111";
        ctx.fillText(g, c.x, c.y + 0.05);
      }
      ctx.globalAlpha = 1;
    });
  }
  if (board.inactive || board.ended) {
    ctx.fillStyle = "rgba(30, 30, 30, 0.45)";
    ctx.fillRect(tile.x, tile.y, tile.w, tile.h);
  }
}

/** Draws `view` on `ctx`, whose transform maps squares to pixels at
 * `scale` pixels a square; only the tiles inside `visible` (in squares).
 * Each board's squares, marks and men come from its bitmap (tileImage);
 * outlines, labels and arrows are drawn over them. */
export function draw(ctx, view, tiles, scale, visible) {
  const flip = view.perspective === "black";
  const inView = (t) =>
    t.x + t.w >= visible.x && t.x <= visible.x + visible.w &&
    t.y + t.h >= visible.y - LABEL && t.y - LABEL <= visible.y + visible.h;
  if (view.layout === "Timelines" && view.present != null) {
    const xs = tiles.filter((t, i) => view.boards[i].column === view.present);
    if (xs.length) {
      const x = xs[0].x - GAP * 0.6;
      ctx.fillStyle = "rgba(120, 170, 255, 0.12)";
      ctx.fillRect(x, visible.y, xs[0].w + GAP * 1.2, visible.h);
    }
  }
  const px = resolution(scale * (globalThis.devicePixelRatio || 1));
  tiles.forEach((tile, i) => {
    if (!inView(tile)) return;
    const board = view.boards[i];
    ctx.drawImage(tileImage(board, tile, px, flip), tile.x, tile.y, tile.w, tile.h);
    if (board.owed || board.current) {
      ctx.strokeStyle = board.owed ? "#f5c542" : "#7fb2ff";
      ctx.lineWidth = 0.12;
      ctx.strokeRect(tile.x - 0.06, tile.y - 0.06, tile.w + 0.12, tile.h + 0.12);
    }
    if (scale >= 4 && (board.label || board.caption)) {
      ctx.fillStyle = "#e8e6e3";
      ctx.textAlign = "left";
      ctx.textBaseline = "alphabetic";
      ctx.font = "0.45px 'DejaVu Sans', sans-serif";
      const text = [board.label, board.caption].filter(Boolean).join(" · ");
      ctx.fillText(text, tile.x, tile.y - 0.2, tile.w);
    }
  });
  ctx.lineWidth = 0.08;
  for (const a of view.arrows || []) {
    const from = tiles[a.from.board];
    const to = tiles[a.to.board];
    if (!from || !to) continue;
    const p = cellCentre(from, a.from.cell, flip);
    const q = cellCentre(to, a.to.cell, flip);
    ctx.strokeStyle = a.kind === "Travel" ? "rgba(40, 160, 90, 0.85)" : "rgba(150, 80, 220, 0.85)";
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    const bend = from === to ? 0 : 1.2;
    ctx.quadraticCurveTo((p.x + q.x) / 2, Math.min(p.y, q.y) - bend, q.x, q.y);
    ctx.stroke();
  }
}
