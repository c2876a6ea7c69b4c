//! Fitting the view box into a box on screen, as SVG's `preserveAspectRatio="xMidYMid meet"`
//! does, and back: so a layer drawn over the topology lines up with it and the pointer can be
//! mapped to view-box units.

use super::layout::Point;

/// How a view box of `0 0 width height` sits in a box of `w × h` pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// Pixels per view-box unit.
    pub scale: f64,
    /// Where the view box's origin lands, in pixels from the box's top-left corner.
    pub dx: f64,
    pub dy: f64,
}

impl Fit {
    /// The whole view box, as large as fits, centred. `None` for an empty or invalid box.
    pub fn meet(view_w: f64, view_h: f64, w: f64, h: f64) -> Option<Fit> {
        let positive = view_w > 0.0 && view_h > 0.0 && w > 0.0 && h > 0.0;
        if !positive || !(view_w * view_h * w * h).is_finite() {
            return None;
        }
        let scale = (w / view_w).min(h / view_h);
        Some(Fit { scale, dx: (w - view_w * scale) / 2.0, dy: (h - view_h * scale) / 2.0 })
    }

    /// A view-box point in pixels.
    pub fn to_screen(&self, p: Point) -> Point {
        Point { x: self.dx + p.x * self.scale, y: self.dy + p.y * self.scale }
    }

    /// A point in pixels in view-box units.
    pub fn to_view(&self, p: Point) -> Point {
        Point { x: (p.x - self.dx) / self.scale, y: (p.y - self.dy) / self.scale }
    }
}

/// Where a tooltip of `tip` pixels goes for a pointer at `pointer` in a panel of `panel`
/// pixels: below and right of the pointer, flipped to the other side where it would leave the
/// panel, and never past its edges.
pub fn tip_at(pointer: Point, tip: (f64, f64), panel: (f64, f64)) -> Point {
    const GAP: f64 = 14.0;
    let place = |p: f64, size: f64, room: f64| {
        let at = if p + GAP + size <= room { p + GAP } else { p - GAP - size };
        at.min(room - size).max(0.0)
    };
    Point { x: place(pointer.x, tip.0, panel.0), y: place(pointer.y, tip.1, panel.1) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tooltip_stays_inside_its_panel() {
        let p = |x, y| Point { x, y };
        // Room on both sides: below right.
        assert_eq!(tip_at(p(10.0, 10.0), (100.0, 20.0), (400.0, 300.0)), p(24.0, 24.0));
        // At the right and bottom edges: flipped.
        assert_eq!(tip_at(p(390.0, 290.0), (100.0, 20.0), (400.0, 300.0)), p(276.0, 256.0));
        // Wider than the panel: from its left edge.
        assert_eq!(tip_at(p(50.0, 10.0), (500.0, 20.0), (400.0, 300.0)).x, 0.0);
        for (x, y) in [(0.0, 0.0), (200.0, 150.0), (399.0, 299.0), (5.0, 295.0)] {
            let t = tip_at(p(x, y), (120.0, 24.0), (400.0, 300.0));
            assert!(t.x >= 0.0 && t.x + 120.0 <= 400.0 && t.y >= 0.0 && t.y + 24.0 <= 300.0);
        }
    }

    #[test]
    fn meet_centres_the_box_on_its_short_side_and_maps_both_ways() {
        // 200×100 in 400×400: scale 2, 400×200 centred vertically.
        let f = Fit::meet(200.0, 100.0, 400.0, 400.0).unwrap();
        assert_eq!(f, Fit { scale: 2.0, dx: 0.0, dy: 100.0 });
        assert_eq!(f.to_screen(Point { x: 100.0, y: 50.0 }), Point { x: 200.0, y: 200.0 });
        assert_eq!(f.to_view(Point { x: 200.0, y: 200.0 }), Point { x: 100.0, y: 50.0 });
        // Tall and narrow: centred horizontally.
        let f = Fit::meet(100.0, 100.0, 300.0, 100.0).unwrap();
        assert_eq!(f, Fit { scale: 1.0, dx: 100.0, dy: 0.0 });
        for bad in [
            (0.0, 1.0, 1.0, 1.0),
            (1.0, 1.0, 0.0, 1.0),
            (f64::NAN, 1.0, 1.0, 1.0),
            (1.0, 1.0, f64::INFINITY, 1.0),
            (-1.0, 1.0, 1.0, 1.0),
        ] {
            assert_eq!(Fit::meet(bad.0, bad.1, bad.2, bad.3), None, "{bad:?}");
        }
    }
}
