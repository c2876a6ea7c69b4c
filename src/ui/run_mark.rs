//! A mark in localStorage while a page runs a visitor's linked or saved work, cleared once
//! the result is on screen. A page that opens with the mark still set was stopped or closed
//! while that work ran (a trap, a tab killed while it froze): it does not run the work again
//! but offers it back, so no link or saved scenario can lock every later open.

use leptos::prelude::*;

use super::share::storage;

/// The localStorage key of the mark: the page's name, a line break, then what it was running.
const KEY: &str = "dlx-lab:running";

/// Marks `what` as being run by `page`.
pub fn begin(page: &str, what: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(KEY, &format!("{page}\n{what}"));
    }
}

/// Clears the mark once what was run has been drawn: after the next frame is painted.
pub fn end() {
    request_animation_frame(|| set_timeout(forget, std::time::Duration::ZERO));
}

/// Clears the mark now.
pub fn forget() {
    if let Some(s) = storage() {
        let _ = s.remove_item(KEY);
    }
}

/// What `page` was running when it last stopped without showing it, if anything.
pub fn left(page: &str) -> Option<String> {
    let mark = storage()?.get_item(KEY).ok()??;
    let (of, what) = mark.split_once('\n')?;
    (of == page).then(|| what.to_string())
}
