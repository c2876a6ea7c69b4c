//! The line of a JSON text where a JSON path (`$.queues[2].arguments`) points, for error messages.

/// The 1-based line where the value at `path` (or the deepest part of it that exists) starts.
/// Returns 1 when nothing matches or the text is not JSON.
pub fn line_of_path(text: &str, path: &str) -> usize {
    let want = parse_path(path);
    let mut s = Scanner { b: text.as_bytes(), i: 0, line: 1, best: (0, 1) };
    s.value(&mut Vec::new(), &want, 0);
    s.best.1
}

#[derive(Clone, Debug, PartialEq)]
enum Seg {
    Key(String),
    Index(usize),
}

fn parse_path(path: &str) -> Vec<Seg> {
    let mut out = Vec::new();
    let rest = path.strip_prefix('$').unwrap_or(path);
    for part in rest.split('.').filter(|p| !p.is_empty()) {
        let (name, mut idx) = match part.find('[') {
            Some(k) => (&part[..k], &part[k..]),
            None => (part, ""),
        };
        if !name.is_empty() {
            out.push(Seg::Key(name.to_string()));
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

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
    line: usize,
    /// (matched depth, line) of the deepest match so far.
    best: (usize, usize),
}

impl Scanner<'_> {
    fn ws(&mut self) {
        while let Some(&c) = self.b.get(self.i) {
            if c == b'\n' {
                self.line += 1;
            } else if !c.is_ascii_whitespace() {
                break;
            }
            self.i += 1;
        }
    }

    fn string(&mut self) -> String {
        let start = self.i + 1;
        self.i += 1;
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b'\\' => self.i += 2,
                b'"' => break,
                b'\n' => {
                    self.line += 1;
                    self.i += 1
                }
                _ => self.i += 1,
            }
        }
        let s = String::from_utf8_lossy(&self.b[start.min(self.b.len())..self.i.min(self.b.len())])
            .into_owned();
        self.i += 1;
        s
    }

    fn note(&mut self, at: &[Seg], want: &[Seg]) {
        if at.len() <= want.len() && want[..at.len()] == *at && at.len() >= self.best.0 {
            self.best = (at.len(), self.line);
        }
    }

    fn value(&mut self, at: &mut Vec<Seg>, want: &[Seg], depth: usize) {
        self.ws();
        self.note(at, want);
        if depth > 128 {
            return;
        }
        match self.b.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                loop {
                    self.ws();
                    match self.b.get(self.i) {
                        Some(b'"') => {
                            let key = self.string();
                            self.ws();
                            if self.b.get(self.i) == Some(&b':') {
                                self.i += 1;
                            }
                            at.push(Seg::Key(key));
                            self.value(at, want, depth + 1);
                            at.pop();
                        }
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return;
                        }
                        _ => return,
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut n = 0;
                loop {
                    self.ws();
                    match self.b.get(self.i) {
                        Some(b']') => {
                            self.i += 1;
                            return;
                        }
                        Some(b',') => self.i += 1,
                        Some(_) => {
                            at.push(Seg::Index(n));
                            let before = self.i;
                            self.value(at, want, depth + 1);
                            at.pop();
                            n += 1;
                            if self.i == before {
                                return;
                            }
                        }
                        None => return,
                    }
                }
            }
            Some(b'"') => {
                self.string();
            }
            Some(_) => {
                while let Some(&c) = self.b.get(self.i) {
                    if matches!(c, b',' | b'}' | b']') || c.is_ascii_whitespace() {
                        break;
                    }
                    self.i += 1;
                }
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
