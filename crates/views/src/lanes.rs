//! The comparison's lanes: one row per message, time across, and every attempt, wait, dead
//! letter and operator action of a system's trace as a mark or a span. A pure function of the
//! trace, the frame and the moment, so scrubbing is only a redraw.

use crate::systems::trace::{Effect, Role, RowStatus, SysEventKind, Trace};
use crate::systems::workload::{OperatorKind, Workload};

/// The most message rows drawn; the rest are counted, not drawn.
pub const MAX_ROWS: usize = 40;

/// Where the lanes are drawn: the SVG width, the label column, the row height, the time span.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub width: f64,
    pub label_w: f64,
    pub row_h: f64,
    pub top: f64,
    pub horizon_us: u64,
}

impl Frame {
    /// The x of time `at_us` (clamped to the frame).
    pub fn x(&self, at_us: u64) -> f64 {
        let t = at_us.min(self.horizon_us) as f64 / self.horizon_us.max(1) as f64;
        self.label_w + (self.width - self.label_w) * t
    }

    /// The y of the middle of row `row`.
    pub fn y(&self, row: usize) -> f64 {
        self.top + self.row_h * (row as f64 + 0.5)
    }

    /// The height of `rows` rows and the axis.
    pub fn height(&self, rows: usize) -> f64 {
        self.top + self.row_h * rows as f64 + 4.0
    }
}

/// What a mark shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    Published,
    Succeeded,
    /// Succeeded, but the effect was applied again.
    Duplicate,
    Failed,
    DeadLettered,
    Lost,
    Skipped,
    Operator,
    /// The system refused the result or the action (a lost BullMQ lock, a busy move task).
    Refused,
    /// A stalled-job checker put it back to wait.
    Stalled,
}

impl MarkKind {
    /// The CSS class of the mark.
    pub fn class(self) -> &'static str {
        match self {
            MarkKind::Published => "mk-published",
            MarkKind::Succeeded => "mk-succeeded",
            MarkKind::Duplicate => "mk-duplicate",
            MarkKind::Failed => "mk-failed",
            MarkKind::DeadLettered => "mk-dead",
            MarkKind::Lost => "mk-lost",
            MarkKind::Skipped => "mk-skipped",
            MarkKind::Operator => "mk-operator",
            MarkKind::Refused => "mk-refused",
            MarkKind::Stalled => "mk-stalled",
        }
    }

    /// The mark's outline as SVG polygon points around `(x, y)` at radius `r`, in the shapes
    /// of the playground's fate families (a failure a triangle, a dead-lettering a diamond, a
    /// loss a square, a skip a bar); `None` for a round mark.
    pub fn polygon(self, x: f64, y: f64, r: f64) -> Option<String> {
        use super::path::fmt_num as f;
        let pts: Vec<(f64, f64)> = match self {
            MarkKind::Failed => vec![(0.0, -1.15), (1.1, 0.85), (-1.1, 0.85)],
            MarkKind::DeadLettered => vec![(0.0, -1.25), (1.25, 0.0), (0.0, 1.25), (-1.25, 0.0)],
            MarkKind::Lost => vec![(-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)],
            MarkKind::Skipped => vec![(-1.1, -0.45), (1.1, -0.45), (1.1, 0.45), (-1.1, 0.45)],
            _ => return None,
        };
        Some(
            pts.iter()
                .map(|(dx, dy)| format!("{},{}", f(x + dx * r), f(y + dy * r)))
                .collect::<Vec<_>>()
                .join(" "),
        )
    }
}

/// What a span shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpanKind {
    /// A consumer works on it.
    Working,
    /// It waits for its next attempt (back-off, visibility timeout, next_retry_at).
    Waiting,
    /// It sits in a dead-letter place or a table.
    Parked,
}

impl SpanKind {
    /// The CSS class of the span.
    pub fn class(self) -> &'static str {
        match self {
            SpanKind::Working => "sp-working",
            SpanKind::Waiting => "sp-waiting",
            SpanKind::Parked => "sp-parked",
        }
    }
}

/// A mark at one event.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    pub row: usize,
    pub x: f64,
    pub y: f64,
    pub kind: MarkKind,
    /// The event's sequence number in the trace.
    pub event: u64,
}

/// A stretch of time on one row.
#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    pub row: usize,
    pub x0: f64,
    pub x1: f64,
    pub y: f64,
    pub kind: SpanKind,
}

