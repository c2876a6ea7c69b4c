//! Edits a comparison's JSON text in place, so a toggle or an operator action changes only
//! what it must and keeps the author's layout and key order everywhere else.

use regex_lite::Regex;

use super::workload::OperatorAction;

/// `text` with the workload's boolean field `name` set to `value`: the existing value is
/// replaced where the field is written, else the field is added at the top of `"workload"`.
/// `None` when the text has no `"workload": {` to add it to.
pub fn set_flag(text: &str, name: &str, value: bool) -> Option<String> {
    let field =
        Regex::new(&format!(r#""{}"\s*:\s*(true|false)"#, regex_lite::escape(name))).ok()?;
    if let Some(m) = field.captures(text).and_then(|c| c.get(1)) {
        return Some(format!("{}{value}{}", &text[..m.start()], &text[m.end()..]));
    }
    let open = Regex::new(r#""workload"\s*:\s*\{([ \t]*\r?\n([ \t]*))?"#).ok()?;
    let c = open.captures(text)?;
    let whole = c.get(0)?;
    let insert = match c.get(2) {
        Some(indent) => format!("\"{name}\": {value},\n{}", indent.as_str()),
        None => format!("\"{name}\": {value}, "),
    };
    Some(format!("{}{insert}{}", &text[..whole.end()], &text[whole.end()..]))
}

/// Each character of JSON `text` with its byte index and whether it stands outside every
/// string (a string's quotes count as inside it).
fn scan(text: &str) -> impl Iterator<Item = (usize, char, bool)> + '_ {
    let (mut in_string, mut escaped) = (false, false);
    text.char_indices().map(move |(i, c)| {
        let outside = !in_string && c != '"';
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        }
        (i, c, outside)
    })
}

/// Compact JSON with a space after each `:` and `,` outside strings, as people write it.
fn spaced(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() + compact.len() / 4);
    for (_, c, outside) in scan(compact) {
        out.push(c);
        if outside && (c == ':' || c == ',') {
            out.push(' ');
        }
    }
    out
}

/// The index just past the `]` that closes the array opening at `open` (a `[`), skipping
/// brackets inside strings.
fn array_end(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c, outside) in scan(&text[open..]) {
        match c {
            '[' | '{' if outside => depth += 1,
            ']' | '}' if outside => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(open + i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` with `action` appended to the workload's `"operator"` list, one line, keeping the
/// rest of the text as it is (the list is added when there is none). `None` when the text
/// has no `"workload": {` to add it to.
pub fn add_operator(text: &str, action: &OperatorAction) -> Option<String> {
    let line = spaced(&serde_json::to_string(action).ok()?);
    let list = Regex::new(r#""operator"\s*:\s*\["#).ok()?;
    if let Some(m) = list.find(text) {
        let open = m.end() - 1;
        let end = array_end(text, open)?;
        let inner = &text[open + 1..end - 1];
        let indent = inner.rsplit_once('\n').map(|(_, last)| last.len()).unwrap_or(0);
        let item_pad = " ".repeat(indent + 2);
        let new_inner = if inner.trim().is_empty() {
            format!("\n{item_pad}{line}\n{}", " ".repeat(indent))
        } else if inner.contains('\n') {
            let body = inner.trim_end();
            format!("{body},\n{item_pad}{line}\n{}", " ".repeat(indent))
        } else {
            format!("{}, {line}", inner.trim_end())
        };
        return Some(format!("{}{new_inner}{}", &text[..open + 1], &text[end - 1..]));
    }
    let open = Regex::new(r#""workload"\s*:\s*\{([ \t]*\r?\n([ \t]*))?"#).ok()?;
    let c = open.captures(text)?;
    let whole = c.get(0)?;
    let insert = match c.get(2) {
        Some(indent) => format!("\"operator\": [\n{0}  {line}\n{0}],\n{0}", indent.as_str()),
        None => format!("\"operator\": [{line}], "),
    };
    Some(format!("{}{insert}{}", &text[..whole.end()], &text[whole.end()..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn flag(text: &str, name: &str) -> Option<bool> {
        serde_json::from_str::<Value>(text).ok()?.get("workload")?.get(name)?.as_bool()
    }

    #[test]
    fn replaces_or_adds_and_keeps_the_rest() {
        let text = "{\n  \"workload\": {\n    \"messages\": [{\"id\": \"a\"}],\n    \"idempotent\": false\n  }\n}\n";
        let on = set_flag(text, "idempotent", true).unwrap();
        assert_eq!(on, text.replace("false", "true"));
        let added = set_flag(&on, "route_permanent_directly", true).unwrap();
        assert!(
            added.contains("{\n    \"route_permanent_directly\": true,\n    \"messages\""),
            "{added}"
        );
        assert_eq!(flag(&added, "route_permanent_directly"), Some(true));
        assert_eq!(flag(&added, "idempotent"), Some(true));
        let inline =
            set_flag(r#"{"workload": {"messages": [{"id": "a"}]}}"#, "idempotent", true).unwrap();
        assert_eq!(flag(&inline, "idempotent"), Some(true));
        assert_eq!(set_flag("not json", "idempotent", true), None);
    }

    fn operator(text: &str) -> Vec<OperatorAction> {
        let v: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        serde_json::from_value(v["workload"]["operator"].clone()).unwrap()
    }

    #[test]
    fn an_operator_action_is_appended_or_the_list_added() {
        use crate::systems::workload::{OperatorKind, Selection};
        let a = OperatorAction {
            at_ms: 5000,
            kind: OperatorKind::Replay,
            select: Selection::Reason("a]b\"".into()),
            note: "n".into(),
        };
        let b = OperatorAction {
            at_ms: 6000,
            kind: OperatorKind::Skip,
            select: Selection::All,
            note: String::new(),
        };
        let text = "{\n  \"workload\": {\n    \"messages\": [{\"id\": \"a\"}]\n  }\n}\n";
        let one = add_operator(text, &a).unwrap();
        assert_eq!(operator(&one), vec![a.clone()]);
        assert!(
            one.contains("\n    \"operator\": [\n      {\"at_ms\": 5000, \"do\": \"replay\""),
            "{one}"
        );
        let two = add_operator(&one, &b).unwrap();
        assert_eq!(operator(&two), vec![a.clone(), b.clone()]);
        assert!(two.contains("\"note\": \"n\"},\n      {\"at_ms\": 6000"), "{two}");
        let inline =
            add_operator(r#"{"workload": {"messages": [{"id": "a"}], "operator": []}}"#, &b)
                .unwrap();
        assert_eq!(operator(&inline), vec![b.clone()]);
        let inline2 = add_operator(&inline, &a).unwrap();
        assert_eq!(operator(&inline2), vec![b, a]);
        assert_eq!(
            add_operator(
                "[]",
                &OperatorAction {
                    at_ms: 0,
                    kind: OperatorKind::Edit,
                    select: Selection::All,
                    note: String::new()
                }
            ),
            None
        );
    }
}
