//! The workshop's own browser entry point (`workshop.html`): the workshop, its exercises, the
//! exercise builder and the text review, without the playground's or comparison's pages.

fn main() {
    dlx_lab::ui::catalogue_fetch::boot(dlx_lab::ui::route::WorkshopRoot);
}
