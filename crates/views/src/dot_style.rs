//! How a message's dot looks for each fate: shape, fill, outline, dash, and the marks for the
//! selected message and for reduced-motion steps. The graph's canvas and the legend both draw
//! from here, so a fate looks the same in both. The shape tells the fate's family apart without
//! colour (circle: on its way, triangle: died at a queue, diamond: dead-lettered, square:
//! dropped), and the outline's dash and width tell fates within a family apart.

use super::fate::FateFamily;
use super::flight::CopyFate;
use super::layout::Point;

/// A dot's outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Circle,
    /// Pointing down: the copy died here.
    Triangle,
    Diamond,
    Square,
}

impl Shape {
    /// The shape of a fate's family.
    pub fn of(family: FateFamily) -> Shape {
        match family {
            FateFamily::OnItsWay => Shape::Circle,
            FateFamily::Died => Shape::Triangle,
            FateFamily::DeadLettered => Shape::Diamond,
            FateFamily::Dropped => Shape::Square,
        }
    }

    /// The corners of the shape around `c` for a dot of radius `r` (sized so every shape
    /// covers about the circle's area); empty for a circle.
    pub fn corners(self, c: Point, r: f64) -> Vec<Point> {
        let p = |x: f64, y: f64| Point { x: c.x + x, y: c.y + y };
        match self {
            Shape::Circle => Vec::new(),
            Shape::Triangle => {
                // Equilateral, its centroid at the centre, its circumradius R with the circle's
                // area: (3√3 / 4) R² = π r².
                let big = 1.555 * r;
                vec![p(-0.866 * big, -0.5 * big), p(0.866 * big, -0.5 * big), p(0.0, big)]
            }
            Shape::Diamond => {
                let d = 1.25 * r;
                vec![p(0.0, -d), p(d, 0.0), p(0.0, d), p(-d, 0.0)]
            }
            Shape::Square => {
                let h = 0.9 * r;
                vec![p(-h, -h), p(h, -h), p(h, h), p(-h, h)]
            }
        }
    }
}

/// The outline drawn around the selected message, and around steps with reduced motion.
pub const HIGHLIGHT: &str = "#cc79a7";

/// One dot's look (colours as CSS colours, widths and dashes in view-box units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DotStyle {
    pub shape: Shape,
    pub fill: &'static str,
    pub stroke: &'static str,
    pub width: f64,
    /// Dash and gap lengths; empty for a solid outline.
    pub dash: &'static [f64],
}

const INK: &str = "#1f2933";
const VERMILLION: &str = "#d55e00";
const GREEN: &str = "#009e73";
const YELLOW: &str = "#f0e442";

/// The look of a fate. With `step` (reduced motion: a message shown at the node it reached
/// instead of moving) the outline is the highlight colour and heavier.
pub fn dot_style(fate: CopyFate, step: bool) -> DotStyle {
    let shape = Shape::of(fate.family());
    let s = |fill, stroke, width, dash| DotStyle { shape, fill, stroke, width, dash };
    let look = match fate {
        CopyFate::Routed => s("#56b4e9", INK, 1.2, &[][..]),
        CopyFate::Waiting => s("#ffffff", INK, 1.2, &[]),
        CopyFate::Delivered => s(GREEN, INK, 1.2, &[]),
        CopyFate::Acked => s(GREEN, "#005a42", 3.0, &[]),
        CopyFate::Rejected => s("#e69f00", INK, 2.5, &[2.0, 2.0]),
        CopyFate::Requeued => s(YELLOW, INK, 1.2, &[]),
        CopyFate::Expired => s("#9ca3af", INK, 1.2, &[1.0, 2.0]),
        CopyFate::ExpiredWaiting => s("#d1d5db", VERMILLION, 2.0, &[1.0, 2.0]),
        CopyFate::Overflowed => s("#cc79a7", INK, 1.2, &[]),
        CopyFate::DeliveryLimit => s("#7c2d12", INK, 1.2, &[]),
        CopyFate::DeadLettered => s(VERMILLION, INK, 1.2, &[]),
        CopyFate::Looping => s(VERMILLION, YELLOW, 3.0, &[]),
        CopyFate::Held => s("#fde68a", VERMILLION, 1.2, &[]),
        CopyFate::DroppedUnroutable => s("#111827", "#6b7280", 2.5, &[]),
        CopyFate::DroppedCycle => s("#111827", VERMILLION, 2.5, &[3.0, 1.0]),
        CopyFate::DroppedNoDlx | CopyFate::DroppedNoRoute | CopyFate::Dropped => {
            s("#111827", VERMILLION, 2.5, &[])
        }
    };
    if step {
        DotStyle { stroke: HIGHLIGHT, width: 4.0, ..look }
    } else {
        look
    }
}

/// The dash pattern as an SVG `stroke-dasharray` value (empty for a solid outline).
pub fn dash_attr(dash: &[f64]) -> String {
    dash.iter().map(|d| super::fmt_num(*d)).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fate_a_message_can_meet_looks_different() {
        let looks: Vec<(CopyFate, DotStyle)> =
            CopyFate::ALL.into_iter().map(|f| (f, dot_style(f, false))).collect();
        for (i, (fa, a)) in looks.iter().enumerate() {
            for (fb, b) in &looks[i + 1..] {
                // Dropped with no dead-letter exchange, with no route, or otherwise share a look
                // (their names, on hover and in the log, tell them apart).
                let dropped = |f: &CopyFate| {
                    matches!(
                        f,
                        CopyFate::DroppedNoDlx | CopyFate::DroppedNoRoute | CopyFate::Dropped
                    )
                };
                if dropped(fa) && dropped(fb) {
                    continue;
                }
                assert_ne!(a, b, "{fa:?} and {fb:?} look the same");
            }
        }
        // The shape alone tells the families apart.
        for f in CopyFate::ALL {
            assert_eq!(dot_style(f, false).shape, Shape::of(f.family()), "{f:?}");
        }
        let shapes: Vec<Shape> = FateFamily::ALL.into_iter().map(Shape::of).collect();
        for (i, a) in shapes.iter().enumerate() {
            assert!(!shapes[i + 1..].contains(a), "{a:?} is used twice");
        }
        let step = dot_style(CopyFate::Rejected, true);
        assert_eq!((step.stroke, step.width, step.dash), (HIGHLIGHT, 4.0, &[2.0, 2.0][..]));
        assert_eq!(dash_attr(&[2.0, 2.0]), "2 2");
        assert_eq!(dash_attr(&[]), "");
    }

    #[test]
    fn shapes_cover_about_a_circles_area_around_the_centre() {
        let c = Point { x: 10.0, y: 20.0 };
        let r = 6.0;
        let circle = std::f64::consts::PI * r * r;
        assert!(Shape::Circle.corners(c, r).is_empty());
        for shape in [Shape::Triangle, Shape::Diamond, Shape::Square] {
            let pts = shape.corners(c, r);
            // The shoelace formula.
            let area = pts
                .iter()
                .zip(pts.iter().cycle().skip(1))
                .map(|(a, b)| a.x * b.y - b.x * a.y)
                .sum::<f64>()
                .abs()
                / 2.0;
            assert!((0.7..=1.3).contains(&(area / circle)), "{shape:?}: {area} vs {circle}");
            let (mx, my) = (
                pts.iter().map(|p| p.x).sum::<f64>() / pts.len() as f64,
                pts.iter().map(|p| p.y).sum::<f64>() / pts.len() as f64,
            );
            assert!((mx - c.x).abs() < 0.01 && (my - c.y).abs() < r * 0.5, "{shape:?}");
        }
    }
}
