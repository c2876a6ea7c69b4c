pub mod engine;
pub mod i18n;
pub mod scenario;
pub mod systems;
#[cfg(feature = "web")]
pub mod ui;
pub mod viz;
