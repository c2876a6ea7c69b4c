//! The playground's browser entry point (`index.html`): show panics on the page, then mount
//! the full playground to `<body>`. The other pages have entry points of their own.

fn main() {
    dlx_lab::ui::catalogue_fetch::boot(dlx_lab::ui::route::PlaygroundRoot);
}
