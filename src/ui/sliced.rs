//! The one driver of long work in the page: a job done a slice at a time, yielding to the
//! page between slices so no task blocks it, with a progress report after each slice and a
//! generation check so a newer job or a Cancel supersedes it. A scenario's load
//! ([`crate::ui::loading`]) and a comparison's runs ([`crate::ui::lanes::compare_loading`])
//! both run on it; a job that finishes in its first slice ends at once.

use wasm_bindgen::prelude::*;

use crate::ui::picture::frame_loop::perf_now;

/// Work done in one task before the page gets a turn, in ms (well under the 200 ms a page
/// may block).
const SLICE_MS: f64 = 40.0;

/// Events computed between two looks at the clock.
const EVENTS_PER_LOOK: usize = 4_000;

/// A piece of work done in slices.
pub trait Sliced: 'static {
    /// What the finished work gives.
    type Done: 'static;
    /// What stops it (a refusal naming the limit, a bad field).
    type Error: 'static;
    /// About `events` more of the work; true once all of it is done.
    fn work(&mut self, events: usize) -> Result<bool, Self::Error>;
    /// The finished work, read for the page (its own task).
    fn finish(self) -> Result<Self::Done, Self::Error>;
}

/// How a job ended.
pub enum Ended<D, E> {
    Done(D),
    Failed(E),
    /// A newer job or a Cancel took over before it ended.
    Superseded,
}

/// Calls `work` with [`EVENTS_PER_LOOK`] events at a time for at most [`SLICE_MS`]; true
/// once it says it is done.
fn slice<E>(mut work: impl FnMut(usize) -> Result<bool, E>) -> Result<bool, E> {
    let started = perf_now();
    loop {
        if work(EVENTS_PER_LOOK)? {
            return Ok(true);
        }
        if perf_now() - started >= SLICE_MS {
            return Ok(false);
        }
    }
}

/// Lets the page handle input and paint before the next slice.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let done = web_sys::window()
            .and_then(|w| w.set_timeout_with_callback(resolve.unchecked_ref()).ok());
        if done.is_none() {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Runs `job`: its first slice now, and, unless that finishes it, the rest a slice per task.
/// `current` says whether the job is still the page's; `progress` gets the job after every
/// slice that leaves work to do; `then` gets how it ended (within this call when the first
/// slice finished it). Finishing, and what `then` does with the result, each get a task of
/// their own.
pub fn run<J: Sliced>(
    mut job: J,
    current: impl Fn() -> bool + 'static,
    progress: impl Fn(&J) + 'static,
    then: impl FnOnce(Ended<J::Done, J::Error>) + 'static,
) {
    match slice(|events| job.work(events)) {
        Err(e) => return then(Ended::Failed(e)),
        Ok(true) => return then(ended(job.finish())),
        Ok(false) => progress(&job),
    }
    wasm_bindgen_futures::spawn_local(async move {
        loop {
            next_task().await;
            if !current() {
                return then(Ended::Superseded);
            }
            match slice(|events| job.work(events)) {
                Err(e) => return then(Ended::Failed(e)),
                Ok(true) => break,
                Ok(false) => progress(&job),
            }
        }
        next_task().await;
        if !current() {
            return then(Ended::Superseded);
        }
        let finished = job.finish();
        next_task().await;
        then(if current() { ended(finished) } else { Ended::Superseded })
    });
}

fn ended<D, E>(r: Result<D, E>) -> Ended<D, E> {
    match r {
        Ok(d) => Ended::Done(d),
        Err(e) => Ended::Failed(e),
    }
}
