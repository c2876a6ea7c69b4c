//! Client wake-ups on the broker's clock. Clients (a scenario's scripted publishers and
//! consumers, `scenario::actors`) live outside the engine; they share its one agenda so their
//! timers and the broker's keep a single (time, sequence) order. When a wake-up falls due,
//! `step` fires nothing itself: it parks the wake for the client to take with
//! [`Engine::take_wake`] and act on with ordinary commands.

use super::broker::Engine;
use super::scheduler::TimerKind;
use super::time::SimTime;

/// Why a client is woken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wake {
    /// A consumer registered with a wake-up delay (`Consumer::wake_after_ms`) is due to settle
    /// the delivery `tag` on `channel`.
    Delivery { consumer: u64, channel: u32, tag: u64 },
    /// A timer the client set with [`Engine::schedule_wake`], carrying its own `token`.
    Client { token: u64 },
}

impl Engine {
    /// Wakes the client at `at` with `token` (after everything already due at that moment).
    pub fn schedule_wake(&mut self, at: SimTime, token: u64) {
        self.timers.push(at, TimerKind::Wake(Wake::Client { token }));
    }

    /// The wake-up the last `step` fired, if it was one (each is handed out once).
    pub fn take_wake(&mut self) -> Option<Wake> {
        self.woken.pop_front()
    }

    /// True when a fired wake-up waits to be taken.
    pub fn has_wake(&self) -> bool {
        !self.woken.is_empty()
    }
}
