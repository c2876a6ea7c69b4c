//! A reader for the small subset of Fluent syntax the catalogues use: `key = text`, `#`
//! comments, indented continuation lines and placeables (`{ $name }`, `{ "literal" }`,
//! `{ FUNC($name, "arg") }`).
//!
//! What is read (and nothing else):
//! - `# …` is a comment; a blank line ends a message.
//! - `key = Text with { $name }`: a key is ASCII letters, digits, `-` and `_`, starting
//!   with a letter. Leading and trailing blanks of the value are dropped.
//! - A line that starts with a space continues the message above; as in Fluent, the line
//!   break is kept (the indentation is not).
//! - `{ $name }` is a named placeholder, `{ "text" }` a literal (for braces or blanks at
//!   the edges), `{ FUNC($name, "a", "b") }` a call of one of the functions the renderer
//!   knows ([`super::render`]): `JOSA` and `PLURAL`.
//!
//! Select expressions, terms, attributes and numbers are not read: a catalogue that uses
//! them fails the native tests with the line.

use std::collections::BTreeMap;

/// One piece of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Text as written.
    Text(String),
    /// `{ $name }`: the value of an argument.
    Var(String),
    /// `{ FUNC($name, "a", …) }`: a function of an argument and string literals.
    Call { func: String, var: String, args: Vec<String> },
}

/// A message: its parts in order.
pub type Pattern = Vec<Part>;

/// A parsed catalogue: every key and its message, in key order.
pub type Messages = BTreeMap<String, Pattern>;

/// A line of a catalogue that cannot be read, with its 1-based number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub problem: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

fn is_key(k: &str) -> bool {
    let mut c = k.chars();
    c.next().is_some_and(|c| c.is_ascii_alphabetic())
        && c.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Reads a whole catalogue. Every message, or the first line that cannot be read.
pub fn parse(source: &str) -> Result<Messages, ParseError> {
    let mut out = Messages::new();
    // The message being read: its key, the line it starts on and its text so far.
    let mut open: Option<(String, usize, String)> = None;
    let mut close = |open: &mut Option<(String, usize, String)>| -> Result<(), ParseError> {
        if let Some((key, line, text)) = open.take() {
            let pattern = pattern(text.trim()).map_err(|problem| ParseError { line, problem })?;
            if pattern.is_empty() {
                return Err(ParseError { line, problem: format!("'{key}' has no text") });
            }
            if out.insert(key.clone(), pattern).is_some() {
                return Err(ParseError { line, problem: format!("'{key}' is defined twice") });
            }
        }
        Ok(())
    };
    for (i, raw) in source.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            close(&mut open)?;
        } else if raw.starts_with(' ') {
            match open.as_mut() {
                Some((_, _, text)) => {
                    text.push('\n');
                    text.push_str(raw.trim());
                }
                None => {
                    return Err(ParseError {
                        line: n,
                        problem: "indented line outside a message".into(),
                    })
                }
            }
        } else if raw.starts_with('#') {
            close(&mut open)?;
        } else {
            close(&mut open)?;
            let Some((key, value)) = raw.split_once('=') else {
                return Err(ParseError { line: n, problem: "expected `key = text`".into() });
            };
            let key = key.trim();
            if !is_key(key) {
                return Err(ParseError { line: n, problem: format!("'{key}' is not a key") });
            }
            open = Some((key.to_string(), n, value.trim().to_string()));
        }
    }
    close(&mut open)?;
    Ok(out)
}

/// Reads one message's text into parts.
fn pattern(text: &str) -> Result<Pattern, String> {
    let mut parts = Vec::new();
    let mut literal = String::new();
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err("a `}` with no `{` (write { \"}\" })".into());
        }
        literal.push_str(&rest[..open]);
        let (inside, after) = placeable(&rest[open + 1..])?;
        match inside {
            Part::Text(t) => literal.push_str(&t),
            other => {
                if !literal.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut literal)));
                }
                parts.push(other);
            }
        }
        rest = after;
    }
    literal.push_str(rest);
    if !literal.is_empty() {
        parts.push(Part::Text(literal));
    }
    Ok(parts)
}

/// Reads a string literal at the start of `s` (after its opening quote): its text and the rest.
fn string(s: &str) -> Result<(String, &str), String> {
    let mut out = String::new();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((out, &s[i + 1..])),
            '\\' => match chars.next() {
                Some((_, c @ ('"' | '\\'))) => out.push(c),
                _ => return Err("only \\\" and \\\\ escapes are read".into()),
            },
            c => out.push(c),
        }
    }
    Err("a string literal is not closed".into())
}

fn ident(s: &str) -> (&str, &str) {
    let end =
        s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(s.len());
    (&s[..end], &s[end..])
}

/// Reads a placeable after its `{`: what it holds and the text after its `}`.
fn placeable(s: &str) -> Result<(Part, &str), String> {
    let s = s.trim_start();
    let (part, rest) = if let Some(s) = s.strip_prefix('$') {
        let (name, rest) = ident(s);
        if name.is_empty() {
            return Err("a `$` with no name".into());
        }
        (Part::Var(name.to_string()), rest)
    } else if let Some(s) = s.strip_prefix('"') {
        let (text, rest) = string(s)?;
        (Part::Text(text), rest)
    } else {
        let (func, rest) = ident(s);
        if func.is_empty() || !func.chars().all(|c| c.is_ascii_uppercase()) {
            return Err("a placeable holds `$name`, `\"text\"` or `FUNC($name, \"…\")`".into());
        }
        let mut rest =
            rest.trim_start().strip_prefix('(').ok_or("expected `(` after a function")?;
        rest =
            rest.trim_start().strip_prefix('$').ok_or("a function's first argument is `$name`")?;
        let (var, mut rest) = ident(rest);
        let mut args = Vec::new();
        loop {
            rest = rest.trim_start();
            if let Some(r) = rest.strip_prefix(')') {
                rest = r;
                break;
            }
            rest = rest.strip_prefix(',').ok_or("expected `,` or `)` in a call")?.trim_start();
            let r = rest.strip_prefix('"').ok_or("a function's other arguments are strings")?;
            let (arg, r) = string(r)?;
            args.push(arg);
            rest = r;
        }
        (Part::Call { func: func.to_string(), var: var.to_string(), args }, rest)
    };
    let rest = rest.trim_start().strip_prefix('}').ok_or("a placeable is not closed with `}`")?;
    Ok((part, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_subset() {
        let m = parse(
            "# a comment\nhello = Hello, { $name }!\n\nlong = one\n  two { \"{\" }\nj = { $q }{ JOSA($q, \"i/ga\") } x\n",
        )
        .unwrap();
        assert_eq!(
            m["hello"],
            vec![Part::Text("Hello, ".into()), Part::Var("name".into()), Part::Text("!".into())]
        );
        assert_eq!(m["long"], vec![Part::Text("one\ntwo {".into())]);
        assert_eq!(
            m["j"][1],
            Part::Call { func: "JOSA".into(), var: "q".into(), args: vec!["i/ga".into()] }
        );
    }

    #[test]
    fn says_which_line_is_wrong() {
        assert_eq!(parse("a = x\nb = { $ }\n").unwrap_err().line, 2);
        assert_eq!(parse("a = x\na = y\n").unwrap_err().line, 2);
        assert_eq!(parse("a = {x}\n").unwrap_err().line, 1);
        assert_eq!(parse("a = x }\n").unwrap_err().line, 1);
    }
}
