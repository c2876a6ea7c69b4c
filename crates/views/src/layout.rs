//! A small layered layout: columns by layer, rows spread evenly, and the curves drawn between nodes.
//!
//! Everything is in SVG user units inside a view box whose top-left corner is `(0, 0)`. The
//! result depends only on the input order and values, never on hashing, time or randomness.

use std::collections::BTreeMap;

use super::path::{fmt_num, Curve};
use crate::engine::order;

/// Distance between the centres of two neighbouring columns.
pub const COLUMN_GAP: f64 = 240.0;
/// Vertical space given to each row of the tallest column.
pub const ROW_GAP: f64 = 100.0;
/// Empty space kept around the drawing on every side.
pub const MARGIN: f64 = 24.0;
/// How far an arc (a dead-letter edge, or an edge going backwards) reaches beyond its endpoints.
pub const ARC_DEPTH: f64 = 56.0;

/// Columns with more nodes than this zig-zag (alternate rows shifted left and right).
pub const ZIGZAG_OVER: usize = 8;
/// Vertical space per row in a zig-zag column.
pub const ZIGZAG_ROW_GAP: f64 = 58.0;

/// What a node stands for; decides its size and its CSS class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum NodeKind {
    /// A client that publishes messages.
    Publisher,
    /// An exchange: routes what is published to it.
    Exchange,
    /// A queue: holds messages until they are consumed or dead-lettered.
    Queue,
    /// A client that consumes from a queue.
    Consumer,
}

impl NodeKind {
    /// The box a node of this kind occupies, centred on its position.
    pub fn size(self) -> Size {
        match self {
            NodeKind::Publisher | NodeKind::Consumer => Size { width: 130.0, height: 40.0 },
            NodeKind::Exchange => Size { width: 130.0, height: 44.0 },
            NodeKind::Queue => Size { width: 150.0, height: 56.0 },
        }
    }

    /// The CSS class naming this kind (`publisher`, `exchange`, `queue`, `consumer`).
    pub fn css_class(self) -> &'static str {
        match self {
            NodeKind::Publisher => "publisher",
            NodeKind::Exchange => "exchange",
            NodeKind::Queue => "queue",
            NodeKind::Consumer => "consumer",
        }
    }
}

/// What an edge stands for; decides how its curve bends and its CSS class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum EdgeKind {
    /// A publisher sends to an exchange.
    Publish,
    /// An exchange routes to a queue (or to another exchange).
    Binding,
    /// A queue dead-letters to its dead-letter exchange. Always drawn as an arc below.
    DeadLetter,
    /// A queue delivers to a consumer.
    Consume,
}

impl EdgeKind {
    /// The CSS class naming this kind (`publish`, `binding`, `dead-letter`, `consume`).
    pub fn css_class(self) -> &'static str {
        match self {
            EdgeKind::Publish => "publish",
            EdgeKind::Binding => "binding",
            EdgeKind::DeadLetter => "dead-letter",
            EdgeKind::Consume => "consume",
        }
    }
}

/// A node to place: its id, its kind and the layer (column) it should go in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeSpec {
    /// Unique name of the node, e.g. a queue's name.
    pub id: String,
    /// What the node stands for.
    pub kind: NodeKind,
    /// Column hint: smaller layers go further left. Gaps between hints are closed up.
    pub layer: u32,
}

/// An edge to draw between two nodes, named by id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeSpec {
    /// Id of the node the edge leaves.
    pub from: String,
    /// Id of the node the edge reaches.
    pub to: String,
    /// What the edge stands for.
    pub kind: EdgeKind,
}

/// A point in view-box units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Horizontal coordinate, growing to the right.
    pub x: f64,
    /// Vertical coordinate, growing downwards.
    pub y: f64,
}

/// A width and a height in view-box units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Size {
    /// Horizontal extent.
    pub width: f64,
    /// Vertical extent.
    pub height: f64,
}

/// A node with its computed position.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedNode {
    /// The node's id, as given.
    pub id: String,
    /// The node's kind, as given.
    pub kind: NodeKind,
    /// Column index after closing gaps between layer hints (0 = leftmost).
    pub column: usize,
    /// Row index within the column, in input order (0 = top).
    pub row: usize,
    /// Centre of the node's box.
    pub center: Point,
    /// Size of the node's box.
    pub size: Size,
}

