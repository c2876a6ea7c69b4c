//! Interned names: exchange, queue and routing-key strings stored once, handled as a pointer.
//!
//! A [`Name`] is one machine word, `Copy`, and compares equal by pointer: the same text always
//! interns to the same allocation. It reads, prints, debugs and serializes exactly as the text
//! would (events keep their JSON and debug forms), and orders by text, never by interning
//! order — which depends on what else the process interned first — so nothing it sorts can
//! change from one run to another. [`Names`] is the same for a list of names (routing keys,
//! dead-letter targets, a cycle's path).
//!
//! The table is process-wide and append-only: a name's text is never freed. Names come from
//! topologies and publishes a person wrote, so the table stays small. Each name and list also
//! has a `u32` id ([`Name::id`], [`Name::from_id`]), which the compact event log stores.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::{Mutex, OnceLock};

use serde::{Serialize, Serializer};

use super::id_table::IdTable;

/// What a [`Name`] points at: the text and its id.
pub struct NameEntry {
    text: Box<str>,
    id: u32,
}

/// What a [`Names`] points at: the list and its id.
pub struct NamesEntry {
    names: Box<[Name]>,
    id: u32,
}

/// An interned string (an exchange, queue or routing key name). It points at its entry, not
/// at the text, to stay one word wide (`&str` would be two).
#[derive(Clone, Copy)]
pub struct Name(&'static NameEntry);

/// An interned list of names (one word wide, like [`Name`]).
#[derive(Clone, Copy)]
pub struct Names(&'static NamesEntry);

static NAMES: Mutex<BTreeMap<&'static str, Name>> = Mutex::new(BTreeMap::new());
/// Lists by the addresses of their names: a lookup compares integers, not texts (the order of
/// this map is never read).
static LISTS: Mutex<BTreeMap<Box<[usize]>, Names>> = Mutex::new(BTreeMap::new());
static NAME_IDS: IdTable<Name> = IdTable::new();
/// The list of each one name, by the name's id, once asked for (routing keys are mostly one
/// name: this finds it by index instead of searching [`LISTS`]).
static ONES: Mutex<Vec<Option<Names>>> = Mutex::new(Vec::new());
static LIST_IDS: IdTable<Names> = IdTable::new();

impl Name {
    /// The name for `text` (interned on first use).
    pub fn new(text: &str) -> Name {
        let mut table = NAMES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = table.get(text) {
            return *n;
        }
        // Numbered under NAMES's lock, so each text once.
        let n = NAME_IDS
            .push_with(|id| Name(Box::leak(Box::new(NameEntry { text: Box::from(text), id }))));
        table.insert(&n.0.text, n);
        n
    }

    /// The text.
    #[inline(always)]
    pub fn as_str(self) -> &'static str {
        &self.0.text
    }

    /// Its id in this process (what the compact event log stores).
    #[inline(always)]
    pub fn id(self) -> u32 {
        self.0.id
    }

    /// The name with id `id`.
    ///
    /// # Panics
    /// When no name has that id (ids come only from [`Name::id`]).
    #[inline(always)]
    pub fn from_id(id: u32) -> Name {
        NAME_IDS.get(id)
    }
}

impl Names {
    /// The list holding `names` (interned on first use).
    #[allow(clippy::borrowed_box)]
    pub fn new(names: &[Name]) -> Names {
        // Short lists (nearly all) are looked up without allocating a key.
        let mut short = [0usize; 4];
        let address = |n: &Name| n.0 as *const NameEntry as usize;
        let mut table = LISTS.lock().unwrap_or_else(|e| e.into_inner());
        let found = if names.len() <= short.len() {
            for (k, n) in short.iter_mut().zip(names) {
                *k = address(n);
            }
            table.get(&short[..names.len()]).copied()
        } else {
            table.get(&names.iter().map(address).collect::<Vec<_>>()[..]).copied()
        };
        if let Some(l) = found {
            return l;
        }
        // Numbered under LISTS's lock, so each list once.
        let l = LIST_IDS
            .push_with(|id| Names(Box::leak(Box::new(NamesEntry { names: Box::from(names), id }))));
        table.insert(names.iter().map(address).collect(), l);
        l
    }

    /// Its id in this process (what the compact event log stores).
    #[inline(always)]
    pub fn id(self) -> u32 {
        self.0.id
    }

    /// The list with id `id`.
    ///
    /// # Panics
    /// When no list has that id (ids come only from [`Names::id`]).
    #[inline(always)]
    pub fn from_id(id: u32) -> Names {
        LIST_IDS.get(id)
    }

    /// The list of one name.
    pub fn one(name: Name) -> Names {
        let id = name.id() as usize;
        let found = ONES.lock().unwrap_or_else(|e| e.into_inner()).get(id).copied().flatten();
        found.unwrap_or_else(|| {
            let list = Names::new(&[name]);
            let mut ones = ONES.lock().unwrap_or_else(|e| e.into_inner());
            if ones.len() <= id {
                ones.resize(id + 1, None);
            }
            ones[id] = Some(list);
            list
        })
    }

    /// The empty list.
    pub fn empty() -> Names {
        static EMPTY: OnceLock<Names> = OnceLock::new();
        *EMPTY.get_or_init(|| Names::new(&[]))
    }

    /// The names.
    #[inline(always)]
    pub fn as_slice(self) -> &'static [Name] {
        &self.0.names
    }
}

