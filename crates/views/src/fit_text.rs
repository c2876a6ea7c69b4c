//! Words that fit their box: an estimate of a text's drawn width (wide for Hangul, Han and
//! other full-width characters, narrow for Latin) and the text cut with "…" when it would
//! overflow, so a node's name never runs out of its box (the full name stays in its title and
//! its accessible name).

/// The estimated width of `text` at `font_px`, in the same units as `font_px`.
pub fn text_width(text: &str, font_px: f64) -> f64 {
    text.chars().map(|c| em(c) * font_px).sum()
}

/// The width of a character, in em (estimates for a sans-serif, bold enough for names).
fn em(c: char) -> f64 {
    match c {
        '\u{1100}'..='\u{115F}'
        | '\u{2E80}'..='\u{A4CF}'
        | '\u{AC00}'..='\u{D7A3}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FE30}'..='\u{FE4F}'
        | '\u{FF00}'..='\u{FF60}'
        | '\u{FFE0}'..='\u{FFE6}' => 1.0,
        '.' | ',' | ':' | ';' | '\'' | '|' | '!' | 'i' | 'l' | 'j' | ' ' => 0.32,
        'm' | 'w' | 'M' | 'W' => 0.9,
        c if c.is_ascii_uppercase() => 0.7,
        _ => 0.6,
    }
}

/// `text` if it fits in `max_width` at `font_px`; else its longest start that fits with "…".
pub fn fit(text: &str, max_width: f64, font_px: f64) -> String {
    if text_width(text, font_px) <= max_width {
        return text.to_string();
    }
    let room = max_width - em('…') * font_px;
    let mut used = 0.0;
    let mut out = String::new();
    for c in text.chars() {
        used += em(c) * font_px;
        if used > room {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_that_fits_is_kept_and_a_long_one_is_cut_to_fit() {
        assert_eq!(fit("orders", 140.0, 13.0), "orders");
        let long = "orders.payments.retry.after.thirty.seconds";
        let cut = fit(long, 140.0, 13.0);
        assert!(cut.ends_with('…'), "{cut}");
        assert!(text_width(&cut, 13.0) <= 140.0, "{cut}");
        assert!(long.starts_with(cut.trim_end_matches('…')));
        // Wide characters take more room.
        let wide = "\u{C8FC}\u{BB38}"; // two Hangul syllables
        assert!(text_width(wide, 13.0) > text_width("ab", 13.0));
        let ko = fit(&[wide; 8].join("."), 100.0, 13.0);
        assert!(text_width(&ko, 13.0) <= 100.0 && ko.ends_with('…'), "{ko}");
        // Nothing fits: only the ellipsis.
        assert_eq!(fit("abc", 1.0, 13.0), "…");
        assert_eq!(fit("", 10.0, 13.0), "");
    }
}
