//! JSON paths in JSON text, both ways, from one walk of the text: where a reader stopped as a
//! path ([`path_at`]: `workload.messages[3].failure`), so an error from serde can name the field
//! to fix rather than only a line and a column; and the line a path points at
//! ([`line_of_path`]: `$.queues[2].arguments`), so an editor can show the line an error names.
//!
//! Both run on text as the user pasted it, possibly not JSON at all, possibly on every
//! keystroke: the walk is one pass over the bytes, never recursive (nesting costs one entry of a
//! heap stack per level), and never fails.

/// The deepest value [`line_of_path`] looks at: below it, a value is walked over but not compared
/// with the path (the walk stays linear in the text however deep it nests).
const MAX_DEPTH: usize = 128;

/// One step of a JSON path.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

/// One open object or list, outermost first.
enum Frame<'a> {
    /// In an object: the key last read (as written, escapes and all), and whether the next
    /// string is a key.
    Object { key: Option<&'a str>, expecting_key: bool },
    /// In a list: the index of the item being read (the commas seen).
    Array { index: usize },
}

impl<'a> Frame<'a> {
    /// The step this frame adds to the path: none in an object before its first key's value.
    fn seg(&self) -> Option<Seg<'a>> {
        match *self {
            Frame::Object { key: Some(k), expecting_key: false } => Some(Seg::Key(k)),
            Frame::Object { .. } => None,
            Frame::Array { index } => Some(Seg::Index(index)),
        }
    }
}

/// Walks `text` up to byte `end`, calling `value(stack, line)` where each value starts (the
/// stack then holds the path to that value; `line` is 1-based), and returns the stack at `end`.
/// Lenient: anything that is not JSON is walked over as best it can be.
fn walk<'a>(
    text: &'a str,
    end: usize,
    mut value: impl FnMut(&[Frame<'a>], usize),
) -> Vec<Frame<'a>> {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame<'a>> = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < end {
        match bytes[i] {
            b'{' => {
                value(&stack, line);
                stack.push(Frame::Object { key: None, expecting_key: true });
            }
            b'[' => {
                value(&stack, line);
                stack.push(Frame::Array { index: 0 });
            }
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Object { expecting_key, .. }) => *expecting_key = true,
                Some(Frame::Array { index }) => *index += 1,
                None => {}
            },
            b'"' => {
                let is_key =
                    matches!(stack.last(), Some(Frame::Object { expecting_key: true, .. }));
                if !is_key {
                    value(&stack, line);
                }
                // A string is read to its closing quote even past `end`: a key is known whole.
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\n' {
                        line += 1;
                    }
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if let Some(Frame::Object { key, expecting_key }) = stack.last_mut() {
                    if *expecting_key {
                        *key = text.get(start..i.min(text.len()));
                        *expecting_key = false;
                    }
                }
            }
            b'\n' => line += 1,
            b':' => {}
            c if c.is_ascii_whitespace() => {}
            _ => {
                // A number, `true`, `false`, `null` (or a stray word): one value.
                value(&stack, line);
                while i + 1 < end && !is_separator(bytes[i + 1]) {
                    i += 1;
                }
            }
        }
        i += 1;
    }
    stack
}

/// Whether `c` ends a scalar: whitespace or a byte the walk reads.
fn is_separator(c: u8) -> bool {
    c.is_ascii_whitespace() || matches!(c, b'{' | b'}' | b'[' | b']' | b',' | b':' | b'"')
}

/// The steps of the path the stack holds.
fn segs<'s, 'a>(stack: &'s [Frame<'a>]) -> impl Iterator<Item = Seg<'a>> + 's {
    stack.iter().filter_map(Frame::seg)
}

