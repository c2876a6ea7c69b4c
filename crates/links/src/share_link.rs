//! Share links: the scenario and the moment in a URL fragment, and base64url without padding.

/// What a link holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkSource {
    /// A built-in scenario by id, with the profile and seed it runs under.
    Preset { id: String, profile: Option<String>, seed: Option<u64> },
    /// A whole scenario as JSON text.
    Json(String),
}

/// A decoded share link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub source: LinkSource,
    /// The moment to open at, in virtual milliseconds.
    pub t_ms: u64,
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Encodes bytes as base64url without padding.
pub fn b64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n =
            chunk.iter().enumerate().fold(0u32, |acc, (i, &b)| acc | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes base64url (padding and standard `+/` accepted); `None` on any bad character.
pub fn b64url_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            _ => return None,
        } as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// The fragment (without `#`) for a link.
pub fn format_fragment(link: &Link) -> String {
    match &link.source {
        LinkSource::Preset { id, profile, seed } => {
            let mut s = format!("s={id}");
            if let Some(p) = profile {
                s.push_str(&format!("&p={p}"));
            }
            if let Some(n) = seed {
                s.push_str(&format!("&seed={n}"));
            }
            s.push_str(&format!("&t={}", link.t_ms));
            s
        }
        LinkSource::Json(text) => format!("j={}&t={}", b64url_encode(text.as_bytes()), link.t_ms),
    }
}

/// Why a fragment could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Neither `s=` nor `j=`: not a share link (an empty fragment is not an error).
    Empty,
    /// `j=` is not base64url of UTF-8 text.
    BadEncoding,
    /// A number (`t`, `seed`) is not a number.
    BadNumber(String),
    /// Longer than [`MAX_LINK_BYTES`]: refused before it is decoded.
    TooLong { limit: usize },
}

/// The longest fragment a link may be: a topology at every limit of
/// [`crate::scenario::model::limits`] with short names fits well within it; anything longer is
/// refused before it is decoded, so no link of any size holds the page.
pub const MAX_LINK_BYTES: usize = 512 * 1024;

/// Reads a fragment (with or without `#`).
pub fn parse_fragment(fragment: &str) -> Result<Link, LinkError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.len() > MAX_LINK_BYTES {
        return Err(LinkError::TooLong { limit: MAX_LINK_BYTES });
    }
    let (mut preset, mut json, mut profile, mut seed, mut t_ms) = (None, None, None, None, 0u64);
    for pair in fragment.split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match k {
            "s" if !v.is_empty() => preset = Some(v.to_string()),
            "j" => json = Some(v),
            "p" if !v.is_empty() => profile = Some(v.to_string()),
            "seed" => seed = Some(v.parse::<u64>().map_err(|_| LinkError::BadNumber(k.into()))?),
            "t" => t_ms = v.parse::<u64>().map_err(|_| LinkError::BadNumber(k.into()))?,
            _ => {}
        }
    }
    let source = match (json, preset) {
        (Some(j), _) => {
            let bytes = b64url_decode(j).ok_or(LinkError::BadEncoding)?;
            LinkSource::Json(String::from_utf8(bytes).map_err(|_| LinkError::BadEncoding)?)
        }
        (None, Some(id)) => LinkSource::Preset { id, profile, seed },
        (None, None) => return Err(LinkError::Empty),
    };
    Ok(Link { source, t_ms })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_every_length() {
        let data: Vec<u8> = (0..=255u8).collect();
        for n in 0..40 {
            let enc = b64url_encode(&data[..n]);
            assert!(!enc.contains('=') && !enc.contains('+') && !enc.contains('/'));
            assert_eq!(b64url_decode(&enc).unwrap(), &data[..n]);
        }
        assert_eq!(b64url_encode(b"hello"), "aGVsbG8");
        assert_eq!(b64url_decode("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(b64url_decode("a b"), None);
    }

    #[test]
    fn fragments_round_trip_and_bad_ones_are_errors() {
        let p = Link {
            source: LinkSource::Preset {
                id: "retry-ladder".into(),
                profile: Some("rabbitmq-3.10".into()),
                seed: Some(7),
            },
            t_ms: 1500,
        };
        assert_eq!(format_fragment(&p), "s=retry-ladder&p=rabbitmq-3.10&seed=7&t=1500");
        assert_eq!(parse_fragment(&format!("#{}", format_fragment(&p))), Ok(p));
        let j = Link { source: LinkSource::Json("{\"queues\": [\"é\"]}".into()), t_ms: 0 };
        assert_eq!(parse_fragment(&format_fragment(&j)), Ok(j));
        assert_eq!(parse_fragment(""), Err(LinkError::Empty));
        assert_eq!(parse_fragment("#t=5"), Err(LinkError::Empty));
        assert_eq!(parse_fragment("#s=x&t=soon"), Err(LinkError::BadNumber("t".into())));
        assert_eq!(parse_fragment("#j=%%%"), Err(LinkError::BadEncoding));
        assert_eq!(parse_fragment("#j=_w"), Err(LinkError::BadEncoding));
        let long = format!("#j={}", "A".repeat(MAX_LINK_BYTES));
        assert_eq!(parse_fragment(&long), Err(LinkError::TooLong { limit: MAX_LINK_BYTES }));
    }
}
