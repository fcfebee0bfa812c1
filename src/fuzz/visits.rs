//! [`Visits`]: a type that deserializes any JSON value and records every call its
//! visitor gets, asking for its values in each of the ways serde types do, so that
//! `verify_into::<Visits>` takes every way `verify_into` reads a value, and two routes
//! that call the visitor differently give different `Visits`.

use std::fmt;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

/// Every visitor call for one value (see the module documentation). A member value is
/// asked for by the length of its name, an element by its index, modulo 3: skipped
/// (`deserialize_ignored_any`), as an `Option` (`deserialize_option`), or as is
/// (`deserialize_any`).
#[derive(Debug, Clone, PartialEq)]
pub enum Visits {
    /// `visit_bool`.
    Bool(bool),
    /// `visit_u64`.
    U64(u64),
    /// `visit_i64`.
    I64(i64),
    /// `visit_f64`.
    F64(f64),
    /// `visit_borrowed_str` (`true`) or `visit_str` (`false`).
    Str(String, bool),
    /// `visit_unit`.
    Unit,
    /// A value asked for as an `Option`: `visit_none`, or `visit_some` and the value.
    Optional(Option<Box<Visits>>),
    /// A value skipped with `IgnoredAny`.
    Skipped,
    /// `visit_map`: each name and what its value gave.
    Map(Vec<(String, Visits)>),
    /// `visit_seq`: each element.
    Seq(Vec<Visits>),
}

impl<'de> de::Deserialize<'de> for Visits {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Visits, D::Error> {
        d.deserialize_any(Record)
    }
}

struct Record;

impl<'de> Visitor<'de> for Record {
    type Value = Visits;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Visits, E> {
        Ok(Visits::Bool(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Visits, E> {
        Ok(Visits::U64(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Visits, E> {
        Ok(Visits::I64(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Visits, E> {
        Ok(Visits::F64(v))
    }

    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Visits, E> {
        Ok(Visits::Str(v.to_owned(), true))
    }

    fn visit_str<E>(self, v: &str) -> Result<Visits, E> {
        Ok(Visits::Str(v.to_owned(), false))
    }

    fn visit_unit<E>(self) -> Result<Visits, E> {
        Ok(Visits::Unit)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Visits, A::Error> {
        let mut members = Vec::new();
        while let Some(name) = map.next_key::<String>()? {
            let value = match name.chars().count() % 3 {
                0 => map.next_value::<IgnoredAny>().map(|_| Visits::Skipped)?,
                1 => Visits::Optional(map.next_value::<Option<Visits>>()?.map(Box::new)),
                _ => map.next_value::<Visits>()?,
            };
            members.push((name, value));
        }
        Ok(Visits::Map(members))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Visits, A::Error> {
        let mut elements = Vec::new();
        loop {
            let element = match elements.len() % 3 {
                0 => seq.next_element::<IgnoredAny>()?.map(|_| Visits::Skipped),
                1 => seq
                    .next_element::<Option<Visits>>()?
                    .map(|v| Visits::Optional(v.map(Box::new))),
                _ => seq.next_element::<Visits>()?,
            };
            match element {
                Some(e) => elements.push(e),
                None => return Ok(Visits::Seq(elements)),
            }
        }
    }
}
