//! Text on coloured controls is readable in both colour schemes: the contrast ratio (WCAG 2.2,
//! 1.4.3: at least 4.5:1 for normal text; relative luminance and ratio as defined there,
//! https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) is computed from the stylesheets' own
//! values, with `var(--…)` resolved from the light and dark palettes of `style/tokens.css` and
//! `style/main.css`.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

const DARK: &str = "@media (prefers-color-scheme: dark)";

fn css(name: &str) -> String {
    fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("style").join(name)).unwrap()
}

/// The body of the first `selector { … }` in `text`.
fn rule<'a>(text: &'a str, selector: &str) -> Option<&'a str> {
    let start = text.find(&format!("{selector} {{"))? + selector.len() + 2;
    let end = text[start..].find('}')?;
    Some(&text[start..start + end])
}

/// The declarations of a rule body, by property.
fn declarations(body: &str) -> BTreeMap<String, String> {
    body.split(';')
        .filter_map(|d| d.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.split("/*").next().unwrap().trim().to_string()))
        .collect()
}

/// The text of the dark-scheme block(s) of `text`, and the rest.
fn split_dark(text: &str) -> (String, String) {
    let mut light = String::new();
    let mut dark = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(DARK) {
        light.push_str(&rest[..at]);
        // The block ends where its braces balance.
        let open = at + rest[at..].find('{').unwrap();
        let mut depth = 0;
        let mut end = open;
        for (i, c) in rest[open..].char_indices() {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            if depth == 0 {
                end = open + i;
                break;
            }
        }
        dark.push_str(&rest[open + 1..end]);
        rest = &rest[end + 1..];
    }
    light.push_str(rest);
    (light, dark)
}

/// The palette of each scheme: (light, dark), dark being light with its overrides.
/// The tokens (`style/tokens.css`) and the page's own names (`style/main.css`), each file's
/// `:root` rules in order, so a later one overrides an earlier.
fn palettes() -> (BTreeMap<String, String>, BTreeMap<String, String>) {
    let (mut light_vars, mut dark_overrides) = (BTreeMap::new(), BTreeMap::new());
    for file in ["tokens.css", "main.css"] {
        let (light, dark) = split_dark(&css(file));
        for body in roots(&light) {
            light_vars.extend(declarations(body));
        }
        for body in roots(&dark) {
            dark_overrides.extend(declarations(body));
        }
    }
    let mut dark_vars = light_vars.clone();
    dark_vars.extend(dark_overrides);
    (light_vars, dark_vars)
}

/// The bodies of every `:root { … }` rule in `text`.
fn roots(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(body) = rule(rest, ":root") {
        out.push(body);
        let at = rest.find(body).unwrap() + body.len();
        rest = &rest[at..];
    }
    out
}

fn resolve(value: &str, vars: &BTreeMap<String, String>) -> String {
    match value.strip_prefix("var(").and_then(|v| v.strip_suffix(')')) {
        Some(name) => resolve(&vars[name.split(',').next().unwrap().trim()], vars),
        None if value == "#fff" => "#ffffff".into(),
        None => value.to_lowercase(),
    }
}

fn luminance(hex: &str) -> f64 {
    let hex = hex.trim_start_matches('#');
    let channel = |i: usize| {
        let c = u8::from_str_radix(&hex[i..i + 2], 16).unwrap() as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
}

fn ratio(a: &str, b: &str) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// A rule's text and background colours in each scheme, from `file`.
fn colours(file: &str, selector: &str) -> Vec<(&'static str, String, String)> {
    let (light_css, dark_css) = split_dark(&css(file));
    let (light_vars, dark_vars) = palettes();
    let light = declarations(rule(&light_css, selector).unwrap());
    let mut dark = light.clone();
    if let Some(body) = rule(&dark_css, selector) {
        dark.extend(declarations(body));
    }
    vec![
        (
            "light",
            resolve(&light["color"], &light_vars),
            resolve(&light["background"], &light_vars),
        ),
        ("dark", resolve(&dark["color"], &dark_vars), resolve(&dark["background"], &dark_vars)),
    ]
}

#[test]
fn the_ratio_is_wcags() {
    assert!((ratio("#ffffff", "#000000") - 21.0).abs() < 1e-9);
    // White on the dark scheme's blue: the 2.3:1 a user met.
    assert!((ratio("#ffffff", "#56b4e9") - 2.3).abs() < 0.1);
}

#[test]
fn the_selected_strategy_tab_is_readable_in_both_schemes() {
    for (scheme, fg, bg) in colours("compare.css", ".strategy-tabs button[aria-selected=\"true\"]")
    {
        let r = ratio(&fg, &bg);
        assert!(r >= 4.5, "{scheme}: {fg} on {bg} is {r:.2}:1, under 4.5:1");
    }
}
