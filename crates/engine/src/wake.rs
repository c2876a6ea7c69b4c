//! Client wake-ups on the broker's clock. Clients (a scenario's scripted publishers and
//! consumers, `scenario::clients`) live outside the engine; they share its one agenda so their
//! timers and the broker's keep a single (time, sequence) order. When a wake-up falls due,
//! `step` fires nothing itself: it parks the wake for the client to take with
//! [`Engine::take_wake`] and act on with ordinary commands. A consumer whose client asked for
//! them also gets its deliveries handed back this way (`basic.deliver`), each with a place in
//! the agenda's order for the client's own timer (its work time is the client's, not the
//! broker's).

use super::broker::Engine;
use super::scheduler::{Place, TimerKind};
use super::time::SimTime;

/// Why a client is woken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wake {
    /// `basic.deliver` to a consumer whose client takes its deliveries
    /// ([`Engine::consume`] with `hand_back`): the delivery `tag` on `channel`, handed back at
    /// once. `at` is its moment and `place` the agenda's order then: a client timer set in it
    /// ([`Engine::schedule_wake_in_place`]) keeps that order with the broker's timers.
    Delivery { consumer: u64, channel: u32, tag: u64, at: SimTime, place: Place },
    /// A timer the client set with [`Engine::schedule_wake`], carrying its own `token`.
    Client { token: u64 },
}

impl Engine {
    /// Wakes the client at `at` with `token` (after everything already due at that moment).
    pub fn schedule_wake(&mut self, at: SimTime, token: u64) {
        self.timers.push(at, TimerKind::Wake(Wake::Client { token }));
    }

    /// Wakes the client at `at` with `token`, in the agenda's order at the moment `place` was
    /// handed out ([`Wake::Delivery`]): after the timers scheduled before that moment, before
    /// those scheduled since. Each place is for one wake-up.
    pub fn schedule_wake_in_place(&mut self, at: SimTime, place: Place, token: u64) {
        self.timers.push_in_place(at, place, TimerKind::Wake(Wake::Client { token }));
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

/// A program driving the engine from outside (a scenario's scripted clients, a timeline): it
/// holds the engine and acts on the wake-ups it asked for. [`Client::step_until_bounded`] is
/// the engine's own loop ([`Engine::step_within`]) resumed after each wake-up, so broker and
/// client happenings keep the agenda's one (time, sequence) order.
pub trait Client {
    /// The engine it drives.
    fn engine(&mut self) -> &mut Engine;

    /// Acts on a wake-up the engine handed back (with ordinary commands).
    fn wake(&mut self, wake: Wake);

    /// Hands every fired wake-up to [`Client::wake`].
    fn take_wakes(&mut self) {
        while let Some(w) = self.engine().take_wake() {
            self.wake(w);
        }
    }

    /// Fires the next timer (the broker's or a client's), after handing the client what its
    /// own commands left (deliveries). Returns false when nothing is scheduled.
    fn step(&mut self) -> bool {
        self.take_wakes();
        let fired = self.engine().step();
        self.take_wakes();
        fired
    }

    /// Fires every timer due at or before `t` (at most `max_steps`, wake-ups included), then
    /// sets the clock to `t`; if the steps run out first (a zero-delay loop) the clock stays at
    /// the last one.
    fn step_until_bounded(&mut self, t: SimTime, max_steps: u64) -> super::StepOutcome {
        let mut steps_left = max_steps;
        // What the client's own commands left (deliveries) first: it may set timers due now.
        self.take_wakes();
        loop {
            match self.engine().step_within(t, &mut steps_left) {
                super::StepOutcome::Woken => self.take_wakes(),
                done => return done,
            }
        }
    }
}
