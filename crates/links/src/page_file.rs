//! Which built page serves an address. The app ships as four pages beside each other, each
//! with a module of its own, so a visitor downloads only what the page they open needs:
//! the playground (`index.html`), the embed (`embed.html`), the workshop with its exercises,
//! builder and text review (`workshop.html`) and the strategy comparison (`compare.html`).
//! Every page starts with a small script (`public/boot.js`, named by `index.html` and so by
//! every page made from it) that sends the browser to the page its query names, so every
//! older link keeps working.

/// One of the built pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageFile {
    /// The full playground, `index.html` (the folder's own address).
    Playground,
    /// The embedded player, `embed.html` (`?embed=1`).
    Embed,
    /// The workshop, one exercise, the exercise builder and the text review, `workshop.html`
    /// (`?workshop=1`, `?exercise=ID`, `?builder=1`, `?review=texts`).
    Workshop,
    /// The strategy comparison and its compact embed, `compare.html` (`?compare=…`).
    Compare,
}

impl PageFile {
    /// Every page, the playground first.
    pub const ALL: [PageFile; 4] =
        [PageFile::Playground, PageFile::Embed, PageFile::Workshop, PageFile::Compare];

    /// The page's file name in the built folder.
    pub fn file_name(self) -> &'static str {
        match self {
            PageFile::Playground => "index.html",
            PageFile::Embed => "embed.html",
            PageFile::Workshop => "workshop.html",
            PageFile::Compare => "compare.html",
        }
    }

    /// The page a query (with or without `?`) names, if it names one; a query that names
    /// none (a preset, a language, nothing) belongs to whichever page it is on. The
    /// comparison wins over the embed (`?compare=1&embed=1` is the comparison's embed).
    pub fn named_by(search: &str) -> Option<PageFile> {
        let params: Vec<&str> = search.trim_start_matches('?').split('&').collect();
        let has = |key: &str, values: &[&str]| {
            params.iter().any(|p| match p.split_once('=') {
                Some((k, v)) => k == key && (values.is_empty() || values.contains(&v)),
                None => *p == key,
            })
        };
        let named = |key: &str| {
            params.iter().any(|p| p.split_once('=').is_some_and(|(k, v)| k == key && !v.is_empty()))
        };
        if has("compare", &[]) {
            Some(PageFile::Compare)
        } else if has("embed", &["1"]) {
            Some(PageFile::Embed)
        } else if has("workshop", &["1"])
            || has("builder", &["1"])
            || has("review", &["texts"])
            || named("exercise")
        {
            Some(PageFile::Workshop)
        } else {
            None
        }
    }
}

/// The folder of a page's address, with its trailing `/`: where the other pages are.
/// `https://h/docs/dlx/index.html` and `https://h/docs/dlx/` both give `https://h/docs/dlx/`.
pub fn folder_of(url: &str) -> &str {
    let url = url.split(['?', '#']).next().unwrap_or(url);
    match url.rfind('/') {
        Some(i) => &url[..=i],
        None => "",
    }
}

/// The address of `page` beside the page at `url` (the playground is its folder's own
/// address, so a link to it stays tidy).
pub fn page_url(url: &str, page: PageFile) -> String {
    let folder = folder_of(url);
    match page {
        PageFile::Playground => folder.to_string(),
        other => format!("{folder}{}", other.file_name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_name_their_pages() {
        let cases = [
            ("", None),
            ("?", None),
            ("?lang=ko", None),
            ("?preset=four-reasons", None),
            ("?embed=1", Some(PageFile::Embed)),
            ("?embed", Some(PageFile::Embed)),
            ("?embed=0", None),
            ("?s=x&embed=1&t=5", Some(PageFile::Embed)),
            ("?compare=1", Some(PageFile::Compare)),
            ("?compare", Some(PageFile::Compare)),
            ("?compare=poison&embed=1", Some(PageFile::Compare)),
            ("?embed=1&compare=poison", Some(PageFile::Compare)),
            ("?workshop=1", Some(PageFile::Workshop)),
            ("?workshop", Some(PageFile::Workshop)),
            ("?exercise=ttl-wait-queue&lang=zh-CN", Some(PageFile::Workshop)),
            ("?exercise=", None),
            ("?builder=1", Some(PageFile::Workshop)),
            ("?review=texts", Some(PageFile::Workshop)),
            ("?review", Some(PageFile::Workshop)),
            ("?embedded=1", None),
            ("?xcompare=1", None),
        ];
        for (query, page) in cases {
            assert_eq!(PageFile::named_by(query), page, "{query}");
        }
    }

    #[test]
    fn pages_sit_beside_each_other() {
        assert_eq!(folder_of("https://h/docs/dlx/index.html"), "https://h/docs/dlx/");
        assert_eq!(folder_of("https://h/docs/dlx/"), "https://h/docs/dlx/");
        assert_eq!(folder_of("https://h/embed.html?embed=1#s=x"), "https://h/");
        assert_eq!(page_url("https://h/a/embed.html", PageFile::Playground), "https://h/a/");
        assert_eq!(page_url("https://h/a/", PageFile::Workshop), "https://h/a/workshop.html");
        let names: Vec<&str> = PageFile::ALL.iter().map(|p| p.file_name()).collect();
        assert_eq!(names, ["index.html", "embed.html", "workshop.html", "compare.html"]);
    }

    #[test]
    fn every_page_is_sent_to_and_built() {
        // index.html's first script (public/boot.js, in every page) sends the browser to each
        // page, and scripts/build-pages.sh builds each from a binary of its own.
        assert!(include_str!("../../../index.html").contains(r#"<script src="public/boot.js">"#));
        let index = include_str!("../../../public/boot.js");
        let build = include_str!("../../../scripts/build-pages.sh");
        let cargo = include_str!("../../../Cargo.toml");
        let list = build
            .lines()
            .find(|l| l.starts_with("pages=("))
            .expect("build-pages.sh lists its pages");
        for page in &PageFile::ALL[1..] {
            let file = page.file_name();
            let stem = file.trim_end_matches(".html");
            assert!(
                index.contains(&format!("? \"{file}\"")),
                "public/boot.js never sends to {file}"
            );
            assert!(list.contains(stem), "build-pages.sh does not build {file}: {list}");
            assert!(
                cargo.contains(&format!("name = \"dlx-lab-{stem}\"")),
                "no dlx-lab-{stem} binary"
            );
        }
    }
}
