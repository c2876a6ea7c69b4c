//! The embed's own browser entry point (`embed.html`): only the embedded player, so a
//! documentation page downloads a fraction of the playground. Panics show on the page.

fn main() {
    dlx_lab::ui::catalogue_fetch::boot(dlx_lab::ui::embed::embed_page::EmbedRoot);
}