impl PlacedNode {
    /// Top-left corner of the node's box (where an SVG `<rect>` starts).
    pub fn top_left(&self) -> Point {
        Point {
            x: self.center.x - self.size.width / 2.0,
            y: self.center.y - self.size.height / 2.0,
        }
    }
    /// Middle of the left side (where edges arrive).
    pub fn left(&self) -> Point {
        Point { x: self.center.x - self.size.width / 2.0, y: self.center.y }
    }
    /// Middle of the right side (where edges leave).
    pub fn right(&self) -> Point {
        Point { x: self.center.x + self.size.width / 2.0, y: self.center.y }
    }
    /// Middle of the top side.
    pub fn top(&self) -> Point {
        Point { x: self.center.x, y: self.center.y - self.size.height / 2.0 }
    }
    /// Middle of the bottom side (where dead-letter arcs attach).
    pub fn bottom(&self) -> Point {
        Point { x: self.center.x, y: self.center.y + self.size.height / 2.0 }
    }
}

/// Placed nodes and the size of the view box that holds them and every edge between them.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// View-box width.
    pub width: f64,
    /// View-box height.
    pub height: f64,
    /// The nodes, in input order.
    pub nodes: Vec<PlacedNode>,
}

impl Layout {
    /// The node with this id (the first one, if ids repeat).
    pub fn node(&self, id: &str) -> Option<&PlacedNode> {
        self.nodes.iter().find(|n| n.id == id)
    }

    /// The SVG `viewBox` attribute value, e.g. `"0 0 840 272"`.
    pub fn view_box(&self) -> String {
        format!("0 0 {} {}", fmt_num(self.width), fmt_num(self.height))
    }

    /// The curve of an edge, or `None` if either end names an unknown node.
    pub fn curve(&self, edge: &EdgeSpec) -> Option<Curve> {
        let (a, b) = (self.node(&edge.from)?, self.node(&edge.to)?);
        Some(super::edge_route::route(a, b, edge.kind, &self.nodes))
    }
}

/// Places nodes in columns by layer (gaps between layer hints closed up) and spreads each
/// column's nodes evenly over the height of the tallest column, in input order. The view box
/// grows to hold every edge's curve, including arcs that dip below or rise above the nodes.
pub fn layout(nodes: &[NodeSpec], edges: &[EdgeSpec]) -> Layout {
    layout_with(nodes, edges, &Spacing::ACROSS)
}

/// The gaps a layout keeps, and whether node boxes are turned a quarter (so a layout made
/// across, then transposed, runs top to bottom: `super::orient`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spacing {
    /// Between the centres of neighbouring columns.
    pub column_gap: f64,
    /// Per row of the tallest column.
    pub row_gap: f64,
    /// Per row of a zig-zag column.
    pub zigzag_row_gap: f64,
    /// A column with more nodes than this zig-zags.
    pub zigzag_over: usize,
    /// Boxes with width and height swapped.
    pub turned: bool,
}

impl Spacing {
    /// Left to right, the usual drawing.
    pub const ACROSS: Spacing = Spacing {
        column_gap: COLUMN_GAP,
        row_gap: ROW_GAP,
        zigzag_row_gap: ZIGZAG_ROW_GAP,
        zigzag_over: ZIGZAG_OVER,
        turned: false,
    };

    fn size(&self, kind: NodeKind) -> Size {
        let s = kind.size();
        if self.turned {
            Size { width: s.height, height: s.width }
        } else {
            s
        }
    }
}

