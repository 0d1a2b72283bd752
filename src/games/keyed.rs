//! What the handles on a game's words ([`End`](super::End), [`Tally`](super::Tally), the
//! cheats) share with the enums they once were: a key written in kebab case, printed for
//! debugging as the variant's name and read back from JSON and TOML as the derived enum
//! read it.

use std::fmt;
use std::marker::PhantomData;

/// A handle named by a kebab-case key, one of a list the registry makes.
pub(super) trait Keyed: Copy + 'static {
    /// The name of the enum it was, for serde's messages (`"Tally"`).
    const NAME: &'static str;
    /// The keys of the list, in its order: the enum's variants as serde named them.
    const KEYS: &'static [&'static str];

    /// The handle of the list whose key is `key`.
    fn from_key(key: &str) -> Option<Self>;

    /// The `index`th handle of the list.
    fn nth(index: usize) -> Option<Self>;
}

/// Whether two texts are the same, in a constant.
pub(super) const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether `a` sorts before `b`, byte by byte, in a constant.
pub(super) const fn before(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

/// `key` in upper camel case (`turn-stick` as `TurnStick`): how the enum's variant printed
/// for debugging.
pub(super) fn camel(f: &mut fmt::Formatter<'_>, key: &str) -> fmt::Result {
    for word in key.split('-') {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            write!(f, "{}{}", first.to_uppercase(), chars.as_str())?;
        }
    }
    Ok(())
}

/// Reads a handle of the list as the derived enum read its unit variants (a key, or a map
/// of the key to nothing); another key is an unknown variant.
pub(super) fn deserialize<'de, T: Keyed, D: serde::Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    d.deserialize_enum(T::NAME, T::KEYS, AsEnum(PhantomData))
}

/// Reads a handle as an enum: its key names the variant, which holds nothing.
struct AsEnum<T>(PhantomData<T>);

impl<'de, T: Keyed> serde::de::Visitor<'de> for AsEnum<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "enum {}", T::NAME)
    }

    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<T, A::Error> {
        use serde::de::VariantAccess;
        let (key, variant) = data.variant::<Key<T>>()?;
        variant.unit_variant()?;
        Ok(key.0)
    }
}

/// The key naming a handle, as an enum's variant is named.
struct Key<T>(T);

impl<'de, T: Keyed> serde::Deserialize<'de> for Key<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_identifier(KeyOf(PhantomData))
    }
}

/// Reads the key of a handle of `T`'s list.
struct KeyOf<T>(PhantomData<T>);

impl<T: Keyed> serde::de::Visitor<'_> for KeyOf<T> {
    type Value = Key<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }

    fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<Key<T>, E> {
        T::from_key(key)
            .map(Key)
            .ok_or_else(|| E::unknown_variant(key, T::KEYS))
    }

    fn visit_bytes<E: serde::de::Error>(self, key: &[u8]) -> Result<Key<T>, E> {
        match std::str::from_utf8(key) {
            Ok(key) => self.visit_str(key),
            Err(_) => Err(E::unknown_variant(&String::from_utf8_lossy(key), T::KEYS)),
        }
    }

    fn visit_u64<E: serde::de::Error>(self, index: u64) -> Result<Key<T>, E> {
        usize::try_from(index)
            .ok()
            .and_then(T::nth)
            .map(Key)
            .ok_or_else(|| {
                let expected = format!("variant index 0 <= i < {}", T::KEYS.len());
                E::invalid_value(serde::de::Unexpected::Unsigned(index), &expected.as_str())
            })
    }
}

/// The impls a handle named by a key shares with the enum it was: `keyed_impls!(T, key)`
/// hashes it by its key, prints it for debugging as the variant's name (`TurnStick`) and
/// writes its key in JSON; `keyed_impls!(T, key, listed)` also orders it as its list
/// (`T::ALL`, by `T::index`, then by key) and reads it back as the derived enum read it
/// (see [`deserialize`]; `T` is [`Keyed`]).
macro_rules! keyed_impls {
    ($ty:ident, $key:ident) => {
        impl std::hash::Hash for $ty {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.$key().hash(state);
            }
        }

        impl std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                $crate::games::keyed::camel(f, self.$key())
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.$key())
            }
        }
    };
    ($ty:ident, $key:ident, listed) => {
        $crate::games::keyed::keyed_impls!($ty, $key);

        impl PartialOrd for $ty {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $ty {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                (self.index(), self.$key()).cmp(&(other.index(), other.$key()))
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::games::keyed::deserialize(d)
            }
        }
    };
}
pub(super) use keyed_impls;
