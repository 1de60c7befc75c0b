//! The text and men around the boards: title, notes, hands and pending
//! men, flowed into rows and capped so no view can make an image huge.

use super::*;

/// Body text size for an image of content width `w` at square `s`.
pub(super) fn ui_size(s: i32, w: i32) -> f32 {
    (s as f32 * 0.36).max(w as f32 / 64.0).clamp(14.0, 60.0)
}

/// Lays out rows of items no wider than `max`, at most `rows_cap` rows.
fn flow(items: Vec<Item>, icon: i32, text: f32, max: i32, rows_cap: usize) -> Vec<Vec<Item>> {
    let gap = (text * 0.6) as i32;
    let total = items.len();
    let mut rows: Vec<Vec<Item>> = vec![Vec::new()];
    let mut x = 0;
    let mut placed = 0;
    for item in items {
        let w = item.width(icon, text);
        if x > 0 && x + w > max {
            if rows.len() == rows_cap {
                break;
            }
            rows.push(Vec::new());
            x = 0;
        }
        x += w + gap;
        if let Some(row) = rows.last_mut() {
            row.push(item);
        }
        placed += 1;
    }
    if placed < total
        && let Some(row) = rows.last_mut()
    {
        let mut more = total - placed;
        // Make room for "+N more" on the last row.
        loop {
            let used: i32 = row.iter().map(|i| i.width(icon, text) + gap).sum();
            let label = format!("+{more} more");
            if used + font::text_width(&label, text, false) <= max || row.len() <= 1 {
                row.push(Item::Text(label));
                break;
            }
            row.pop();
            more += 1;
        }
    }
    rows
}

fn hand_items(hand: &Hand) -> Vec<Item> {
    let mut items = vec![Item::Heading(format!("{} in hand", hand.color))];
    if hand.men.is_empty() {
        items.push(Item::Text("none".to_owned()));
    }
    for &(man, count) in &hand.men {
        items.push(Item::Man(man, (count != 1).then_some(count)));
    }
    items
}

/// The text and men around the boards, as blocks without positions yet.
pub(super) fn chrome(
    view: &View,
    geo: &Geo,
    content_w: i32,
    single: bool,
    bottom: Color,
    notice: Option<&str>,
) -> (Vec<Block>, Vec<Block>) {
    let s = geo.s;
    let ui = ui_size(s, content_w);
    let icon = ((s as f32 * 0.62).max(ui * 1.7) as i32).clamp(18, 112);
    let line = |f: f32| (f * 1.4).ceil() as i32;
    let text_block = |lines: Vec<String>, size: f32, bold: bool, dim: bool| Block {
        y: 0,
        h: line(size) * lines.len() as i32,
        kind: BlockKind::Text {
            lines,
            size,
            bold,
            dim,
        },
    };
    let flow_block = |items: Vec<Item>| {
        let rows = flow(items, icon, ui, content_w, MAX_FLOW_ROWS);
        Block {
            y: 0,
            h: rows.len() as i32 * (icon + (ui * 0.3) as i32),
            kind: BlockKind::Flow {
                rows,
                icon,
                text: ui,
            },
        }
    };
    let mut above = Vec::new();
    let mut below = Vec::new();
    if let Some(title) = &view.title {
        // Never smaller than the boards' labels.
        let size = (ui * 1.25).max(geo.label_font * 1.15);
        let mut lines = font::wrap_text(&clip(title), size, true, content_w);
        cap_lines(&mut lines, MAX_TITLE_LINES, size, true, content_w);
        if !lines.is_empty() {
            above.push(text_block(lines, size, true, false));
        }
    }
    if let Some(notice) = notice {
        let size = ui;
        let lines = font::wrap_text(notice, size, false, content_w);
        above.push(text_block(lines, size, false, true));
    }
    let hands: Vec<&Hand> = view.hands.iter().take(4).collect();
    if single {
        for hand in hands.iter().filter(|h| h.color != bottom) {
            above.push(flow_block(hand_items(hand)));
        }
        for hand in hands.iter().filter(|h| h.color == bottom) {
            below.push(flow_block(hand_items(hand)));
        }
    } else {
        for hand in &hands {
            below.push(flow_block(hand_items(hand)));
        }
    }
    if !view.pending.is_empty() {
        let mut items = vec![Item::Heading("returning".to_owned())];
        for p in view.pending.iter().take(200) {
            let label = font::fit_text(&clip(&p.label), ui, false, content_w - icon);
            items.push(Item::Labelled(p.man, label));
        }
        below.push(flow_block(items));
    }
    if !view.notes.is_empty() {
        let mut lines = Vec::new();
        for note in view.notes.iter().take(MAX_NOTE_LINES + 1) {
            lines.extend(font::wrap_text(&clip(note), ui, false, content_w));
        }
        let more = view.notes.len() > MAX_NOTE_LINES + 1;
        cap_lines(&mut lines, MAX_NOTE_LINES, ui, false, content_w);
        if more
            && let Some(last) = lines.last_mut()
            && !last.ends_with('…')
        {
            *last = font::fit_text(&format!("{last} …"), ui, false, content_w);
        }
        if !lines.is_empty() {
            below.push(text_block(lines, ui, false, false));
        }
    }
    (above, below)
}

fn cap_lines(lines: &mut Vec<String>, cap: usize, size: f32, bold: bool, max: i32) {
    if lines.len() > cap {
        lines.truncate(cap);
        if let Some(last) = lines.last_mut() {
            *last = font::fit_text(&format!("{last} …"), size, bold, max);
        }
    }
}