/// [`layout`] with the given gaps and box turn.
pub fn layout_with(nodes: &[NodeSpec], edges: &[EdgeSpec], spacing: &Spacing) -> Layout {
    let columns: BTreeMap<u32, usize> = {
        let mut layers: BTreeMap<u32, usize> = order::map_of(nodes.iter().map(|n| (n.layer, 0)));
        for (index, slot) in layers.values_mut().enumerate() {
            *slot = index;
        }
        layers
    };
    let mut per_column = vec![0usize; columns.len()];
    for node in nodes {
        per_column[columns[&node.layer]] += 1;
    }
    let widest = nodes.iter().map(|n| spacing.size(n.kind).width).fold(0.0, f64::max);
    // A column with many nodes zig-zags: alternate rows shift left and right by `zig`, so rows
    // can sit closer together without boxes overlapping (20 queues stay readable).
    let zig: Vec<f64> = per_column
        .iter()
        .map(|&n| if n > spacing.zigzag_over { widest / 2.0 + 12.0 } else { 0.0 })
        .collect();
    let column_height = |c: usize| {
        let gap = if zig[c] > 0.0 { spacing.zigzag_row_gap } else { spacing.row_gap };
        per_column[c] as f64 * gap
    };
    let tallest = (0..per_column.len()).map(column_height).fold(0.0, f64::max);
    let mut column_x = Vec::with_capacity(per_column.len());
    let mut extra = 0.0;
    for (c, z) in zig.iter().enumerate() {
        column_x.push(MARGIN + widest / 2.0 + c as f64 * spacing.column_gap + extra + z);
        extra += 2.0 * z;
    }

    let mut next_row = vec![0usize; columns.len()];
    let mut placed: Vec<PlacedNode> = nodes
        .iter()
        .map(|node| {
            let column = columns[&node.layer];
            let row = next_row[column];
            next_row[column] += 1;
            let rows = per_column[column] as f64;
            let shift = if row % 2 == 0 { -zig[column] } else { zig[column] };
            let center =
                Point { x: column_x[column] + shift, y: tallest * (row as f64 + 0.5) / rows };
            PlacedNode {
                id: node.id.clone(),
                kind: node.kind,
                column,
                row,
                center,
                size: spacing.size(node.kind),
            }
        })
        .collect();

    if placed.is_empty() {
        return Layout { width: 2.0 * MARGIN, height: 2.0 * MARGIN, nodes: placed };
    }

    // Vertical extent of the boxes and of every curve's control points (a cubic curve stays
    // inside the hull of its control points, so this bound is safe).
    let mut top = f64::INFINITY;
    let mut bottom = f64::NEG_INFINITY;
    for node in &placed {
        top = top.min(node.center.y - node.size.height / 2.0);
        bottom = bottom.max(node.center.y + node.size.height / 2.0);
    }
    let probe = Layout { width: 0.0, height: 0.0, nodes: placed.clone() };
    for curve in edges.iter().filter_map(|e| probe.curve(e)) {
        for p in [curve.from, curve.c1, curve.c2, curve.to] {
            top = top.min(p.y);
            bottom = bottom.max(p.y);
        }
    }
    let shift = MARGIN - top;
    for node in &mut placed {
        node.center.y += shift;
    }
    let columns = columns.len() as f64;
    Layout {
        width: 2.0 * MARGIN + widest + (columns - 1.0) * spacing.column_gap + extra,
        height: bottom - top + 2.0 * MARGIN,
        nodes: placed,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn node(id: &str, kind: NodeKind, layer: u32) -> NodeSpec {
        NodeSpec { id: id.to_string(), kind, layer }
    }

    pub(crate) fn edge(from: &str, to: &str, kind: EdgeKind) -> EdgeSpec {
        EdgeSpec { from: from.to_string(), to: to.to_string(), kind }
    }

    /// Publisher, exchange, work queue, consumer, dead-letter exchange and queue.
    pub(crate) fn sample() -> (Vec<NodeSpec>, Vec<EdgeSpec>) {
        let nodes = vec![
            node("pub", NodeKind::Publisher, 0),
            node("ex", NodeKind::Exchange, 1),
            node("work", NodeKind::Queue, 2),
            node("consumer", NodeKind::Consumer, 3),
            node("dlx", NodeKind::Exchange, 3),
            node("dlq", NodeKind::Queue, 4),
        ];
        let edges = vec![
            edge("pub", "ex", EdgeKind::Publish),
            edge("ex", "work", EdgeKind::Binding),
            edge("work", "consumer", EdgeKind::Consume),
            edge("work", "dlx", EdgeKind::DeadLetter),
            edge("dlx", "dlq", EdgeKind::Binding),
        ];
        (nodes, edges)
    }

    #[test]
    fn columns_follow_layers_left_to_right() {
        let (nodes, edges) = sample();
        let l = layout(&nodes, &edges);
        let x = |id: &str| l.node(id).unwrap().center.x;
        assert!(
            x("pub") < x("ex")
                && x("ex") < x("work")
                && x("work") < x("dlx")
                && x("dlx") < x("dlq")
        );
        assert_eq!(x("consumer"), x("dlx"));
        assert_eq!(x("ex") - x("pub"), COLUMN_GAP);
    }

    #[test]
    fn rows_spread_evenly_in_input_order() {
        let (nodes, edges) = sample();
        let l = layout(&nodes, &edges);
        let consumer = l.node("consumer").unwrap();
        let dlx = l.node("dlx").unwrap();
        let work = l.node("work").unwrap();
        assert_eq!((consumer.row, dlx.row), (0, 1));
        assert!(consumer.center.y < dlx.center.y);
        assert_eq!(dlx.center.y - consumer.center.y, ROW_GAP);
        // A lone node sits halfway between the two rows of the tallest column.
        assert_eq!(work.center.y, (consumer.center.y + dlx.center.y) / 2.0);
    }

    #[test]
    fn layer_gaps_are_closed_up() {
        let nodes = vec![node("a", NodeKind::Exchange, 0), node("b", NodeKind::Queue, 7)];
        let l = layout(&nodes, &[]);
        assert_eq!(l.node("b").unwrap().column, 1);
        assert_eq!(l.node("b").unwrap().center.x - l.node("a").unwrap().center.x, COLUMN_GAP);
    }

    #[test]
    fn layout_is_deterministic() {
        let (nodes, edges) = sample();
        assert_eq!(layout(&nodes, &edges), layout(&nodes, &edges));
        assert_eq!(layout(&nodes, &edges).view_box(), layout(&nodes, &edges).view_box());
    }

    #[test]
    fn view_box_holds_every_node_and_curve() {
        let (nodes, mut edges) = sample();
        edges.push(edge("dlq", "ex", EdgeKind::Binding)); // a loop back, arcs above
        let l = layout(&nodes, &edges);
        let inside = |p: Point| p.x >= 0.0 && p.x <= l.width && p.y >= 0.0 && p.y <= l.height;
        for n in &l.nodes {
            let tl = n.top_left();
            assert!(inside(tl), "{} top-left {:?} outside {}", n.id, tl, l.view_box());
            assert!(inside(Point { x: tl.x + n.size.width, y: tl.y + n.size.height }));
        }
        for e in &edges {
            let c = l.curve(e).unwrap();
            for p in [c.from, c.c1, c.c2, c.to] {
                assert!(inside(p), "{}->{} point {:?} outside {}", e.from, e.to, p, l.view_box());
            }
        }
    }

    #[test]
    fn arcs_get_room_only_when_needed() {
        let (nodes, edges) = sample();
        let without: Vec<EdgeSpec> =
            edges.iter().filter(|e| e.kind != EdgeKind::DeadLetter).cloned().collect();
        let tall = layout(&nodes, &edges);
        let short = layout(&nodes, &without);
        assert_eq!(tall.width, short.width);
        assert!(tall.height > short.height);
        // The topmost box starts one margin below the top in both.
        let top = |l: &Layout| l.nodes.iter().map(|n| n.top_left().y).fold(f64::INFINITY, f64::min);
        assert_eq!(top(&tall), MARGIN);
        assert_eq!(top(&short), MARGIN);
    }

    #[test]
    fn unknown_edge_ends_have_no_curve() {
        let (nodes, edges) = sample();
        let l = layout(&nodes, &edges);
        assert!(l.curve(&edge("pub", "nowhere", EdgeKind::Publish)).is_none());
        // Edges naming unknown nodes do not disturb the layout either.
        assert_eq!(layout(&nodes, &[edge("x", "y", EdgeKind::DeadLetter)]), layout(&nodes, &[]));
    }

    #[test]
    fn empty_input_gives_an_empty_box() {
        let l = layout(&[], &[]);
        assert!(l.nodes.is_empty());
        assert_eq!(l.view_box(), "0 0 48 48");
    }
}
