//! The embed's own browser entry point (`embed.html`): only the embedded player, so a
//! documentation page downloads a fraction of the playground. Panics show on the page.

fn main() {
    dlx_lab::ui::fatal::install_panic_hook();
    leptos::mount::mount_to_body(dlx_lab::ui::embed::embed_page::EmbedRoot);
    // The page's text-only loading notice has done its work.
    if let Some(el) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("loading"))
    {
        el.remove();
    }
}
