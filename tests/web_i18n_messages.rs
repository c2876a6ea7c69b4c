//! Browser tests of the checks' messages in every language: scenario errors, definitions
//! warnings, lints and workshop verdicts, each worded by the catalogue of every language in
//! that language's script, and in English as the `Display` the CLI prints. The samples (one of
//! every kind) are `dlx_lab::samples`, which the review page (`?review=texts`) shows.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_i18n_messages` (scripts/test.sh does).

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

use dlx_lab::samples::{findings, lints, problems, syntax_kinds, warnings};
use dlx_lab::scenario::definitions::lint::LintReason;
use dlx_lab::scenario::model::error::Problem;
use dlx_lab::scenario::Lang;
use dlx_lab::ui::i18n::catalogue;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/script.rs"]
mod script;
use script::check_script;

#[wasm_bindgen_test]
fn every_message_kind_reads_in_every_language() {
    for lang in Lang::ALL {
        let c = catalogue(lang);
        for p in problems() {
            check_script(lang, &format!("{p:?}"), &c.problem(&p));
        }
        for w in warnings() {
            check_script(lang, &format!("{w:?}"), &c.warning(&w));
        }
        for r in lints() {
            check_script(lang, &format!("{r:?}"), &c.lint(&r));
        }
        for f in findings() {
            check_script(lang, &format!("{f:?}"), &c.finding(&f));
        }
        for kind in syntax_kinds() {
            check_script(
                lang,
                &format!("{kind:?}"),
                &c.syntax(3, 4, kind, "expected value at line 3 column 4"),
            );
        }
    }
    // English is the checks' own text; the broker's words stay as the broker spells them.
    for p in problems() {
        assert_eq!(catalogue(Lang::En).problem(&p), p.to_string());
    }
    for f in findings() {
        assert_eq!(catalogue(Lang::En).finding(&f), f.to_string());
    }
    for lang in Lang::TRANSLATED {
        let c = catalogue(lang);
        assert!(c.lint(&LintReason::TtlBehindHead).contains("x-message-ttl"), "{lang}");
        assert!(c.lint(&LintReason::QuorumNoDeliveryLimit).contains("x-delivery-limit"), "{lang}");
        assert!(
            c.lint(&LintReason::StrategyNotQuorum).contains("x-dead-letter-strategy"),
            "{lang}"
        );
        assert!(
            c.problem(&Problem::TypeMismatch { declared: "a".into(), argument: "b".into() })
                .contains("x-queue-type"),
            "{lang}"
        );
        let refused = c.problem(&Problem::Refused {
            error: "406 PRECONDITION_FAILED - invalid arg 'x-message-ttl'".into(),
        });
        assert!(
            refused.contains("406 PRECONDITION_FAILED"),
            "{lang}: the broker's own text is kept: {refused}"
        );
        // Verdicts keep queue names, x-death reasons, rule and event names as the broker spells them.
        for f in findings() {
            let text = c.finding(&f);
            let english = f.to_string();
            for word in [
                "parking-lot",
                "work.q",
                "delivery_limit",
                "'died'",
                "x-dead-letter-exchange",
                "reject-publish",
                "'poison'",
                "orders → orders",
            ] {
                assert!(
                    !english.contains(word) || text.contains(word),
                    "{lang}: {word} is kept: {text}"
                );
            }
        }
    }
}
