//! Links that carry a trainer's work: a workshop (`#w=…`) or one exercise (`#x=…`), its JSON
//! in base64url in the fragment, so nothing leaves the browser.

use super::share_link::{b64url_decode, b64url_encode};
use crate::scenario::model::error::{Problem, ScenarioError};

/// The fragment key of a workshop.
pub const WORKSHOP_KEY: &str = "w";
/// The fragment key of one exercise.
pub const EXERCISE_KEY: &str = "x";

/// The fragment (without `#`) carrying `json` under `key`.
pub fn fragment(key: &str, json: &str) -> String {
    format!("{key}={}", b64url_encode(json.as_bytes()))
}

/// The JSON a fragment (with or without `#`) carries under `key`: `None` when it carries none,
/// an error naming the fragment's field when it does not decode.
pub fn read(fragment: &str, key: &str) -> Option<Result<String, ScenarioError>> {
    let value = fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|p| p.strip_prefix(key).and_then(|r| r.strip_prefix('=')))?;
    let bad = || ScenarioError::field(format!("#{key}"), Problem::LinkData);
    Some(b64url_decode(value).and_then(|b| String::from_utf8(b).ok()).ok_or_else(bad))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workshop_goes_through_a_fragment_and_back() {
        let json = r#"{"workshop": 1, "title": "Dead letters — à la carte, über"}"#;
        let f = fragment(WORKSHOP_KEY, json);
        assert!(f.starts_with("w=") && !f.contains('+') && !f.contains('/'));
        assert_eq!(read(&format!("#{f}"), WORKSHOP_KEY).unwrap().unwrap(), json);
        assert_eq!(read(&format!("lang=ko&{f}"), WORKSHOP_KEY).unwrap().unwrap(), json);
        assert!(read(&f, EXERCISE_KEY).is_none());
        assert!(read("#wx=abc", WORKSHOP_KEY).is_none());
        let e = read("#w=%%%", WORKSHOP_KEY).unwrap().unwrap_err().to_string();
        assert!(e.starts_with("#w: the link's data is damaged"), "{e}");
        let e = read("#w=_w", WORKSHOP_KEY).unwrap().unwrap_err().to_string();
        assert!(e.contains("damaged"), "{e}");
    }
}