/// Everything drawn for one system at one moment.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lanes {
    /// Each drawn row's message id and key.
    pub rows: Vec<(String, Option<String>)>,
    /// Messages not drawn (past [`MAX_ROWS`]).
    pub hidden: usize,
    pub marks: Vec<Mark>,
    pub spans: Vec<Span>,
    /// Where the spans still open at the moment start in `spans` (they end at it; the ones
    /// before ended at an event).
    pub open_from: usize,
}

fn mark_kind(kind: &SysEventKind) -> Option<MarkKind> {
    Some(match kind {
        SysEventKind::Published => MarkKind::Published,
        SysEventKind::Succeeded { effect: Effect::Duplicate, .. } => MarkKind::Duplicate,
        SysEventKind::Succeeded { .. } => MarkKind::Succeeded,
        SysEventKind::Failed { .. } => MarkKind::Failed,
        SysEventKind::DeadLettered { .. } | SysEventKind::Status { status: RowStatus::Failed } => {
            MarkKind::DeadLettered
        }
        SysEventKind::Lost { .. } => MarkKind::Lost,
        SysEventKind::Operator { action: OperatorKind::Skip, .. }
        | SysEventKind::Status { status: RowStatus::Skipped } => MarkKind::Skipped,
        SysEventKind::Operator { .. } => MarkKind::Operator,
        SysEventKind::Refused { .. } => MarkKind::Refused,
        SysEventKind::Stalled { .. } | SysEventKind::Interrupted => MarkKind::Stalled,
        _ => return None,
    })
}

/// The lanes of `trace` (a run of `workload`) in `frame`, as they stand at `now_us`: nothing
/// after `now_us` is drawn, and open spans end at `now_us`.
pub fn lanes(trace: &Trace, workload: &Workload, frame: &Frame, now_us: u64) -> Lanes {
    let shown = workload.messages.len().min(MAX_ROWS);
    let mut out = Lanes {
        rows: workload.messages[..shown].iter().map(|m| (m.id.clone(), m.key.clone())).collect(),
        hidden: workload.messages.len() - shown,
        ..Lanes::default()
    };
    // The open span of each row: its kind and where it started.
    let mut open: Vec<Option<(SpanKind, u64)>> = vec![None; shown];
    let close = |out: &mut Lanes, row: usize, open: &mut Option<(SpanKind, u64)>, end_us: u64| {
        if let Some((kind, from_us)) = open.take() {
            if end_us > from_us {
                out.spans.push(Span {
                    row,
                    x0: frame.x(from_us),
                    x1: frame.x(end_us),
                    y: frame.y(row),
                    kind,
                });
            }
        }
    };
    for e in trace.events.iter().take_while(|e| e.at_us <= now_us) {
        let row = e.msg as usize;
        if row >= shown {
            continue;
        }
        let next = match &e.kind {
            SysEventKind::Received { .. } => Some(Some(SpanKind::Working)),
            SysEventKind::Waiting { .. } => Some(Some(SpanKind::Waiting)),
            SysEventKind::Succeeded { .. } | SysEventKind::Lost { .. } => Some(None),
            SysEventKind::Failed { .. } => Some(None),
            SysEventKind::DeadLettered { .. } => Some(Some(SpanKind::Parked)),
            SysEventKind::Moved { .. } => match trace.role(&e.place) {
                Role::DeadLetter | Role::Table => Some(Some(SpanKind::Parked)),
                Role::Retry => Some(Some(SpanKind::Waiting)),
                Role::Main => Some(None),
            },
            SysEventKind::Status { status: RowStatus::Completed | RowStatus::Skipped } => {
                Some(None)
            }
            SysEventKind::Operator {
                action: OperatorKind::Skip | OperatorKind::Replay, ..
            } => Some(None),
            _ => None,
        };
        if let Some(next) = next {
            close(&mut out, row, &mut open[row], e.at_us);
            open[row] = next.map(|k| (k, e.at_us));
        }
        if let Some(kind) = mark_kind(&e.kind) {
            out.marks.push(Mark { row, x: frame.x(e.at_us), y: frame.y(row), kind, event: e.seq });
        }
    }
    out.open_from = out.spans.len();
    for (row, o) in open.iter_mut().enumerate() {
        close(&mut out, row, o, now_us);
    }
    out
}

