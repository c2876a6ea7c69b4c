//! Korean and Chinese content: every preset, tour step and exercise text exists in ko and
//! zh-CN, in the right script, keeping the broker's own terms verbatim; the accessors fall
//! back to English; translating never changes what a scenario does.

use std::collections::BTreeSet;

use dlx_lab::scenario::model::lang::{self, check_i18n, Lang, TextPath};
use dlx_lab::scenario::playground::presets::{self, preset, preset_in, PRESETS};
use dlx_lab::scenario::workshop::broker_exercise::run_to_end;
use dlx_lab::scenario::workshop::exercises::{self, exercise, exercise_in, EXERCISES};
use dlx_lab::scenario::workshop::texts::{self, Kind};
use dlx_lab::scenario::workshop::tour::Tour;
use dlx_lab::scenario::workshop::tours::{self, tour, tour_in, TOURS};
use dlx_lab::scenario::Scenario;
use serde_json::{json, Value};

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

/// ASCII tokens as the broker spells things: `x-death`, `orders.dlq`, `requeue=false`,
/// `x-first-death-*`, `delivery_limit`.
fn tokens(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || "-_.=*".contains(c)))
        .map(|t| t.trim_matches(|c| c == '.' || c == '-'))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// Broker terms written the same way in every language.
const TERMS: [&str; 12] = [
    "basic.reject",
    "basic.nack",
    "requeue=false",
    "requeue=true",
    "reject-publish",
    "reject-publish-dlx",
    "drop-head",
    "at-least-once",
    "at-most-once",
    "dead-letter-exchange",
    "dead-letter-routing-key",
    "delivery_limit",
];

/// Whether `word` (a reason that is also an English word) is used as the reason name in
/// `text`: after "reason", after a slash (`jobs/rejected`), or among the other reason names.
fn reason_used_as_term(text: &str, word: &str) -> bool {
    let listed = tokens(text).iter().any(|t| t == "maxlen" || t == "delivery_limit");
    text.match_indices(word).any(|(i, _)| {
        let before = &text[..i];
        let after = text[i + word.len()..].chars().next();
        let whole = !before.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_')
            && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        let reason = before.ends_with("reason ")
            || before.ends_with('/')
            || before
                .trim_end_matches(|c: char| c.is_ascii_digit() || c == ',' || c == ' ')
                .ends_with("Reason");
        whole && (reason || listed)
    })
}

/// The terms of an English text that a translation must keep: every `x-…` token, the reason
/// names, the fixed broker terms, and the queue and exchange names of the built-in.
fn required_terms(english: &str, names: &BTreeSet<String>) -> BTreeSet<String> {
    let toks = tokens(english);
    let mut want: BTreeSet<String> =
        toks.iter().filter(|t| t.starts_with("x-") && t.len() > 2).cloned().collect();
    want.extend(
        toks.iter().filter(|t| TERMS.contains(&t.as_str()) || t.as_str() == "maxlen").cloned(),
    );
    want.extend(toks.iter().filter(|t| names.contains(*t)).cloned());
    for word in ["rejected", "expired"] {
        if reason_used_as_term(english, word) {
            want.insert(word.to_string());
        }
    }
    want
}

/// Queue and exchange names of a built-in that cannot be mistaken for words (`orders.dlq`,
/// `main-queue`, `delivery_limit` is not one).
fn names(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if let (true, Some(s)) =
                    (matches!(k.as_str(), "name" | "queue" | "exchange"), x.as_str())
                {
                    if s.contains(['.', '-']) {
                        out.insert(s.to_string());
                    }
                }
                names(x, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|x| names(x, out)),
        _ => {}
    }
}

/// Whether an exercise topic is a broker or engine term, written the same in every language.
fn term_topic(field: &str, english: &str) -> bool {
    field.starts_with("topics[")
        && (english.starts_with("x-")
            || TERMS.contains(&english)
            || ["rejected", "expired", "maxlen", "dropped"].contains(&english)
            || english.chars().all(|c| c.is_ascii_uppercase()))
}

fn source(kind: Kind, id: &str) -> Value {
    let text = kind.sources().iter().find(|(i, _)| *i == id).unwrap().1;
    serde_json::from_str(text).unwrap()
}

