//! The strategy comparison's own browser entry point (`compare.html`): the comparison and its
//! compact embed, without the playground's or workshop's pages.

fn main() {
    dlx_lab::ui::catalogue_fetch::boot(dlx_lab::ui::route::CompareRoot);
}
