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
//! topologies and publishes a person wrote, so the table stays small.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Mutex;

use serde::{Serialize, Serializer};

/// An interned string (an exchange, queue or routing key name). It points at the `Box`, not
/// at the text, to stay one word wide (`&str` would be two).
#[derive(Clone, Copy)]
#[allow(clippy::borrowed_box)]
pub struct Name(&'static Box<str>);

/// An interned list of names (one word wide, like [`Name`]).
#[derive(Clone, Copy)]
#[allow(clippy::borrowed_box)]
pub struct Names(&'static Box<[Name]>);

static NAMES: Mutex<BTreeMap<&'static str, Name>> = Mutex::new(BTreeMap::new());
/// Lists by the addresses of their names: a lookup compares integers, not texts (the order of
/// this map is never read).
static LISTS: Mutex<BTreeMap<Box<[usize]>, Names>> = Mutex::new(BTreeMap::new());

impl Name {
    /// The name for `text` (interned on first use).
    #[allow(clippy::borrowed_box)]
    pub fn new(text: &str) -> Name {
        let mut table = NAMES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = table.get(text) {
            return *n;
        }
        let stored: &'static Box<str> = Box::leak(Box::new(Box::from(text)));
        let n = Name(stored);
        table.insert(&**stored, n);
        n
    }

    /// The text.
    #[inline]
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl Names {
    /// The list holding `names` (interned on first use).
    #[allow(clippy::borrowed_box)]
    pub fn new(names: &[Name]) -> Names {
        // Short lists (nearly all) are looked up without allocating a key.
        let mut short = [0usize; 4];
        let address = |n: &Name| n.0 as *const Box<str> as usize;
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
        let stored: &'static Box<[Name]> = Box::leak(Box::new(Box::from(names)));
        let l = Names(stored);
        table.insert(names.iter().map(address).collect(), l);
        l
    }

    /// The list of one name.
    pub fn one(name: Name) -> Names {
        Names::new(&[name])
    }

    /// The empty list.
    pub fn empty() -> Names {
        Names::new(&[])
    }

    /// The names.
    #[inline]
    pub fn as_slice(self) -> &'static [Name] {
        self.0
    }
}

impl Deref for Name {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.0
    }
}

impl Deref for Names {
    type Target = [Name];
    #[inline]
    fn deref(&self) -> &[Name] {
        self.0
    }
}

impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        self.0
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl PartialEq for Name {
    #[inline]
    fn eq(&self, other: &Name) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for Name {}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        **self.0 == *other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        **self.0 == **other
    }
}

impl Ord for Name {
    #[inline]
    fn cmp(&self, other: &Name) -> Ordering {
        if self == other {
            Ordering::Equal
        } else {
            self.0.cmp(other.0)
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
        (**self.0).hash(state)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self.0, f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&**self.0, f)
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
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
    #[inline]
    fn eq(&self, other: &Names) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for Names {}

impl fmt::Debug for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl Serialize for Names {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
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
        self.0.iter()
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
    }
}