#[test]
fn no_built_in_text_is_missing_in_any_language() {
    let missing: Vec<String> = texts::missing()
        .iter()
        .map(|t| format!("{:?} {} {} {}", t.kind, t.id, t.field, t.lang))
        .collect();
    assert!(missing.is_empty(), "missing translations:\n{}", missing.join("\n"));
    let all = texts::all();
    let has = |kind: Kind, id: &str, field: &str| {
        Lang::ALL.iter().all(|l| {
            all.iter().any(|t| {
                t.kind == kind
                    && t.id == id
                    && t.field == field
                    && t.lang == *l
                    && t.text.as_deref().is_some_and(|s| !s.trim().is_empty())
            })
        })
    };
    for (id, _) in PRESETS {
        for field in ["title", "description", "teaches"] {
            assert!(has(Kind::Preset, id, field), "preset {id} {field}");
        }
    }
    for (id, _) in TOURS {
        let (_, t) = tour(id).unwrap();
        assert!(!t.is_empty(), "{id}");
        for field in ["title", "description", "teaches"] {
            assert!(has(Kind::Tour, id, field), "tour {id} {field}");
        }
        for i in 0..t.steps.len() {
            assert!(has(Kind::Tour, id, &format!("tour[{i}].text")), "tour {id} step {i}");
        }
    }
    for (id, _) in EXERCISES {
        let ex = exercise(id).unwrap();
        for field in ["title", "story", "explanation", "start.title"] {
            assert!(has(Kind::Exercise, id, field), "exercise {id} {field}");
        }
        for i in 0..ex.hints.len() {
            assert!(has(Kind::Exercise, id, &format!("hints[{i}]")), "exercise {id} hint {i}");
        }
        for i in 0..ex.topics.len() {
            assert!(has(Kind::Exercise, id, &format!("topics[{i}]")), "exercise {id} topic {i}");
        }
    }
    // Three languages for every field, nothing else.
    assert_eq!(all.len() % 3, 0);
    assert!(all.len() > 3 * 150, "{} texts", all.len());
}

#[test]
fn korean_is_in_hangul_and_chinese_in_han_without_hangul() {
    for t in texts::all() {
        let text = t.text.clone().unwrap_or_default();
        let at = format!("{:?} {} {} {}: {text}", t.kind, t.id, t.field, t.lang);
        if term_topic(&t.field, &t.english) {
            assert_eq!(text, t.english, "{at}: a broker term stays as it is");
            continue;
        }
        match t.lang {
            Lang::Ko => assert!(text.chars().any(is_hangul), "no Hangul in {at}"),
            Lang::ZhCn => {
                assert!(text.chars().any(is_han), "no CJK ideographs in {at}");
                assert!(!text.chars().any(is_hangul), "Hangul in {at}");
            }
            Lang::En => {
                assert!(!text.chars().any(|c| is_hangul(c) || is_han(c)), "CJK in English {at}")
            }
        }
        if t.lang != Lang::En {
            assert_ne!(text.trim(), t.english.trim(), "{at}: not translated");
        }
    }
}

