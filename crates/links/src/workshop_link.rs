//! Links that carry a trainer's work: a workshop (`#w=…`) or one exercise (`#x=…`), its JSON
//! in the fragment, so nothing leaves the browser: compressed with raw DEFLATE (RFC 1951) and
//! written in base64url after a `~`, or, when that is no shorter, the JSON itself in base64url
//! (the only form older links have, still read).

use super::share_link::{b64url_decode, b64url_encode};
use crate::scenario::model::error::{Problem, ScenarioError};

/// The fragment key of a workshop.
pub const WORKSHOP_KEY: &str = "w";
/// The fragment key of one exercise.
pub const EXERCISE_KEY: &str = "x";

/// The mark before a compressed value (not a base64url character).
const DEFLATED: char = '~';

/// The most a compressed value may inflate to: far above any workshop the limits allow, and a
/// small crafted link cannot make the page allocate more.
const MAX_INFLATED_BYTES: usize = 4 << 20;

/// The fragment (without `#`) carrying `json` under `key`: compressed when that is shorter.
pub fn fragment(key: &str, json: &str) -> String {
    let plain = b64url_encode(json.as_bytes());
    let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 10);
    let deflated = format!("{DEFLATED}{}", b64url_encode(&packed));
    format!("{key}={}", if deflated.len() < plain.len() { deflated } else { plain })
}

/// `https://…/?exercise=ID`, with `#x=…` carrying the exercise when it is a trainer's own
/// (`inline`, its JSON), so the link opens it in any browser; a built-in one needs no more.
pub fn exercise_target(id: &str, inline: Option<&str>) -> String {
    match inline {
        Some(json) => format!("?exercise={id}#{}", fragment(EXERCISE_KEY, json)),
        None => format!("?exercise={id}"),
    }
}

/// The JSON a fragment (with or without `#`) carries under `key`: `None` when it carries none,
/// an error naming the fragment's field when it does not decode.
pub fn read(fragment: &str, key: &str) -> Option<Result<String, ScenarioError>> {
    let value = fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|p| p.strip_prefix(key).and_then(|r| r.strip_prefix('=')))?;
    let bad = || ScenarioError::field(format!("#{key}"), Problem::LinkData);
    let bytes = match value.strip_prefix(DEFLATED) {
        Some(packed) => b64url_decode(packed).and_then(|b| {
            miniz_oxide::inflate::decompress_to_vec_with_limit(&b, MAX_INFLATED_BYTES).ok()
        }),
        None => b64url_decode(value),
    };
    Some(bytes.and_then(|b| String::from_utf8(b).ok()).ok_or_else(bad))
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
        // A compressed value that does not inflate is damaged too.
        let e = read("#w=~AAAA", WORKSHOP_KEY).unwrap().unwrap_err().to_string();
        assert!(e.contains("damaged"), "{e}");
    }

    #[test]
    fn a_long_workshop_is_compressed_and_an_old_plain_link_still_reads() {
        let exercise = r#"{"exercise": 1, "id": "my-ex", "title": "Catch rejected messages",
            "story": "Orders that the consumer rejects vanish; keep them in a DLQ.",
            "start": {"queues": [{"name": "orders"}], "exchanges": [], "bindings": []}}"#;
        let json =
            format!(r#"{{"workshop": 1, "title": "Two", "exercises": [{exercise}, {exercise}]}}"#);
        let f = fragment(WORKSHOP_KEY, &json);
        assert!(f.starts_with("w=~"), "{f}");
        assert!(f.len() * 2 < b64url_encode(json.as_bytes()).len(), "{} chars", f.len());
        assert_eq!(read(&f, WORKSHOP_KEY).unwrap().unwrap(), json);
        let old = format!("w={}", b64url_encode(json.as_bytes()));
        assert_eq!(read(&old, WORKSHOP_KEY).unwrap().unwrap(), json);
        // A short one stays plain when compressing would not shorten it.
        assert_eq!(fragment(EXERCISE_KEY, "{}"), format!("x={}", b64url_encode(b"{}")));
    }

    #[test]
    fn a_trainers_exercise_link_carries_the_exercise() {
        let json = r#"{"exercise": 1, "id": "mine"}"#;
        let target = exercise_target("mine", Some(json));
        let (query, hash) = target.split_once('#').unwrap();
        assert_eq!(query, "?exercise=mine");
        assert_eq!(read(hash, EXERCISE_KEY).unwrap().unwrap(), json);
        assert_eq!(exercise_target("retry-ladder", None), "?exercise=retry-ladder");
    }
}
