//! Where in a JSON text a reader stopped, as a path (`workload.messages[3].failure`), so an
//! error from serde can name the field to fix rather than only a line and a column.

enum Frame {
    /// In an object: the key last read, and whether the next string is a key.
    Object {
        key: Option<String>,
        expecting_key: bool,
    },
    Array {
        index: usize,
    },
}

/// The byte offset of 1-based `line` and `column` (serde_json's position) in `text`.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// The path of the value being read at `line`, `column` of `text` (empty at the top level).
pub fn path_at(text: &str, line: usize, column: usize) -> String {
    let end = offset(text, line, column);
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut i = 0;
    while i < end {
        match bytes[i] {
            b'{' => stack.push(Frame::Object { key: None, expecting_key: true }),
            b'[' => stack.push(Frame::Array { index: 0 }),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Object { expecting_key, .. }) => *expecting_key = true,
                Some(Frame::Array { index }) => *index += 1,
                None => {}
            },
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if let Some(Frame::Object { key, expecting_key }) = stack.last_mut() {
                    if *expecting_key {
                        *key = text.get(start..i.min(text.len())).map(str::to_string);
                        *expecting_key = false;
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    let mut path = String::new();
    for f in &stack {
        match f {
            Frame::Object { key: Some(k), expecting_key: false } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(k);
            }
            Frame::Array { index } => path.push_str(&format!("[{index}]")),
            Frame::Object { .. } => {}
        }
    }
    path
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
}
