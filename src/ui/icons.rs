//! The app's one icon set: small line drawings on a 24-unit grid, one stroke width, round caps
//! (`.icon-stroke` in style/tokens.css), drawn for DLX Lab. An icon is decoration: the button
//! that holds it carries the name (`aria-label` and `title`).

use leptos::prelude::*;

/// The icons there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    Play,
    Pause,
    StepBack,
    StepNext,
    ZoomIn,
    ZoomOut,
    Fit,
    Close,
    Menu,
    Info,
    Share,
}

/// The path data of an icon.
fn paths(icon: Icon) -> &'static [&'static str] {
    match icon {
        Icon::Play => &["M7 4.5v15l12.5-7.5z"],
        Icon::Pause => &["M8 5v14", "M16 5v14"],
        Icon::StepBack => &["M6 5v14", "M18 5.5v13L9 12z"],
        Icon::StepNext => &["M18 5v14", "M6 5.5v13L15 12z"],
        Icon::ZoomIn => &["M12 5v14", "M5 12h14"],
        Icon::ZoomOut => &["M5 12h14"],
        Icon::Fit => &["M4 9V4h5", "M15 4h5v5", "M20 15v5h-5", "M9 20H4v-5"],
        Icon::Close => &["M6 6l12 12", "M18 6L6 18"],
        Icon::Menu => &["M4 7h16", "M4 12h16", "M4 17h16"],
        Icon::Info => &["M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z", "M12 11v6", "M12 7.5v.5"],
        Icon::Share => &["M12 15V4", "M8 8l4-4l4 4", "M5 13v6h14v-6"],
    }
}

/// An icon as inline SVG, hidden from assistive technology.
pub fn icon(which: Icon) -> impl IntoView {
    view! {
        <svg class="icon-stroke" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {paths(which).iter().map(|d| view! { <path d=*d></path> }).collect_view()}
        </svg>
    }
}