#[test]
fn translations_keep_the_broker_terms_verbatim() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for kind in Kind::ALL {
        for (id, _) in kind.sources() {
            let mut ns = BTreeSet::new();
            names(&source(kind, id), &mut ns);
            for t in texts::all()
                .into_iter()
                .filter(|t| t.kind == kind && t.id == *id && t.lang != Lang::En)
            {
                let have = tokens(t.text.as_deref().unwrap_or_default());
                for term in required_terms(&t.english, &ns) {
                    checked += 1;
                    if !have.contains(&term) {
                        problems.push(format!("{id} {} {}: lacks `{term}`", t.field, t.lang));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked > 500, "only {checked} terms checked");
}

#[test]
fn the_term_rules_read_english_as_intended() {
    let ns: BTreeSet<String> = ["orders.rejected".to_string(), "jobs.wait".to_string()].into();
    let want = |s: &str| required_terms(s, &ns).into_iter().collect::<Vec<_>>();
    assert_eq!(
        want("Reason 1, rejected: basic.reject with requeue=false."),
        ["basic.reject", "rejected", "requeue=false"]
    );
    assert_eq!(want("One message is rejected, one expires."), Vec::<String>::new());
    assert_eq!(
        want("jobs/rejected and jobs.wait/expired in x-death"),
        ["expired", "jobs.wait", "rejected", "x-death"]
    );
    assert_eq!(
        want("It arrives in orders.rejected. x-first-death-* stay."),
        ["orders.rejected", "x-first-death-*"]
    );
    assert_eq!(
        want("rejected, expired, maxlen and delivery_limit"),
        ["delivery_limit", "expired", "maxlen", "rejected"]
    );
}

#[test]
fn languages_parse_as_browsers_and_links_write_them() {
    for (tag, lang) in [
        ("en", Lang::En),
        ("en-GB", Lang::En),
        ("ko", Lang::Ko),
        ("ko-KR", Lang::Ko),
        ("KO", Lang::Ko),
        ("zh-CN", Lang::ZhCn),
        ("zh", Lang::ZhCn),
        ("zh-Hans", Lang::ZhCn),
        ("zh_CN", Lang::ZhCn),
        ("zh-Hans-CN", Lang::ZhCn),
    ] {
        assert_eq!(Lang::parse(tag), Some(lang), "{tag}");
        assert_eq!(tag.parse::<Lang>(), Ok(lang), "{tag}");
    }
    for tag in ["fr", "", "ja-JP", "kor", "english"] {
        assert_eq!(Lang::parse(tag), None, "{tag}");
        assert_eq!(Lang::from_tag(tag), Lang::En, "{tag}");
        assert!(tag.parse::<Lang>().is_err());
    }
    assert_eq!(Lang::negotiate(["fr-FR", "zh-Hans", "ko"]), Lang::ZhCn);
    assert_eq!(Lang::negotiate(["fr", "de"]), Lang::En);
    assert_eq!(Lang::ALL.map(Lang::code), ["en", "ko", "zh-CN"]);
    assert_eq!(Lang::ZhCn.to_string(), "zh-CN");
    assert_eq!(Lang::default(), Lang::En);
}

#[test]
fn accessors_give_each_language_and_english_for_an_unknown_one() {
    let en = preset("four-reasons").unwrap();
    assert_eq!(en.title, "The four reasons a message dies", "English is untouched");
    assert_eq!(en.title_in(Lang::En), en.title);
    assert_eq!(en.title_in(Lang::from_tag("fr")), en.title);
    assert_eq!(en.teaches_in(Lang::from_tag("de-DE")), en.teaches);
    assert_eq!(en.title_in(Lang::Ko), "메시지가 dead letter가 되는 네 가지 이유");
    assert_eq!(en.title_in(Lang::ZhCn), "消息成为死信的四种原因");
    assert!(en.description_in(Lang::Ko).contains("x-death"));

    let ko = preset_in("four-reasons", Lang::Ko).unwrap();
    assert_eq!(ko.title, en.title_in(Lang::Ko));
    assert_eq!(ko.json["title"], json!(en.title_in(Lang::Ko)));
    assert!(ko.json.get("i18n").is_none(), "the editor and links get no i18n objects");
    assert_eq!(preset_in("four-reasons", Lang::En).unwrap().json["title"], json!(en.title));
    assert_eq!(presets::all_in(Lang::ZhCn).len(), PRESETS.len());

    let (s, t) = tour_in("tour-four-reasons", Lang::ZhCn).unwrap();
    let (_, t_en) = tour("tour-four-reasons").unwrap();
    assert!(s.title.starts_with("导览"));
    assert!(s.json["tour"][0].get("i18n").is_none());
    assert_eq!(t.steps.len(), t_en.steps.len());
    for (a, b) in t.steps.iter().zip(&t_en.steps) {
        assert_eq!((a.at_ms, &a.focus), (b.at_ms, &b.focus), "only the text changes");
        assert_ne!(a.text, b.text);
    }
    assert_eq!(Tour::read_in(&preset("four-reasons").unwrap(), Lang::Ko).unwrap(), Tour::default());
    assert_eq!(tours::all_in(Lang::Ko).len(), TOURS.len());

    let ex = exercise_in("catch-rejected-messages", Lang::Ko).unwrap();
    let ex_en = exercise("catch-rejected-messages").unwrap();
    assert_eq!(ex.title, "컨슈머가 거부한 주문 붙잡기");
    assert_eq!(ex.hints.len(), ex_en.hints.len());
    assert_eq!(
        ex.topics,
        ["x-dead-letter-exchange", "dead-letter 큐", "rejected"],
        "concepts are translated, broker terms are not"
    );
    assert_eq!(ex_en.topics, ["x-dead-letter-exchange", "dead-letter queue", "rejected"]);
    assert_eq!(exercises::index_in(Lang::Ko)[0].topics, ex.topics);
    assert_eq!(
        ex.start["title"],
        json!("검증에 실패한 주문"),
        "the editor opens in the learner's language"
    );
    assert_eq!(ex.start["queues"], ex_en.start["queues"]);
    assert_eq!(ex.goal, ex_en.goal);
    assert_eq!(exercises::index_in(Lang::ZhCn).len(), EXERCISES.len());
    assert_eq!(exercise_in("catch-rejected-messages", Lang::from_tag("xx")).unwrap(), ex_en);

    let by_id = texts::title(Kind::Exercise, "break-the-cycle", Lang::ZhCn).unwrap();
    assert_eq!(by_id, "打破死信循环");
    assert_eq!(
        texts::lookup(
            Kind::Tour,
            "tour-x-death-hops",
            &TextPath::tour_step(1),
            Lang::from_tag("fr")
        )
        .unwrap(),
        tour("tour-x-death-hops").unwrap().1.steps[1].text
    );
    assert_eq!(texts::lookup(Kind::Preset, "nope", &TextPath::key("title"), Lang::Ko), None);
}

#[test]
fn a_missing_translation_falls_back_to_english_field_by_field() {
    let v = json!({
        "version": 1, "id": "partial", "title": "Title", "description": "Description", "duration_ms": 1000,
        "queues": [{"name": "q"}],
        "i18n": {"ko": {"title": "제목", "description": "  "}, "ja": {"title": "題名"}},
        "tour": [{"at_ms": 0, "text": "One", "i18n": {"zh-CN": {"text": "一"}}}, {"at_ms": 1, "text": "Two"}]
    });
    let s = Scenario::from_json(v.clone()).unwrap();
    assert_eq!(s.title_in(Lang::Ko), "제목");
    assert_eq!(s.description_in(Lang::Ko), "Description", "a blank translation is a missing one");
    assert_eq!(s.title_in(Lang::ZhCn), "Title");
    assert_eq!(s.teaches_in(Lang::Ko), "");
    let steps: Vec<String> =
        Tour::read_in(&s, Lang::ZhCn).unwrap().steps.into_iter().map(|x| x.text).collect();
    assert_eq!(steps, ["一", "Two"]);
    let plain = Scenario::from_json(json!({"version": 1, "duration_ms": 10})).unwrap();
    assert_eq!(plain.title_in(Lang::Ko), "Untitled scenario");
    let paths: Vec<String> = lang::text_paths(&v).iter().map(ToString::to_string).collect();
    assert_eq!(paths, ["title", "description", "tour[0].text", "tour[1].text"]);
    assert_eq!(lang::localize(&v, Lang::ZhCn)["tour"][0], json!({"at_ms": 0, "text": "一"}));
}

#[test]
fn malformed_i18n_objects_are_refused_with_the_json_path() {
    let base = json!({"version": 1, "duration_ms": 1000, "title": "t", "tour": [{"at_ms": 0, "text": "a"}]});
    let cases = [
        ("/i18n", json!("ko"), "$.i18n: must be an object keyed by language"),
        ("/i18n", json!({"ko": "제목"}), "$.i18n.ko: must be an object of translated texts"),
        (
            "/i18n",
            json!({"ko": {"duration_ms": 5}}),
            "$.i18n.ko.duration_ms: is not a text that can be translated",
        ),
        (
            "/i18n",
            json!({"ko": {"title": 5}}),
            "$.i18n.ko.title: must be a string or a list of strings",
        ),
        ("/i18n", json!({"zh": {"title": "标题"}}), "$.i18n.zh: write the language as zh-CN"),
        ("/i18n", json!({"en": {"title": "x"}}), "$.i18n.en: English is the text itself"),
        (
            "/tour/0/i18n",
            json!({"ko": {"text": ["a", 1]}}),
            "$.tour[0].i18n.ko.text[1]: must be a string",
        ),
    ];
    for (at, value, want) in cases {
        let mut v = base.clone();
        let (parent, key) = at.rsplit_once('/').unwrap();
        v.pointer_mut(if parent.is_empty() { "" } else { parent }).unwrap()[key] = value;
        let err = Scenario::from_json(v.clone()).unwrap_err().to_string();
        assert!(err.contains(want), "{at}: got {err}");
        assert!(check_i18n(&v, "$").is_err());
    }
    let mut ex: Value = serde_json::from_str(EXERCISES[0].1).unwrap();
    ex["i18n"]["ko"]["goal"] = json!("x");
    let err = dlx_lab::scenario::workshop::broker_exercise::BrokerExercise::from_json(&ex)
        .unwrap_err()
        .to_string();
    assert!(err.contains("$.i18n.ko.goal: is not a text"), "{err}");
}

#[test]
fn translated_built_ins_run_exactly_like_the_english_ones() {
    for (id, _) in PRESETS.iter().chain(TOURS.iter()) {
        let en = if id.starts_with("tour-") { tour(id).unwrap().0 } else { preset(id).unwrap() };
        let en_run = run_to_end(&en).unwrap();
        for lang in Lang::TRANSLATED {
            let run = run_to_end(&en.localized(lang)).unwrap();
            assert_eq!(run.engine().events(), en_run.engine().events(), "{id} in {lang}");
        }
    }
    for (id, _) in EXERCISES {
        for lang in Lang::TRANSLATED {
            let ex = exercise_in(id, lang).unwrap();
            assert!(
                !ex.check(&ex.start_scenario().unwrap()).passed,
                "{id} in {lang}: the start still fails"
            );
            let v = ex.check(&ex.solution_scenario().unwrap());
            assert!(v.passed, "{id} in {lang}: {}", v.message());
        }
    }
}

/// The language files of the built-ins (`crates/translations/src/*.content.json`) hold nothing orphaned: each
/// entry names a built-in that exists, each pointer an object of it, and each overlay only the
/// texts `i18n` may carry (`check_i18n` on the built-in with its overlays back in place). The
/// built-ins' own files carry English only, so a translation has one home.
#[test]
fn the_language_files_of_the_built_ins_name_only_what_exists() {
    use dlx_lab::i18n::content;
    for l in Lang::TRANSLATED {
        let file = content::file_name(l).unwrap();
        let table = content::parse(content::source(l).unwrap())
            .unwrap_or_else(|e| panic!("{file} does not parse: {e}"));
        for (key, by_pointer) in &table {
            let (folder, id) = key.split_once('/').unwrap_or_else(|| panic!("{file}: {key}"));
            let kind = Kind::ALL
                .into_iter()
                .find(|k| k.folder() == folder)
                .unwrap_or_else(|| panic!("{file}: {key}: no such folder of built-ins"));
            let english = kind
                .sources()
                .iter()
                .find(|(i, _)| *i == id)
                .map(|(_, t)| *t)
                .unwrap_or_else(|| panic!("{file}: {key}: no such built-in"));
            let v: Value = serde_json::from_str(english).unwrap();
            for pointer in by_pointer.keys() {
                // Where `i18n` may stand: the built-in, its `start`, a tour step.
                let step =
                    pointer.strip_prefix("/tour/").is_some_and(|n| n.parse::<usize>().is_ok());
                assert!(
                    pointer.is_empty() || pointer == "/start" || step,
                    "{file}: {key}{pointer}: translations belong to the built-in, its start or a tour step"
                );
                assert!(
                    v.pointer(pointer).is_some_and(Value::is_object),
                    "{file}: {key}{pointer} names no object of the built-in"
                );
            }
            assert!(!english.contains("\"i18n\""), "{key} keeps translations in its own file");
            let whole: Value = serde_json::from_str(&kind.text(id).unwrap()).unwrap();
            check_i18n(&whole, "$").unwrap_or_else(|e| panic!("{file}: {key}: {e}"));
        }
    }
}
