//! A message as a value: its key and its arguments, worded in a language only where it is
//! shown. A layer that knows what happened but not who reads it (the views' geometry, a
//! domain type) returns a [`Message`]; the page words it in the reader's language, and the
//! same value compares equal whatever the language (two labels that say the same thing are one).
//!
//! An argument is a value written the same in every language, another message (worded in the
//! same language as the one that holds it), or a list of those joined by a separator that is
//! itself a message (each language's own `, `, `; ` or ` or `).
//!
//! Some English is not the catalogue's: serde's own report of a field it could not decode or
//! of a JSON syntax error, which English keeps word for word while the other languages word
//! the kind of mistake serde reported. Such a message carries those words
//! ([`Message::in_english_as`]): in English it reads as given, in any other language from its
//! key and arguments, so the domain still says what it means in one value and no language is
//! chosen before the page words it.

use std::borrow::Cow;
use std::fmt::Display;

use crate::Lang;

/// One argument of a message: a value written the same in every language, another message
/// worded in the same language as the one that holds it, or a list of arguments joined by a
/// separator message ([`list`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageArg {
    Value(String),
    Message(Box<Message>),
    List { items: Vec<MessageArg>, sep: Box<Message> },
}

/// A catalogue key and its named arguments ([`message!`](crate::message) builds one), and
/// the words English reads instead of the catalogue's when they are given
/// ([`Message::in_english_as`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub key: &'static str,
    pub args: Vec<(&'static str, MessageArg)>,
    pub english: Option<String>,
}

/// What a message's argument may be: anything written the same in every language, another
/// message, or an argument already made.
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

impl IntoMessageArg for MessageArg {
    fn into_message_arg(self) -> MessageArg {
        self
    }
}

/// The arguments `items` as one, joined by `sep` worded in the same language
/// (`list(message!("list-sep"), keys)`); no items read as nothing.
pub fn list<T: IntoMessageArg>(sep: Message, items: impl IntoIterator<Item = T>) -> MessageArg {
    MessageArg::List {
        items: items.into_iter().map(IntoMessageArg::into_message_arg).collect(),
        sep: Box::new(sep),
    }
}

impl MessageArg {
    /// The argument in `lang`: a value as it is, a message or a list worded in `lang`.
    pub fn text(&self, lang: Lang) -> Cow<'_, str> {
        match self {
            MessageArg::Value(v) => Cow::Borrowed(v),
            MessageArg::Message(m) => Cow::Owned(m.text(lang)),
            MessageArg::List { items, sep } => {
                let sep = sep.text(lang);
                let mut out = String::new();
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(&sep);
                    }
                    out.push_str(&item.text(lang));
                }
                Cow::Owned(out)
            }
        }
    }
}

impl Message {
    /// The message `key` with no arguments yet.
    pub fn new(key: &'static str) -> Message {
        Message { key, args: Vec::new(), english: None }
    }

    /// The same message with argument `name` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl IntoMessageArg) -> Message {
        self.args.push((name, value.into_message_arg()));
        self
    }

    /// The same message, read in English as `words` rather than from the catalogue (serde's
    /// own report, which English keeps word for word); other languages word it from its key.
    pub fn in_english_as(mut self, words: impl Into<String>) -> Message {
        self.english = Some(words.into());
        self
    }

    /// The message worded in `lang`, its message arguments worded in the same language.
    pub fn text(&self, lang: Lang) -> String {
        if let (Lang::En, Some(words)) = (lang, &self.english) {
            return words.clone();
        }
        let worded: Vec<Cow<'_, str>> = self.args.iter().map(|(_, arg)| arg.text(lang)).collect();
        let args: Vec<crate::Arg<'_>> = self
            .args
            .iter()
            .zip(&worded)
            .map(|((name, _), w)| (*name, w as &dyn Display))
            .collect();
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
