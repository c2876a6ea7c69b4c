//! Browser entry point: show panics on the page, then mount the page the URL asks for to `<body>`.

fn main() {
    dlx_lab::ui::fatal::install_panic_hook();
    leptos::mount::mount_to_body(dlx_lab::ui::Root);
}
