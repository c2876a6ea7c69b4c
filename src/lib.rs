pub mod engine; pub mod scenario; pub mod systems; pub mod viz; #[cfg(feature = "web")] pub mod ui;
