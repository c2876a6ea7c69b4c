//! Automatic layering and row order for a topology: columns follow the flow, rows limit crossings.

use std::collections::BTreeMap;

use super::layout::{EdgeSpec, NodeKind, NodeSpec};
use crate::engine::order::{map_of, sort_by};

/// Gives every node a layer from the edges (longest path from the publishers, back edges of a
/// cycle ignored) and reorders each layer by the mean row of its predecessors (barycenter), so a
/// queue sits near the exchange that feeds it. Consumers go one layer right of their queue.
/// Deterministic: ties keep the input order.
pub fn arrange(nodes: &[NodeSpec], edges: &[EdgeSpec]) -> Vec<NodeSpec> {
    let index: BTreeMap<&str, usize> =
        map_of(nodes.iter().enumerate().map(|(i, n)| (n.id.as_str(), i)));
    let n = nodes.len();
    let mut out_edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for e in edges {
        if let (Some(&a), Some(&b)) = (index.get(e.from.as_str()), index.get(e.to.as_str())) {
            if a != b && nodes[b].kind != NodeKind::Consumer {
                out_edges[a].push(b);
            }
        }
    }
    // Depth-first search from publishers first, then everything else in input order, marking
    // edges that close a cycle so the longest-path pass can skip them.
    let mut state = vec![0u8; n]; // 0 new, 1 on stack, 2 done
    let mut back: Vec<(usize, usize)> = Vec::new();
    let mut roots: Vec<usize> = (0..n).filter(|&i| nodes[i].kind == NodeKind::Publisher).collect();
    roots.extend((0..n).filter(|&i| nodes[i].kind == NodeKind::Exchange));
    roots.extend(0..n);
    for root in roots {
        if state[root] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        state[root] = 1;
        while let Some((v, k)) = stack.pop() {
            if k < out_edges[v].len() {
                stack.push((v, k + 1));
                let w = out_edges[v][k];
                match state[w] {
                    0 => {
                        state[w] = 1;
                        stack.push((w, 0));
                    }
                    1 => back.push((v, w)),
                    _ => {}
                }
            } else {
                state[v] = 2;
            }
        }
    }
    let mut layer = vec![0u32; n];
    for (i, node) in nodes.iter().enumerate() {
        layer[i] = match node.kind {
            NodeKind::Publisher => 0,
            _ => 1,
        };
    }
    for _ in 0..n {
        let mut changed = false;
        for a in 0..n {
            for &b in &out_edges[a] {
                if back.contains(&(a, b)) {
                    continue;
                }
                if layer[b] < layer[a] + 1 {
                    layer[b] = layer[a] + 1;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // A consumer sits right of the queue it consumes from.
    for e in edges {
        if let (Some(&a), Some(&b)) = (index.get(e.from.as_str()), index.get(e.to.as_str())) {
            if nodes[b].kind == NodeKind::Consumer {
                layer[b] = layer[b].max(layer[a] + 1);
            }
        }
    }
    // Barycenter ordering, layer by layer from the left.
    let max_layer = layer.iter().copied().max().unwrap_or(0);
    let mut row_of = vec![0.0f64; n];
    let mut order: Vec<usize> = Vec::with_capacity(n);
    for l in 0..=max_layer {
        let mut members: Vec<(f64, usize)> = (0..n)
            .filter(|&i| layer[i] == l)
            .map(|i| {
                let preds: Vec<f64> = (0..n)
                    .filter(|&a| {
                        layer[a] < l
                            && (out_edges[a].contains(&i)
                                || consumes(edges, &nodes[a].id, &nodes[i].id))
                    })
                    .map(|a| row_of[a])
                    .collect();
                let key = if preds.is_empty() {
                    i as f64
                } else {
                    preds.iter().sum::<f64>() / preds.len() as f64
                };
                (key, i)
            })
            .collect();
        sort_by(&mut members, |a, b| {
            a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal).then(a.1.cmp(&b.1))
        });
        for (row, &(_, i)) in members.iter().enumerate() {
            row_of[i] = row as f64;
            order.push(i);
        }
    }
    order
        .into_iter()
        .map(|i| NodeSpec { id: nodes[i].id.clone(), kind: nodes[i].kind, layer: layer[i] })
        .collect()
}

fn consumes(edges: &[EdgeSpec], from: &str, to: &str) -> bool {
    edges.iter().any(|e| e.from == from && e.to == to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::viz::layout::{layout, EdgeKind};

    fn node(id: &str, kind: NodeKind) -> NodeSpec {
        NodeSpec { id: id.into(), kind, layer: 0 }
    }
    fn edge(from: &str, to: &str, kind: EdgeKind) -> EdgeSpec {
        EdgeSpec { from: from.into(), to: to.into(), kind }
    }
    fn layer_of(v: &[NodeSpec], id: &str) -> u32 {
        v.iter().find(|n| n.id == id).unwrap().layer
    }

    #[test]
    fn layers_follow_the_flow_and_cycles_terminate() {
        let nodes = vec![
            node("q:dlq", NodeKind::Queue),
            node("p", NodeKind::Publisher),
            node("x:work", NodeKind::Exchange),
            node("q:work", NodeKind::Queue),
            node("x:dlx", NodeKind::Exchange),
            node("c:work", NodeKind::Consumer),
        ];
        let edges = vec![
            edge("p", "x:work", EdgeKind::Publish),
            edge("x:work", "q:work", EdgeKind::Binding),
            edge("q:work", "x:dlx", EdgeKind::DeadLetter),
            edge("x:dlx", "q:dlq", EdgeKind::Binding),
            edge("q:dlq", "x:work", EdgeKind::DeadLetter), // a cycle back
            edge("q:work", "c:work", EdgeKind::Consume),
        ];
        let v = arrange(&nodes, &edges);
        assert_eq!(v.len(), 6);
        assert_eq!(layer_of(&v, "p"), 0);
        assert_eq!(layer_of(&v, "x:work"), 1);
        assert_eq!(layer_of(&v, "q:work"), 2);
        assert_eq!(layer_of(&v, "x:dlx"), 3);
        assert_eq!(layer_of(&v, "q:dlq"), 4);
        assert_eq!(layer_of(&v, "c:work"), 3);
        assert_eq!(arrange(&nodes, &edges), v, "deterministic");
    }

    #[test]
    fn twenty_queues_fit_without_overlap() {
        let mut nodes = vec![
            node("p", NodeKind::Publisher),
            node("x:in", NodeKind::Exchange),
            node("x:dlx", NodeKind::Exchange),
        ];
        let mut edges = vec![edge("p", "x:in", EdgeKind::Publish)];
        for i in 0..20 {
            let q = format!("q:{i}");
            nodes.push(node(&q, NodeKind::Queue));
            edges.push(edge("x:in", &q, EdgeKind::Binding));
            edges.push(edge(&q, "x:dlx", EdgeKind::DeadLetter));
        }
        nodes.push(node("q:dlq", NodeKind::Queue));
        edges.push(edge("x:dlx", "q:dlq", EdgeKind::Binding));
        let placed = layout(&arrange(&nodes, &edges), &edges);
        for (i, a) in placed.nodes.iter().enumerate() {
            for b in &placed.nodes[i + 1..] {
                let overlap_x =
                    (a.center.x - b.center.x).abs() < (a.size.width + b.size.width) / 2.0;
                let overlap_y =
                    (a.center.y - b.center.y).abs() < (a.size.height + b.size.height) / 2.0;
                assert!(!(overlap_x && overlap_y), "{} overlaps {}", a.id, b.id);
            }
        }
        // Readable: the drawing is no taller than about twice as wide.
        assert!(placed.height < 2.0 * placed.width, "{} x {}", placed.width, placed.height);
    }
}
