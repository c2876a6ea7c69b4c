//! Korean particles chosen from the name they follow (`orders.main` + `euro`, `loop.ttl` +
//! `i`, `dlx` + `ga`): the final-consonant rule, with names in Latin letters and digits read
//! the way Korean speakers read them. (Particles are romanized here; the Korean text itself
//! lives in `ko.ftl`.)
//!
//! A particle pair is written `consonant-form/vowel-form` (i/ga, eul/reul, eun/neun, gwa/wa,
//! euro/ro, ieyo/yeyo). The consonant form follows a name whose last sound has a final
//! consonant (batchim); the vowel form follows the rest. `euro/ro` also takes the vowel form
//! after a final rieul (`mail` + `ro`).
//!
//! How the last sound is found, from the last letter, digit or Hangul syllable of the name
//! (quotes, brackets and other marks after it are skipped):
//! - a Hangul syllable: its own final consonant;
//! - a digit, as read in Sino-Korean: 0 yeong, 3 sam, 6 yuk end in a consonant; 1 il, 7 chil,
//!   8 pal in rieul; 2 i, 4 sa, 5 o, 9 gu in a vowel (so `10` reads sip, `2` reads i);
//! - a Latin letter, as queue names are read aloud (`main` me-in, `ttl` ti-ti-el, `dlx`
//!   di-el-ek-seu, `ack` aek): `l` ends in rieul; `m`, `n`, `ng` and `ck` end in a consonant;
//!   every other letter in a vowel (`queue` kyu, `retry` ri-teu-ra-i, `dlq` di-el-kyu);
//!   but a short vowel before a final p, b, t or k closes it, as Korean spells loanwords
//!   (National Institute of Korean Language, Oeraeeo pyogibeop, chapter 3, section 1, article 1:
//!   a voiceless stop after a short vowel is written as a final consonant; job jab, tab taep
//!   and type ta-ip are the spellings in use, https://stdict.korean.go.kr): `-out` (timeout ta-im-a-ut,
//!   fanout), `-it` (limit ri-mit; not after a vowel letter: `wait` we-i-teu), `-ot` (slot;
//!   not `-oot` ru-teu), `-op` (shop syop, drop; not `-oop` ru-peu), `-ob` (job jab), `-ab`
//!   (tab), `-ook` (webhook wep-huk), `-ic` (topic to-pik) and `-ype` (type ta-ip) end in a
//!   consonant;
//! - anything else (an empty name, other scripts): a vowel.

/// The last sound of a name, as far as particles care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Last {
    /// No final consonant: `dlx`, `queue` read as kyu, `2`.
    Vowel,
    /// Final rieul: `ttl`, `mail` read as me-il, `1`.
    Rieul,
    /// Any other final consonant: `main`, `3`.
    Consonant,
}

/// The last sound of `name`.
pub fn last_sound(name: &str) -> Last {
    let mut rev = name.chars().rev().skip_while(|c| !(c.is_alphanumeric()));
    let Some(last) = rev.next() else { return Last::Vowel };
    match last {
        '\u{AC00}'..='\u{D7A3}' => match (last as u32 - 0xAC00) % 28 {
            0 => Last::Vowel,
            8 => Last::Rieul,
            _ => Last::Consonant,
        },
        '0' | '3' | '6' => Last::Consonant,
        '1' | '7' | '8' => Last::Rieul,
        c if c.is_ascii_digit() => Last::Vowel,
        c if c.is_ascii_alphabetic() && closed_ending(name) => Last::Consonant,
        c if c.is_ascii_alphabetic() => match c.to_ascii_lowercase() {
            'l' => Last::Rieul,
            'm' | 'n' => Last::Consonant,
            'g' | 'k' => {
                let before = rev.next().map(|c| c.to_ascii_lowercase());
                match (c.to_ascii_lowercase(), before) {
                    ('g', Some('n')) | ('k', Some('c')) => Last::Consonant,
                    _ => Last::Vowel,
                }
            }
            _ => Last::Vowel,
        },
        _ => Last::Vowel,
    }
}