/// The byte offset of 1-based `line` and `column` (serde_json's position) in `text`.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// The path of the value being read at `line`, `column` of `text` (empty at the top level).
pub fn path_at(text: &str, line: usize, column: usize) -> String {
    let stack = walk(text, offset(text, line, column), |_, _| {});
    let mut path = String::new();
    for seg in segs(&stack) {
        match seg {
            Seg::Key(k) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(k);
            }
            Seg::Index(index) => path.push_str(&format!("[{index}]")),
        }
    }
    path
}

/// The steps of `path` (`$.queues[2].arguments`; the `$` may be left out).
fn parse_path(path: &str) -> Vec<Seg<'_>> {
    let mut out = Vec::new();
    let rest = path.strip_prefix('$').unwrap_or(path);
    for part in rest.split('.').filter(|p| !p.is_empty()) {
        let (name, mut idx) = match part.find('[') {
            Some(k) => (&part[..k], &part[k..]),
            None => (part, ""),
        };
        if !name.is_empty() {
            out.push(Seg::Key(name));
        }
        while let Some(end) = idx.find(']') {
            if let Ok(n) = idx[1..end].parse() {
                out.push(Seg::Index(n));
            }
            idx = &idx[end + 1..];
        }
    }
    out
}

/// The 1-based line where the value at `path` (or the deepest part of it that exists) starts.
/// Returns 1 when nothing matches or the text is not JSON.
pub fn line_of_path(text: &str, path: &str) -> usize {
    let want = parse_path(path);
    // (steps matched, line) of the deepest match so far.
    let mut best = (0, 1);
    walk(text, text.len(), |stack, line| {
        if stack.len() > MAX_DEPTH {
            return;
        }
        let mut matched = 0;
        for seg in segs(stack) {
            if want.get(matched) != Some(&seg) {
                return;
            }
            matched += 1;
        }
        if matched >= best.0 {
            best = (matched, line);
        }
    });
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at_error(text: &str) -> String {
        let e = serde_json::from_str::<crate::systems::Comparison>(text).unwrap_err();
        path_at(text, e.line(), e.column())
    }

    #[test]
    fn names_the_field_serde_stopped_at() {
        assert_eq!(
            at_error(
                r#"{"workload": {"messages": [{"id": "a"}, {"id": "b", "failure": {"kind": "sometimes"}}]}}"#
            ),
            "workload.messages[1].failure.kind"
        );
        assert_eq!(
            at_error("{\"workload\": {\"messages\": [{\"id\": \"a\", \"colour\": 1}]}}"),
            "workload.messages[0].colour"
        );
        assert_eq!(
            at_error(r#"{"workload": {"messages": [{"id": "a"}], "horizon_ms": "long"}}"#),
            "workload.horizon_ms"
        );
        assert_eq!(
            at_error(r#"{"workload": {"messages": []}, "systems": {"kafka": {"partitions": -1}}}"#),
            "systems.kafka.partitions"
        );
        assert_eq!(
            at_error(r#"{"workload": {"messages": [{"id": "a\"]"}, 5]}}"#),
            "workload.messages[1]"
        );
        assert_eq!(path_at("[", 9, 9), "[0]");
        assert_eq!(path_at("", 1, 1), "");
    }

    #[test]
    fn finds_the_line_of_a_path_or_its_deepest_existing_part() {
        let text = "{\n  \"queues\": [\n    {\"name\": \"a\"},\n    {\"name\": \"b\",\n     \"arguments\": {\"x\": 1}}\n  ],\n  \"seed\": 1\n}";
        assert_eq!(line_of_path(text, "$.queues[0]"), 3);
        assert_eq!(line_of_path(text, "$.queues[1].arguments.x"), 5);
        assert_eq!(line_of_path(text, "$.queues[1].name"), 4);
        assert_eq!(line_of_path(text, "$.seed"), 7);
        assert_eq!(line_of_path(text, "$.queues[1].missing"), 4);
        assert_eq!(line_of_path(text, "$.nothing"), 1);
        assert_eq!(line_of_path("not json", "$.a"), 1);
        assert_eq!(line_of_path("{\"a\": [[[[", "$.a[0][0]"), 1);
    }
}
