//! A table per language read from a file: compiled into the build (the CLI, the tests, and
//! English in the built pages) and read on first use, or fetched by a page and installed once.
//! The catalogues ([`super::messages`]) and the built-ins' texts ([`super::content`]) both
//! keep theirs here.

use std::sync::OnceLock;

use crate::Lang;

/// One table per language, each set at most once.
pub struct PerLang<T> {
    cells: [OnceLock<T>; 3],
}

impl<T> Default for PerLang<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> PerLang<T> {
    /// No table yet for any language.
    pub const fn new() -> Self {
        PerLang { cells: [OnceLock::new(), OnceLock::new(), OnceLock::new()] }
    }

    fn cell(&self, lang: Lang) -> &OnceLock<T> {
        &self.cells[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)]
    }

    /// `lang`'s table: installed, else read from `bundled` (the file compiled into this build,
    /// if any) with `read`; `None` while a page has not fetched it.
    pub fn get(&self, lang: Lang, bundled: Option<&str>, read: fn(&str) -> T) -> Option<&T> {
        let cell = self.cell(lang);
        match (cell.get(), bundled) {
            (Some(t), _) => Some(t),
            (None, Some(src)) => Some(cell.get_or_init(|| read(src))),
            (None, None) => None,
        }
    }

    /// Whether `lang`'s table is at hand (compiled in, or installed).
    pub fn is_ready(&self, lang: Lang, bundled: Option<&str>) -> bool {
        bundled.is_some() || self.cell(lang).get().is_some()
    }

    /// Installs a table a page fetched and read; one already set stays as it is.
    pub fn install(&self, lang: Lang, table: T) {
        let _ = self.cell(lang).set(table);
    }
}