/// Whether a Latin name ends in a short vowel closed by p, b, t or k (`timeout`, `limit`,
/// `shop`, `job`, `type`, `topic`, `webhook`), read with a final consonant.
fn closed_ending(name: &str) -> bool {
    let word: String = name
        .chars()
        .rev()
        .skip_while(|c| !c.is_alphanumeric())
        .take_while(|c| c.is_ascii_alphabetic())
        .take(4)
        .map(|c| c.to_ascii_lowercase())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let ends = |tail: &str| word.ends_with(tail);
    let vowel_before = |tail: &str| {
        word.len() > tail.len()
            && matches!(
                word.as_bytes()[word.len() - tail.len() - 1],
                b'a' | b'e' | b'i' | b'o' | b'u'
            )
    };
    ["out", "ook", "ic", "ype", "ob", "ab"].iter().any(|t| ends(t))
        || ["it", "ot", "op"].iter().any(|t| ends(t) && !vowel_before(t))
}

/// The particle of `pair` (i/ga, written in Hangul) that follows `name`. A pair without `/` is returned as
/// written.
pub fn josa<'a>(name: &str, pair: &'a str) -> &'a str {
    let Some((consonant, vowel)) = pair.split_once('/') else { return pair };
    match last_sound(name) {
        Last::Vowel => vowel,
        // A final rieul takes ro, not euro.
        Last::Rieul if consonant.starts_with('\u{C73C}') => vowel,
        Last::Rieul | Last::Consonant => consonant,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_names_read_as_spoken() {
        assert_eq!(last_sound("orders.main"), Last::Consonant);
        assert_eq!(last_sound("loop.ttl"), Last::Rieul);
        assert_eq!(last_sound("dlx"), Last::Vowel);
        assert_eq!(last_sound("'m3'"), Last::Consonant);
        assert_eq!(last_sound("q2"), Last::Vowel);
        assert_eq!(last_sound("work.q"), Last::Vowel);
        assert_eq!(last_sound("ping"), Last::Consonant);
        assert_eq!(last_sound("ack"), Last::Consonant);
        assert_eq!(last_sound("task"), Last::Vowel);
        assert_eq!(last_sound("jobs.wait (ready)"), Last::Vowel);
        assert_eq!(last_sound(""), Last::Vowel);
    }

    #[test]
    fn a_short_vowel_closed_by_a_stop_ends_in_a_consonant() {
        for name in [
            "GatewayTimeout",
            "fanout",
            "delivery_limit",
            "commit",
            "slot",
            "shop",
            "'shop'",
            "drop",
            "job",
            "tab",
            "type",
            "topic",
            "webhook",
        ] {
            assert_eq!(last_sound(name), Last::Consonant, "{name}");
        }
        // A long vowel or a diphthong before the stop leaves it open.
        for name in ["wait", "root", "loop", "suit", "task", "retry"] {
            assert_eq!(last_sound(name), Last::Vowel, "{name}");
        }
        let euro = "\u{C73C}\u{B85C}/\u{B85C}";
        assert_eq!(josa("GatewayTimeout", euro), "\u{C73C}\u{B85C}");
        assert_eq!(josa("type", "A/B"), "A");
    }

    #[test]
    fn pairs_pick_a_side() {
        assert_eq!(josa("main", "A/B"), "A");
        assert_eq!(josa("dlx", "A/B"), "B");
        assert_eq!(josa("ttl", "A/B"), "A");
        assert_eq!(josa("x", "plain"), "plain");
        // euro/ro: a final rieul takes the vowel form.
        let ro = "\u{C73C}\u{B85C}/\u{B85C}";
        assert_eq!(josa("main", ro), "\u{C73C}\u{B85C}");
        assert_eq!(josa("ttl", ro), "\u{B85C}");
    }
}
