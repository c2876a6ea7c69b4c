//! Every budget of work in one place, each with its reason. A timer budget stops a zero-delay
//! loop (timers that keep scheduling timers at the same instant, which would never let the
//! clock move); an event budget refuses a run that would not fit in the page's memory.

/// Timers one `step_until` fires before it gives up on a zero-delay loop: far above any
/// sound run's work between two moments, so only a loop reaches it.
pub const STEP_UNTIL_TIMERS: u64 = 5_000_000;

/// Timers one conformance replay's move of the clock may fire before the replay is cut short
/// (a recording's waits are short; a zero-delay loop never ends).
pub const REPLAY_TIMERS: u64 = 2_000_000;

/// Timers one advance of a playground run may fire before it stops and says it stalled: the
/// page advances a frame at a time, so a loop must stop within a second or so of work.
pub const ADVANCE_TIMERS: u64 = 1_000_000;

/// Events a playground run may make before it is refused: the page's memory budget (its log
/// and snapshots grow with every event), so a runaway scenario gets a message instead of
/// exhausting the page.
pub const RUN_EVENTS: usize = 1_500_000;

/// The most events the six runs of one comparison may make together. A trace holds a few
/// hundred bytes per event, so this keeps a comparison's runs to a few hundred MB in the
/// browser; the largest built-in comparison makes about a quarter of it.
pub const COMPARISON_EVENTS: usize = 1_000_000;
