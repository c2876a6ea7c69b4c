//! Writing a user's names into each target language so that no name can end a string, a
//! comment or an identifier early: one-line comment text, string literals for JSON, YAML,
//! Python, JavaScript/TypeScript, Java, Kotlin and HCL, and PostgreSQL identifiers and
//! literals.

/// A double-quoted literal valid in JSON, YAML, Python, JavaScript, TypeScript and Java:
/// JSON's escapes, with U+0085, U+2028 and U+2029 escaped too (YAML 1.1 and older
/// JavaScript read them as line breaks). A backslash is always doubled, so Java's `\u`
/// pre-processing never sees an escape of the user's.
pub fn lit(s: &str) -> String {
    let json = serde_json::to_string(s).unwrap_or_default();
    if !json.contains(['\u{85}', '\u{2028}', '\u{2029}']) {
        return json;
    }
    json.replace('\u{85}', "\\u0085").replace('\u{2028}', "\\u2028").replace('\u{2029}', "\\u2029")
}

/// Text for the inside of a one-line comment: [`lit`]'s escapes without the quotes, so no line
/// break of any kind, no raw control character and no `\u` escape reaches the comment.
pub fn inline(s: &str) -> String {
    let l = lit(s);
    l[1..l.len() - 1].to_string()
}

/// A line of JSON (from `serde_json`, so without raw line breaks or control characters, and
/// with every backslash of a value doubled) made safe for a one-line comment: U+0085, U+2028
/// and U+2029 escaped as [`lit`] does.
pub fn json_line(json: &str) -> String {
    json.replace('\u{85}', "\\u0085").replace('\u{2028}', "\\u2028").replace('\u{2029}', "\\u2029")
}

/// A Kotlin string literal: [`lit`], with `$` escaped (Kotlin's templates start with it).
pub fn kotlin_lit(s: &str) -> String {
    lit(s).replace('$', "\\$")
}

/// An HCL (Terraform) string literal: [`lit`], with the template sequences `${` and `%{`
/// written `$${` and `%%{` (HCL native syntax, "Template Literals").
pub fn hcl_lit(s: &str) -> String {
    lit(s).replace("${", "$${").replace("%{", "%%{")
}

/// A PostgreSQL quoted identifier: `"` doubled inside double quotes (PostgreSQL manual, 4.1.1
/// "Identifiers and Key Words"). A NUL cannot be written at all; [`super::refusal`] refuses it.
pub fn sql_ident(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// A PostgreSQL string constant: `'` doubled inside single quotes (4.1.2.1; backslashes are
/// plain characters with `standard_conforming_strings` on, the default since 9.1).
pub fn sql_lit(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_breaks_out() {
        let hostile = "a\r\n\u{2028}\u{85}\\u000a\"'$x${y}%{z}*/";
        let one = inline(hostile);
        assert!(!one.contains(['\r', '\n', '\u{2028}', '\u{85}']), "{one}");
        assert!(kotlin_lit(hostile).contains("\\${y}"));
        assert!(hcl_lit(hostile).contains("$${y}") && hcl_lit(hostile).contains("%%{z}"));
        assert_eq!(sql_ident("a\"b"), "\"a\"\"b\"");
        assert_eq!(sql_lit("it's"), "'it''s'");
        assert!(lit("\\u000a").starts_with("\"\\\\u"), "the backslash is doubled");
    }
}
