//! Translation tests: the catalogues, the Korean and Chinese texts of the built-in content,
//! the review page's samples, and nothing English left inside a Korean or Chinese line.

mod catalogues;
mod content;
mod samples;
mod untranslated;