/// Time-axis ticks for a span of `horizon_us`: about `count` round instants (1, 2, 5 × 10ⁿ
/// seconds or minutes), each with its x in `frame` and its label in seconds or minutes.
pub fn ticks(frame: &Frame, count: u64) -> Vec<(f64, String)> {
    let steps_s: [u64; 14] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600];
    let span_s = (frame.horizon_us / 1_000_000).max(1);
    let step_s = steps_s.iter().copied().find(|s| span_s / s <= count.max(1)).unwrap_or(86_400);
    (0..=span_s / step_s)
        .map(|i| {
            let s = i * step_s;
            let label = if step_s >= 60 { format!("{}m", s / 60) } else { format!("{s}s") };
            (frame.x(s * 1_000_000), label)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_that_look_alike_in_colour_differ_in_shape() {
        // Failed (orange) and dead-lettered (vermillion); published and skipped (both grey).
        let shape = |k: MarkKind| k.polygon(0.0, 0.0, 4.0).map(|p| p.split(' ').count());
        assert_eq!(shape(MarkKind::Failed), Some(3));
        assert_eq!(shape(MarkKind::DeadLettered), Some(4));
        assert_ne!(
            MarkKind::DeadLettered.polygon(0.0, 0.0, 4.0),
            MarkKind::Lost.polygon(0.0, 0.0, 4.0)
        );
        assert_eq!(shape(MarkKind::Published), None);
        assert!(shape(MarkKind::Skipped).is_some());
        assert_eq!(
            MarkKind::Lost.polygon(10.0, 10.0, 5.0).unwrap(),
            "5.5,5.5 14.5,5.5 14.5,14.5 5.5,14.5"
        );
    }
    use crate::systems::trace::{Place, Wait};

    fn workload() -> Workload {
        Workload::from_json(
            r#"{"messages": [{"id": "a", "key": "k"}, {"id": "b"}], "horizon_ms": 10000}"#,
        )
        .unwrap()
    }

    #[test]
    fn marks_and_spans_follow_the_trace_up_to_now() {
        let w = workload();
        let mut t = Trace::new(vec![
            Place { name: "q".into(), role: Role::Main },
            Place { name: "dlq".into(), role: Role::DeadLetter },
        ]);
        t.push(0, 0, "q", SysEventKind::Published, None);
        t.push(0, 0, "q", SysEventKind::Received { attempt: 1 }, Some(0));
        t.push(
            1_000_000,
            0,
            "q",
            SysEventKind::Failed {
                attempt: 1,
                reason: "x".into(),
                permanent: false,
                effect_applied: false,
            },
            Some(1),
        );
        t.push(
            1_000_000,
            0,
            "q",
            SysEventKind::Waiting { until_us: 3_000_000, why: Wait::Backoff },
            Some(2),
        );
        t.push(
            3_000_000,
            0,
            "dlq",
            SysEventKind::DeadLettered { from: "q".into(), reason: "x".into() },
            Some(3),
        );
        let f =
            Frame { width: 1100.0, label_w: 100.0, row_h: 20.0, top: 10.0, horizon_us: 10_000_000 };
        let at2 = lanes(&t, &w, &f, 2_000_000);
        assert_eq!(
            at2.marks.iter().map(|m| m.kind).collect::<Vec<_>>(),
            vec![MarkKind::Published, MarkKind::Failed]
        );
        assert_eq!(at2.spans.len(), 2);
        assert_eq!(
            (at2.spans[0].kind, at2.spans[0].x0, at2.spans[0].x1),
            (SpanKind::Working, 100.0, 200.0)
        );
        assert_eq!((at2.spans[1].kind, at2.spans[1].x1), (SpanKind::Waiting, 300.0));
        let end = lanes(&t, &w, &f, 10_000_000);
        assert_eq!(end.marks.last().map(|m| m.kind), Some(MarkKind::DeadLettered));
        assert_eq!(
            end.spans.last().map(|s| (s.kind, s.x0, s.x1)),
            Some((SpanKind::Parked, 400.0, 1100.0))
        );
        assert_eq!(end.rows[0], ("a".to_string(), Some("k".to_string())));
    }

    #[test]
    fn ticks_are_round_and_few() {
        let f =
            Frame { width: 700.0, label_w: 100.0, row_h: 20.0, top: 0.0, horizon_us: 600_000_000 };
        let t = ticks(&f, 8);
        assert_eq!(t.first().map(|t| t.1.as_str()), Some("0m"));
        assert_eq!(t.last().map(|t| (t.0, t.1.as_str())), Some((700.0, "10m")));
        assert!(t.len() <= 9);
    }
}
