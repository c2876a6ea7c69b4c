//! Chooses the page from the URL: the embed (`?embed=1`), the workshop (`?workshop=1`), one
//! exercise (`?exercise=ID`), the exercise builder (`?builder=1`), the strategy comparison (`?compare=1` or `?compare=ID`, with
//! `&embed=1` its compact form), the text review (`?review=texts`), or the full playground.

use leptos::prelude::*;

use super::compare::compare_page::{compare_requested, ComparePage};
use super::embed::embed_page::{embed_requested, EmbedApp};
use super::playground::app::App;
use super::review::{review_requested, ReviewPage};
use super::workshop::builder_page::{builder_requested, BuilderPage};
use super::workshop::workshop_page::{
    exercise_requested, workshop_requested, ExercisePage, WorkshopPage,
};

/// The page the URL asks for.
#[component]
pub fn Root() -> impl IntoView {
    // The link's language, else the remembered one, else the browser's.
    super::locale::init();
    if let Some(asked) = compare_requested() {
        view! { <ComparePage asked=asked embed=embed_requested() /> }.into_any()
    } else if embed_requested() {
        view! { <EmbedApp /> }.into_any()
    } else if builder_requested() {
        view! { <BuilderPage /> }.into_any()
    } else if let Some(id) = exercise_requested() {
        view! { <ExercisePage id=id /> }.into_any()
    } else if workshop_requested() {
        view! { <WorkshopPage /> }.into_any()
    } else if review_requested() {
        view! { <ReviewPage /> }.into_any()
    } else {
        view! { <App /> }.into_any()
    }
}
