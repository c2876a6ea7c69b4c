//! Chooses the page from the URL: the embed (`?embed=1`), the workshop (`?workshop=1`), one
//! exercise (`?exercise=ID`), the exercise builder (`?builder=1`), the strategy comparison (`?compare=1` or `?compare=ID`, with
//! `&embed=1` its compact form), the text review (`?review=texts`), or the full playground.
//! [`Root`] holds every page (the browser tests mount it); each built page mounts only its
//! own root ([`PlaygroundRoot`], [`WorkshopRoot`], [`CompareRoot`], and the embed's
//! [`super::embed::embed_page::EmbedRoot`]), so its module holds only what it shows. Which
//! built page serves a query is [`crate::link::page_file`].

use leptos::prelude::*;

use super::compare::compare_page::{compare_requested, ComparePage};
use super::embed::embed_page::{embed_requested, EmbedRoot};
use super::playground::app::App;
use super::review::{review_requested, ReviewPage};
use super::workshop::builder_page::{builder_requested, BuilderPage};
use super::workshop::workshop_page::{exercise_requested, ExercisePage, WorkshopPage};
use crate::link::page_file::PageFile;

/// The page the URL asks for, by the rule that sends the browser between the built pages
/// ([`PageFile::named_by`]): one root for every page, which the browser tests mount.
#[component]
pub fn Root() -> impl IntoView {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    match PageFile::named_by(&search) {
        Some(PageFile::Compare) => view! { <CompareRoot /> }.into_any(),
        Some(PageFile::Embed) => view! { <EmbedRoot /> }.into_any(),
        Some(PageFile::Workshop) => view! { <WorkshopRoot /> }.into_any(),
        Some(PageFile::Playground) | None => view! { <PlaygroundRoot /> }.into_any(),
    }
}

/// The playground's own page (`index.html`): the full playground only.
#[component]
pub fn PlaygroundRoot() -> impl IntoView {
    super::locale::init();
    view! { <App /> }
}

/// The workshop's own page (`workshop.html`): one exercise, the builder, the text review,
/// else the workshop's list of exercises.
#[component]
pub fn WorkshopRoot() -> impl IntoView {
    super::locale::init();
    if builder_requested() {
        view! { <BuilderPage /> }.into_any()
    } else if let Some(id) = exercise_requested() {
        view! { <ExercisePage id=id /> }.into_any()
    } else if review_requested() {
        view! { <ReviewPage /> }.into_any()
    } else {
        view! { <WorkshopPage /> }.into_any()
    }
}

/// The comparison's own page (`compare.html`): the comparison, or its compact embed.
#[component]
pub fn CompareRoot() -> impl IntoView {
    super::locale::init();
    let asked = compare_requested().unwrap_or_default();
    view! { <ComparePage asked=asked embed=embed_requested() /> }
}
