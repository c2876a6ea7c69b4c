//! The stylesheet does not turn a Korean or Chinese label into English capitals: the graph's
//! node kinds are upper-cased for English only (Korean writes the broker's word "exchange",
//! which capitals made read as an untranslated English label).

use std::fs;
use std::path::PathBuf;

#[test]
fn node_kinds_keep_their_case_in_korean_and_chinese() {
    let css = fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("style/main.css"))
        .unwrap();
    assert!(css.contains(".node .node-kind {") && css.contains("text-transform: uppercase"));
    for lang in ["ko", "zh-CN"] {
        let selector = format!(":lang({lang}) .node .node-kind");
        let rule = css
            .split('}')
            .find(|r| r.contains(&selector))
            .unwrap_or_else(|| panic!("no rule for {selector}"));
        assert!(rule.contains("text-transform: none"), "{rule}");
    }
}
