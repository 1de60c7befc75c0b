//! Line charts (a game's evaluation over time) as PNG, drawn with
//! plotters: a value from 0 to 1 per step, the area between the value and
//! the middle line shaded, and a few points marked with short labels.
//! Generic: the caller names the axes and says what the marks are.

use plotters::prelude::*;

use crate::canvas::RgbCanvas as Canvas;
use crate::encode::png_rgb;
use crate::theme::Rgb;
use crate::{RenderError, font};

/// A chart to draw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chart {
    /// Above the plot.
    pub title: String,
    /// Under the horizontal axis (what a step is).
    pub x_label: String,
    /// Beside the vertical axis (what a value means).
    pub y_label: String,
    /// One value a step, from 0 to 1 (others are clamped); step `i` is
    /// drawn at `x = i`.
    pub values: Vec<f64>,
    /// Steps to mark, with a short label each (`1`, `2`, `3`).
    pub marks: Vec<(usize, String)>,
}

const W: u32 = 960;
const H: u32 = 540;
const BG: Rgb = Rgb(0xff, 0xff, 0xff);
const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
const GRID: RGBColor = RGBColor(0xdd, 0xe1, 0xe6);
const AREA: RGBColor = RGBColor(0x9a, 0xa8, 0xb8);
const LINE: RGBColor = RGBColor(0x2b, 0x3a, 0x4a);
const MARK: RGBColor = RGBColor(0xd0, 0x3a, 0x2f);

fn plot_err(e: impl std::fmt::Display) -> RenderError {
    RenderError::Encode(format!("chart: {e}"))
}

/// Draws `chart` as a PNG of 960 x 540 pixels.
pub fn render_chart(chart: &Chart) -> Result<Vec<u8>, RenderError> {
    font::ensure_fonts()?;
    let mut cv = Canvas::new(W as i32, H as i32, BG);
    draw(&mut cv, chart)?;
    png_rgb(W, H, &cv.px, 6)
}

fn draw(cv: &mut Canvas, chart: &Chart) -> Result<(), RenderError> {
    let root = cv.backend().into_drawing_area();
    let last = chart.values.len().saturating_sub(1).max(1) as f64;
    let mut c = ChartBuilder::on(&root)
        .margin(16)
        .caption(
            font::fit_text(&chart.title, 22.0, true, W as i32 - 32),
            font::font(22.0, true).color(&INK),
        )
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..last, 0f64..1f64)
        .map_err(plot_err)?;
    let steps = chart.values.len().saturating_sub(1).max(1);
    c.configure_mesh()
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .x_labels(steps.min(12) + 1)
        .y_labels(11)
        .axis_style(INK)
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .label_style(font::font(14.0, false).color(&INK))
        .axis_desc_style(font::font(15.0, false).color(&INK))
        // Steps are whole: no label between two.
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 {
                format!("{x:.0}")
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{y:.1}"))
        .draw()
        .map_err(plot_err)?;
    let points: Vec<(f64, f64)> = chart
        .values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            (
                i as f64,
                if v.is_finite() {
                    v.clamp(0.0, 1.0)
                } else {
                    0.5
                },
            )
        })
        .collect();
    // The middle line, then the area between it and the values.
    c.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, 0.5), (last, 0.5)],
        INK.mix(0.5),
    )))
    .map_err(plot_err)?;
    if points.len() > 1 {
        let mut area = vec![(0.0, 0.5)];
        area.extend(points.iter().copied());
        area.push((points.len() as f64 - 1.0, 0.5));
        c.draw_series(std::iter::once(Polygon::new(area, AREA.mix(0.5))))
            .map_err(plot_err)?;
    }
    c.draw_series(std::iter::once(PathElement::new(
        points.clone(),
        LINE.stroke_width(2),
    )))
    .map_err(plot_err)?;
    for (at, label) in &chart.marks {
        let Some(&(x, y)) = points.get(*at) else {
            continue;
        };
        c.draw_series(std::iter::once(Circle::new((x, y), 7, MARK.filled())))
            .map_err(plot_err)?;
        // The label beside the point, on the side with room.
        let (dx, dy) = (10, if y > 0.8 { 6 } else { -22 });
        c.draw_series(std::iter::once(
            EmptyElement::at((x, y))
                + Text::new(label.clone(), (dx, dy), font::font(16.0, true).color(&MARK)),
        ))
        .map_err(plot_err)?;
    }
    root.present().map_err(plot_err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_chart_and_edge_cases() {
        let chart = Chart {
            title: "Game #7 — White's expected score".to_owned(),
            x_label: "ply".to_owned(),
            y_label: "White".to_owned(),
            values: vec![0.5, 0.55, 0.4, 0.9, f64::NAN, 1.5, 0.0],
            marks: vec![
                (3, "1".to_owned()),
                (2, "2".to_owned()),
                (99, "x".to_owned()),
            ],
        };
        let png = render_chart(&chart).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
        for values in [vec![], vec![0.5]] {
            let c = Chart {
                values,
                ..Chart::default()
            };
            assert!(render_chart(&c).unwrap().starts_with(b"\x89PNG"));
        }
    }
}