impl Deref for Name {
    type Target = str;
    #[inline(always)]
    fn deref(&self) -> &str {
        &self.0.text
    }
}

impl Deref for Names {
    type Target = [Name];
    #[inline(always)]
    fn deref(&self) -> &[Name] {
        &self.0.names
    }
}

impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0.text
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        &self.0.text
    }
}

impl PartialEq for Name {
    #[inline(always)]
    fn eq(&self, other: &Name) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for Name {}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        *self.0.text == *other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        *self.0.text == **other
    }
}

impl Ord for Name {
    #[inline(always)]
    fn cmp(&self, other: &Name) -> Ordering {
        if self == other {
            Ordering::Equal
        } else {
            self.0.text.cmp(&other.0.text)
        }
    }
}
impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Name) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Hash for Name {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.text.hash(state)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0.text, f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0.text, f)
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.text)
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name::new(s)
    }
}

impl From<&String> for Name {
    fn from(s: &String) -> Name {
        Name::new(s)
    }
}

impl From<String> for Name {
    fn from(s: String) -> Name {
        Name::new(&s)
    }
}

impl From<Name> for String {
    fn from(n: Name) -> String {
        n.as_str().to_string()
    }
}

impl Default for Name {
    fn default() -> Name {
        Name::new("")
    }
}

impl PartialEq for Names {
    #[inline(always)]
    fn eq(&self, other: &Names) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for Names {}

impl fmt::Debug for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.names.iter()).finish()
    }
}

impl Serialize for Names {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.names.serialize(s)
    }
}

impl Default for Names {
    fn default() -> Names {
        Names::empty()
    }
}

impl<S: AsRef<str>> FromIterator<S> for Names {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> Names {
        let v: Vec<Name> = iter.into_iter().map(|s| Name::new(s.as_ref())).collect();
        Names::new(&v)
    }
}

impl<'a> IntoIterator for &'a Names {
    type Item = &'a Name;
    type IntoIter = std::slice::Iter<'a, Name>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.names.iter()
    }
}

impl From<Vec<String>> for Names {
    fn from(v: Vec<String>) -> Names {
        v.iter().collect()
    }
}

impl From<Vec<Name>> for Names {
    fn from(v: Vec<Name>) -> Names {
        Names::new(&v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_text_same_name_and_it_reads_as_the_text() {
        let a = Name::new("work.wait");
        let b = Name::from(String::from("work.wait"));
        assert_eq!(a, b);
        assert!(std::ptr::eq(a.as_str(), b.as_str()));
        assert_eq!(format!("{a:?} {a}"), format!("{:?} {}", "work.wait", "work.wait"));
        assert_eq!(serde_json::to_string(&a).unwrap(), "\"work.wait\"");
        // Order is by text, whatever was interned first.
        let (z, y) = (Name::new("zz-first"), Name::new("yy-second"));
        assert!(y < z);
        let l: Names = ["a", "b"].iter().collect();
        assert_eq!(format!("{l:?}"), format!("{:?}", vec!["a", "b"]));
        assert_eq!(l, Names::new(&[Name::new("a"), Name::new("b")]));
        assert_eq!(l.join(", "), "a, b");
        // Ids read back as the same name and list.
        assert_eq!(Name::from_id(a.id()), a);
        assert_eq!(Names::from_id(l.id()), l);
    }
}
