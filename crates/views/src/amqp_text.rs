//! Readable forms of AMQP values in the inspector: a timestamp as a UTC date and time (and how
//! far into the run it is), a field's type letter as the type's name, as message values the
//! inspector words in the reader's language.

use crate::i18n::Message;
use crate::message;

/// `unix_s` as `YYYY-MM-DD HH:MM:SS` in UTC (proleptic Gregorian calendar).
pub fn utc_date_time(unix_s: u64) -> String {
    let days = (unix_s / 86_400) as i64;
    let secs = unix_s % 86_400;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        secs / 3600,
        (secs / 60) % 60,
        secs % 60
    )
}

/// An x-death `time` in words: its UTC date and time, and how far into the run it was
/// (`epoch_s` is the Unix time virtual time zero stands for).
pub fn death_time(unix_s: u64, epoch_s: u64) -> Message {
    match unix_s.checked_sub(epoch_s) {
        Some(into) => message!("ui-xdeath-time", date = utc_date_time(unix_s), secs = into),
        None => message!("ui-xdeath-time-before", date = utc_date_time(unix_s)),
    }
}

/// The name of an AMQP field type from its letter (`S`: long string, `l`: long integer…).
pub fn type_name(code: &str) -> Option<Message> {
    Some(match code {
        "S" => message!("amqp-type-long-string"),
        "l" => message!("amqp-type-long"),
        "I" => message!("amqp-type-int"),
        "t" => message!("amqp-type-bool"),
        "T" => message!("amqp-type-timestamp"),
        "d" => message!("amqp-type-double"),
        "A" => message!("amqp-type-array"),
        "F" => message!("amqp-type-table"),
        "V" => message!("amqp-type-void"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn timestamps_read_as_utc_dates() {
        assert_eq!(utc_date_time(0), "1970-01-01 00:00:00");
        assert_eq!(utc_date_time(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(utc_date_time(1_767_225_600), "2026-01-01 00:00:00");
        assert_eq!(utc_date_time(1_767_225_600 + 3_661), "2026-01-01 01:01:01");
        assert_eq!(utc_date_time(4_102_444_799), "2099-12-31 23:59:59");
        let t = death_time(1_767_225_605, 1_767_225_600).text(Lang::En);
        assert!(t.contains("2026-01-01 00:00:05") && t.contains('5'), "{t}");
        assert!(death_time(5, 1_767_225_600).text(Lang::En).contains("1970-01-01"));
    }

    #[test]
    fn every_type_letter_has_a_name_in_every_language() {
        for code in ["S", "l", "I", "t", "T", "d", "A", "F", "V"] {
            for lang in Lang::ALL {
                assert!(!type_name(code).unwrap().label(lang).is_empty(), "{code} {lang}");
            }
        }
        assert_eq!(type_name("?"), None);
    }
}
