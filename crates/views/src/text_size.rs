//! How large the graph's words are drawn, in view-box units, for the scale the graph is shown
//! at: never smaller on screen than a floor (larger on a desktop than on a phone), so a graph
//! fitted into a small panel keeps readable words; and which of a queue's lines fit its box at
//! that size (the facts line goes first; the full text stays in the node's title and the Node
//! tab).

use super::fit_text::text_width;

/// The words' design sizes, at a scale of 1 (view-box units = CSS pixels).
pub const NAME: f64 = 14.0;
/// Depth, facts, edge labels.
pub const SMALL: f64 = 11.0;
/// A death's word over its node.
pub const DEATH: f64 = 13.0;

/// The smallest a word is drawn on screen, in CSS pixels: on a desktop…
pub const WIDE_MIN: (f64, f64) = (12.5, 10.5);
/// …and on a phone or in a narrow embed (a panel narrower than [`NARROW_BELOW`]).
pub const NARROW_MIN: (f64, f64) = (10.5, 9.5);
/// A panel narrower than this many CSS pixels is narrow.
pub const NARROW_BELOW: f64 = 600.0;

/// Line height, in font sizes.
pub const LINE: f64 = 1.15;

/// The sizes the graph's words take at one scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextSizes {
    /// A node's name.
    pub name: f64,
    /// Depth, facts and edge labels.
    pub small: f64,
    /// A death's word.
    pub death: f64,
}

impl TextSizes {
    /// The sizes for a graph shown at `scale` CSS pixels per view-box unit in a panel
    /// `panel_width` pixels wide.
    pub fn at(scale: f64, panel_width: f64) -> TextSizes {
        let (name_min, small_min) = if panel_width < NARROW_BELOW { NARROW_MIN } else { WIDE_MIN };
        let scale = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
        TextSizes {
            name: NAME.max(name_min / scale),
            small: SMALL.max(small_min / scale),
            death: DEATH.max(small_min / scale),
        }
    }

    /// Whether a queue box `height` units tall holds its name, its depth and its facts line
    /// (else it shows the name and the depth).
    pub fn facts_fit(&self, height: f64) -> bool {
        (self.name + 2.0 * self.small) * LINE + 6.0 <= height
    }

    /// The depth's words: `long` when it fits `width` units, else `short`.
    pub fn depth_text<'a>(&self, long: &'a str, short: &'a str, width: f64) -> &'a str {
        if text_width(long, self.small) <= width {
            long
        } else {
            short
        }
    }

    /// Where the lines of a queue box sit (baselines, as offsets from the box's centre):
    /// name, depth and, when they fit, facts.
    pub fn queue_lines(&self, height: f64) -> (f64, f64, Option<f64>) {
        let (n, s) = (self.name * LINE, self.small * LINE);
        let facts = self.facts_fit(height);
        let total = n + s + if facts { s } else { 0.0 };
        let top = -total / 2.0;
        // A baseline sits about a fifth of a line above the line's bottom.
        let name = top + n * 0.8;
        let depth = top + n + s * 0.8;
        (name, depth, facts.then_some(top + n + s + s * 0.8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_never_fall_below_the_floor_on_screen() {
        for scale in [0.2, 0.35, 0.5, 0.66, 0.8, 1.0, 1.5, 3.0] {
            for width in [320.0, 599.0, 900.0] {
                let t = TextSizes::at(scale, width);
                let (n, s) = if width < NARROW_BELOW { NARROW_MIN } else { WIDE_MIN };
                assert!(t.name * scale >= n - 1e-9, "{scale} {width}");
                assert!(t.small * scale >= s - 1e-9 && t.death * scale >= s - 1e-9);
                // Never smaller than the design sizes either.
                assert!(t.name >= NAME && t.small >= SMALL && t.death >= DEATH);
            }
        }
        // A bad scale counts as 1.
        assert_eq!(TextSizes::at(f64::NAN, 900.0), TextSizes::at(1.0, 900.0));
    }

    #[test]
    fn a_queue_box_drops_its_facts_before_its_depth_and_keeps_lines_inside() {
        let roomy = TextSizes::at(1.0, 900.0);
        assert!(roomy.facts_fit(56.0));
        let (name, depth, facts) = roomy.queue_lines(56.0);
        assert!(name < depth && depth < facts.unwrap());
        assert!(name - roomy.name * 0.8 >= -28.0 && facts.unwrap() <= 28.0);
        let small = TextSizes::at(0.45, 360.0);
        assert!(!small.facts_fit(56.0));
        let (name, depth, facts) = small.queue_lines(56.0);
        assert!(facts.is_none() && name < depth);
        assert_eq!(small.depth_text("ready 3 · unacked 0", "3 · 0", 150.0), "3 · 0");
        assert_eq!(roomy.depth_text("ready 3 · unacked 0", "3 · 0", 150.0), "ready 3 · unacked 0");
    }
}
