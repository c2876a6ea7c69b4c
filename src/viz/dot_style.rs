//! How a message's dot looks for each fate: fill, outline, dash, and the marks for the selected
//! message and for reduced-motion steps. The graph's canvas and the legend both draw from here,
//! so a fate looks the same in both.

use super::flight::CopyFate;

/// The outline drawn around the selected message, and around steps with reduced motion.
pub const HIGHLIGHT: &str = "#cc79a7";

/// One dot's look (colours as CSS colours, widths and dashes in view-box units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DotStyle {
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
    let s = |fill, stroke, width, dash| DotStyle { fill, stroke, width, dash };
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
        let step = dot_style(CopyFate::Rejected, true);
        assert_eq!((step.stroke, step.width, step.dash), (HIGHLIGHT, 4.0, &[2.0, 2.0][..]));
        assert_eq!(dash_attr(&[2.0, 2.0]), "2 2");
        assert_eq!(dash_attr(&[]), "");
    }
}
