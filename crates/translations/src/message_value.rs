//! A message as a value: its key and its arguments, worded in a language only where it is
//! shown. A layer that knows what happened but not who reads it (the views' geometry, a
//! domain type) returns a [`Message`]; the page words it in the reader's language, and the
//! same value compares equal whatever the language (two labels that say the same thing are one).

use std::fmt::Display;

use crate::Lang;

/// One argument of a message: a value written the same in every language, or another message
/// worded in the same language as the one that holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageArg {
    Value(String),
    Message(Box<Message>),
}

/// A catalogue key and its named arguments ([`message!`](crate::message) builds one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub key: &'static str,
    pub args: Vec<(&'static str, MessageArg)>,
}

/// What a message's argument may be: anything written the same in every language, or another
/// message.
pub trait IntoMessageArg {
    fn into_message_arg(self) -> MessageArg;
}

impl<T: Display> IntoMessageArg for T {
    fn into_message_arg(self) -> MessageArg {
        MessageArg::Value(self.to_string())
    }
}

impl IntoMessageArg for Message {
    fn into_message_arg(self) -> MessageArg {
        MessageArg::Message(Box::new(self))
    }
}

impl Message {
    /// The message `key` with no arguments yet.
    pub fn new(key: &'static str) -> Message {
        Message { key, args: Vec::new() }
    }

    /// The same message with argument `name` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl IntoMessageArg) -> Message {
        self.args.push((name, value.into_message_arg()));
        self
    }

    /// The message worded in `lang`, its message arguments worded in the same language.
    pub fn text(&self, lang: Lang) -> String {
        let worded: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(name, arg)| match arg {
                MessageArg::Value(v) => (*name, v.clone()),
                MessageArg::Message(m) => (*name, m.text(lang)),
            })
            .collect();
        let args: Vec<crate::Arg<'_>> =
            worded.iter().map(|(name, v)| (*name, v as &dyn Display)).collect();
        crate::text(lang, self.key, &args)
    }

    /// A message without arguments (a label) in `lang`, borrowed from the catalogue.
    pub fn label(&self, lang: Lang) -> &'static str {
        crate::label(lang, self.key)
    }
}

/// A message as a value: `message!("death-maxlen", overflow = "drop-head")`, worded later with
/// [`Message::text`]. Keys are string literals, so the native tests find and check each one
/// like those of `msg!`.
#[macro_export]
macro_rules! message {
    ($key:literal $(, $name:ident = $val:expr)* $(,)?) => {
        $crate::message_value::Message::new($key)$(.with(stringify!($name), $val))*
    };
}
