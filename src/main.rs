//! Browser entry point: show panics on the page, then mount the page the URL asks for to `<body>`.

fn main() {
    dlx_lab::ui::fatal::install_panic_hook();
    leptos::mount::mount_to_body(dlx_lab::ui::Root);
    // The page's text-only loading notice (index.html) has done its work.
    if let Some(el) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("loading"))
    {
        el.remove();
    }
}
