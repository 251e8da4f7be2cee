//! Serde models of edu-sharing's JSON bodies.
//!
//! Every field is optional and every model is tolerant: the repository omits
//! fields freely, sends `size` as a string and numbers inside string arrays.
//! A value of the wrong JSON type is treated as absent rather than failing the
//! whole body, so one odd node never hides the other twenty.

use std::borrow::Cow;
use std::sync::{Arc, LazyLock, OnceLock};

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

/// `haystack` contains the ASCII `needle`, ignoring ASCII case.
fn contains_ascii_ci(haystack: &str, needle: &str) -> bool {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    n.is_empty() || h.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n))
}

/// Strip a `workspace://SpacesStore/` store-ref prefix, leaving the bare id.
pub fn strip_store_ref(value: &str) -> &str {
    let value = value.trim();
    match value.rfind('/') {
        Some(i) if value.starts_with("workspace://") => &value[i + 1..],
        _ => value,
    }
}

/// One search criterion of an edu-sharing search body: `{property, values}`.
/// Different criteria are ANDed by the repository.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Criterion {
    pub property: String,
    pub values: Vec<String>,
}

impl Criterion {
    pub fn new(property: impl Into<String>, values: Vec<String>) -> Self {
        Self {
            property: property.into(),
            values,
        }
    }
    pub fn one(property: impl Into<String>, value: impl Into<String>) -> Self {
        Self::new(property, vec![value.into()])
    }
}

/// Implements [`Lenient`] and `Deserialize` for a model struct whose every
/// field is read leniently: `field: "jsonKey" => ReadAs`, where `ReadAs` is the
/// field's type or a reader ([`Size`], [`Properties`]) that converts into it.
///
/// The shapes accepted are exactly those serde's derive accepts: an object
/// (unknown keys skipped, a repeated key keeps its last value) or an array of
/// at most as many elements as fields, in declaration order.
macro_rules! lenient_struct {
    ($ty:ident { $($field:ident : $key:literal => $read:ty),+ $(,)? }) => {
        impl Lenient for $ty {
            fn from_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
                let mut out = Self::default();
                while let Some(key) = map.next_key::<Key<'de>>()? {
                    match key.as_str() {
                        $($key => out.$field = map.next_value::<Lax<$read>>()?.into_value().into(),)+
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(Some(out))
            }

            fn from_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
                let mut out = Self::default();
                $(
                    match seq.next_element::<Lax<$read>>()? {
                        Some(value) => out.$field = value.into_value().into(),
                        None => return Ok(Some(out)),
                    }
                )+
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    drain_seq(seq)?;
                    return Ok(None);
                }
                Ok(Some(out))
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                Lax::<$ty>::deserialize(deserializer)?
                    .0
                    .ok_or_else(|| D::Error::custom(concat!("invalid ", stringify!($ty))))
            }
        }
    };
}

/// A repository node (content `ccm:io` or folder/collection `ccm:map`).
///
/// Read in one pass by a lenient visitor (`lenient_struct!`): unknown keys are
/// skipped, a field of the wrong type keeps its default, a repeated key keeps
/// its last value.
#[derive(Clone, Default)]
pub struct Node {
    pub node_ref: NodeRef,
    pub node_type: String,
    pub is_directory: bool,
    pub name: String,
    pub title: String,
    pub aspects: Vec<String>,
    pub properties: PropertyMap,
    pub preview: Option<Preview>,
    pub content: Option<Content>,
    pub download_url: Option<String>,
    pub mimetype: String,
    pub size: u64,
    pub is_public: Option<bool>,
    pub collection: Option<CollectionInfo>,
    /// The search layer's lower-cased matching text, made on first use (see
    /// [`Node::memo_text`]).
    memo_text: OnceLock<Box<str>>,
}

/// The data only: the memo is a by-product of reading it.
impl fmt::Debug for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Node")
            .field("node_ref", &self.node_ref)
            .field("node_type", &self.node_type)
            .field("is_directory", &self.is_directory)
            .field("name", &self.name)
            .field("title", &self.title)
            .field("aspects", &self.aspects)
            .field("properties", &self.properties)
            .field("preview", &self.preview)
            .field("content", &self.content)
            .field("download_url", &self.download_url)
            .field("mimetype", &self.mimetype)
            .field("size", &self.size)
            .field("is_public", &self.is_public)
            .field("collection", &self.collection)
            .finish()
    }
}

lenient_struct!(Node {
    node_ref: "ref" => NodeRef,
    node_type: "type" => String,
    is_directory: "isDirectory" => bool,
    name: "name" => String,
    title: "title" => String,
    aspects: "aspects" => Vec<String>,
    properties: "properties" => Properties,
    preview: "preview" => Option<Preview>,
    content: "content" => Option<Content>,
    download_url: "downloadUrl" => Option<String>,
    mimetype: "mimetype" => String,
    size: "size" => Size,
    is_public: "isPublic" => Option<bool>,
    collection: "collection" => Option<CollectionInfo>,
});

/// The title chain of [`Node::display_title`]: `cclom:title`, `cm:title`,
/// `cm:name`, `name`, `title`; the first that is not blank.
fn display_title<'a>(properties: &'a PropertyMap, name: &'a str, title: &'a str) -> &'a str {
    let first = |key| first_value(properties, key);
    first("cclom:title")
        .or_else(|| first("cm:title"))
        .or_else(|| first("cm:name"))
        .or_else(|| Some(name).filter(|s| !is_blank(s)))
        .or_else(|| Some(title).filter(|s| !is_blank(s)))
        .unwrap_or("")
}

/// `ref.id`, else `sys:node-uuid`.
fn node_id<'a>(node_ref: &'a NodeRef, properties: &'a PropertyMap) -> &'a str {
    if !node_ref.id.is_empty() {
        &node_ref.id
    } else {
        first_value(properties, "sys:node-uuid").unwrap_or("")
    }
}

/// Topic-page technical nodes: config folders (`PAGE_CONFIG_…`, or carrying
/// `ccm:page_config`) and page variants (`PAGE_VARIANT_…`, or carrying
/// `ccm:page_variant_config`). They are folders, but no collection anyone
/// should see or count.
fn is_topic_page_technical(name: &str, properties: &PropertyMap) -> bool {
    is_technical_name(name) || properties.technical
}

/// `PAGE_CONFIG…` or `PAGE_VARIANT…`, in any case.
fn is_technical_name(name: &str) -> bool {
    let name = name.trim().as_bytes();
    let starts = |prefix: &[u8]| name.len() >= prefix.len() && name[..prefix.len()].eq_ignore_ascii_case(prefix);
    starts(b"PAGE_CONFIG") || starts(b"PAGE_VARIANT")
}

/// The first value of `key` that is not blank.
fn first_value<'a>(properties: &'a PropertyMap, key: &str) -> Option<&'a str> {
    properties
        .get(key)
        .and_then(|values| values.first())
        .map(String::as_str)
        .filter(|s| !is_blank(s))
}

/// `s.trim().is_empty()`, decided at the first non-blank character: the
/// title and property checks run for every listed node of a tree walk.
pub(crate) fn is_blank(s: &str) -> bool {
    s.chars().all(char::is_whitespace)
}

/// Only the naming fields of a node, for reads that need nothing but titles
/// (the typo dictionary reads hundreds of collections): the rest of each
/// node is skipped unparsed.
#[derive(Debug, Clone, Default)]
pub struct Titled {
    node_ref: NodeRef,
    pub name: String,
    title: String,
    properties: PropertyMap,
}

lenient_struct!(Titled {
    node_ref: "ref" => NodeRef,
    name: "name" => String,
    title: "title" => String,
    properties: "properties" => Properties,
});

impl Titled {
    /// As [`Node::id`].
    pub fn id(&self) -> &str {
        node_id(&self.node_ref, &self.properties)
    }

    /// As [`Node::first`].
    pub fn first(&self, key: &str) -> Option<&str> {
        first_value(&self.properties, key)
    }

    /// As [`Node::display_title`].
    pub fn display_title(&self) -> &str {
        display_title(&self.properties, &self.name, &self.title)
    }

    /// As [`Node::is_topic_page_technical`].
    pub fn is_topic_page_technical(&self) -> bool {
        is_topic_page_technical(&self.name, &self.properties)
    }
}

#[derive(Debug, Clone, Default)]
pub struct NodeRef {
    pub id: String,
}

lenient_struct!(NodeRef { id: "id" => String });

#[derive(Debug, Clone, Default)]
pub struct Preview {
    pub url: String,
    pub is_icon: bool,
}

lenient_struct!(Preview { url: "url" => String, is_icon: "isIcon" => bool });

#[derive(Debug, Clone, Default)]
pub struct Content {
    pub url: Option<String>,
}

lenient_struct!(Content { url: "url" => Option<String> });

#[derive(Debug, Clone, Default)]
pub struct CollectionInfo {
    pub description: Option<String>,
    pub child_collections_count: Option<u64>,
    pub child_references_count: Option<u64>,
}

lenient_struct!(CollectionInfo {
    description: "description" => Option<String>,
    child_collections_count: "childCollectionsCount" => Option<u64>,
    child_references_count: "childReferencesCount" => Option<u64>,
});

#[derive(Debug, Clone, Copy, Default)]
pub struct Pagination {
    pub total: u64,
    pub from: u64,
    pub count: u64,
}

lenient_struct!(Pagination { total: "total" => u64, from: "from" => u64, count: "count" => u64 });

/// `{nodes, pagination}` — search results, children and parents share it.
/// The collection name index (E3) answers under `collections`; accepted too.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeList {
    #[serde(alias = "collections", alias = "parents", deserialize_with = "nodes")]
    pub nodes: Vec<Node>,
    #[serde(deserialize_with = "lenient")]
    pub pagination: Pagination,
}

/// One node of a shared listing: holding it costs a reference count, not a
/// copy of the node (tree walks answer with the nodes of cached listings).
#[derive(Clone)]
pub struct ListedNode {
    list: Arc<NodeList>,
    /// Always `< list.nodes.len()`: set only by [`ListedNode::all`], and the
    /// listing behind the `Arc` never changes.
    index: usize,
}

impl ListedNode {
    /// Every node of `list`, in order.
    pub fn all(list: &Arc<NodeList>) -> impl Iterator<Item = ListedNode> + '_ {
        (0..list.nodes.len()).map(|index| ListedNode {
            list: Arc::clone(list),
            index,
        })
    }
}

impl std::ops::Deref for ListedNode {
    type Target = Node;

    fn deref(&self) -> &Node {
        &self.list.nodes[self.index]
    }
}

impl std::borrow::Borrow<Node> for ListedNode {
    fn borrow(&self) -> &Node {
        self
    }
}

impl fmt::Debug for ListedNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

/// `{nodes}` read as [`Titled`] nodes.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct TitleList {
    #[serde(alias = "collections", deserialize_with = "nodes")]
    pub nodes: Vec<Titled>,
    #[serde(deserialize_with = "lenient")]
    pub pagination: Pagination,
}

/// Only the `pagination` of a `{nodes, pagination}` answer: a count read
/// skips its node instead of building it.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(default)]
pub struct ListTotal {
    #[serde(deserialize_with = "lenient")]
    pub pagination: Pagination,
}

/// `{node}` from a metadata read.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeEntry {
    #[serde(deserialize_with = "lenient")]
    pub node: Option<Node>,
}

/// `/textContent`: `text`, then `content`, then `raw` (sources disagree on the key).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeText {
    #[serde(deserialize_with = "lenient")]
    pub text: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub content: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub raw: Option<String>,
}

impl NodeText {
    pub fn into_text(self) -> Option<String> {
        [self.text, self.content, self.raw]
            .into_iter()
            .flatten()
            .find(|t| !t.trim().is_empty())
    }
}

/// edu-sharing's error body `{error, message, …}`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct ErrorBody {
    #[serde(deserialize_with = "lenient")]
    pub error: String,
    #[serde(deserialize_with = "lenient")]
    pub message: String,
}

impl Node {
    /// `ref.id`, else `sys:node-uuid`.
    pub fn id(&self) -> &str {
        node_id(&self.node_ref, &self.properties)
    }

    /// All values of a property (empty slice when absent).
    pub fn prop(&self, key: &str) -> &[String] {
        self.properties.get(key).unwrap_or(&[])
    }

    /// The first value of a property, when it is non-blank.
    pub fn first(&self, key: &str) -> Option<&str> {
        first_value(&self.properties, key)
    }

    /// Title chain: `cclom:title`, `cm:title`, `cm:name`, `name`, `title`.
    pub fn display_title(&self) -> &str {
        display_title(&self.properties, &self.name, &self.title)
    }

    /// `cclom:general_description`, else the collection description.
    pub fn description(&self) -> &str {
        self.first("cclom:general_description")
            .or_else(|| {
                self.collection
                    .as_ref()
                    .and_then(|c| c.description.as_deref())
                    .filter(|s| !s.trim().is_empty())
            })
            .unwrap_or("")
    }

    pub fn keywords(&self) -> &[String] {
        self.prop("cclom:general_keyword")
    }

    pub fn is_collection(&self) -> bool {
        self.node_type == "ccm:map" || self.is_directory
    }

    /// The id of the topic-page config folder, when this collection has a Themenseite.
    pub fn page_config_ref(&self) -> Option<&str> {
        self.first("ccm:page_config_ref")
            .map(strip_store_ref)
            .filter(|s| !s.is_empty())
    }

    /// A text derived from this node, made by `make` on the first call and
    /// kept with the node: a cached listing is filtered by the same text on
    /// every call. Only one kind of text may be kept (the text filter of
    /// tree walks); the fields it is made from never change after parsing.
    pub(crate) fn memo_text(&self, make: impl FnOnce(&Node) -> String) -> &str {
        self.memo_text.get_or_init(|| make(self).into_boxed_str())
    }

    /// A topic-page config folder or page variant: a folder, but not a
    /// collection (it is never shown, and never counted as a sub-collection).
    pub fn is_topic_page_technical(&self) -> bool {
        is_topic_page_technical(&self.name, &self.properties)
    }

    /// The primary parent's id (`virtual:primaryparent_nodeid`, store ref stripped).
    pub fn primary_parent(&self) -> Option<&str> {
        self.first("virtual:primaryparent_nodeid")
            .map(strip_store_ref)
            .filter(|s| !s.is_empty())
    }

    /// Deleted material shows up as placeholder hits ("Element wurde gelöscht").
    pub fn is_deleted_placeholder(&self) -> bool {
        const MARKERS: [&str; 2] = ["element wurde gelöscht", "element was removed"];
        let title = self.display_title();
        if title.trim().is_empty() {
            return true;
        }
        // Both markers start with "element w": most texts lack it, and the
        // check needs no lower-cased copy (this runs for every hit).
        let marked = |text: &str| {
            contains_ascii_ci(text, "element w") && {
                let lower = text.to_lowercase();
                MARKERS.iter().any(|m| lower.contains(m))
            }
        };
        marked(title) || marked(self.description())
    }

    /// The preview URL when it is a real thumbnail (not a generic icon).
    pub fn has_real_preview(&self) -> bool {
        self.preview.as_ref().is_some_and(|p| !p.url.is_empty() && !p.is_icon)
    }

    /// `ccm:wwwurl`, else `content.url`.
    pub fn link(&self) -> Option<&str> {
        self.first("ccm:wwwurl").or_else(|| {
            self.content
                .as_ref()
                .and_then(|c| c.url.as_deref())
                .filter(|s| !s.trim().is_empty())
        })
    }
}

// ---------------------------------------------------------------------------
// One-pass lenient reading.
//
// Every body is read straight into the typed structs: no `serde_json::Value`
// is built. A value of the wrong JSON type is skipped with `IgnoredAny` and the
// field keeps its default, which is what the former `Value` round trip did.
// ---------------------------------------------------------------------------

/// A type read leniently: each hook gets one JSON kind and answers `None` when
/// that kind is not acceptable (the caller then uses the default). A hook that
/// receives a sequence or map must consume it whole, even on a mismatch.
trait Lenient: Sized {
    fn from_str(_: &str) -> Option<Self> {
        None
    }
    fn from_string(value: String) -> Option<Self> {
        Self::from_str(&value)
    }
    fn from_u64(_: u64) -> Option<Self> {
        None
    }
    fn from_i64(_: i64) -> Option<Self> {
        None
    }
    fn from_f64(_: f64) -> Option<Self> {
        None
    }
    fn from_bool(_: bool) -> Option<Self> {
        None
    }
    fn from_null() -> Option<Self> {
        None
    }
    fn from_seq<'de, A: SeqAccess<'de>>(seq: A) -> Result<Option<Self>, A::Error> {
        drain_seq(seq)?;
        Ok(None)
    }
    fn from_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}

fn drain_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Reads any JSON value: `Some` when it has `T`'s shape, `None` (value skipped)
/// otherwise. Only a syntax error fails.
struct Lax<T>(Option<T>);

impl<T: Default> Lax<T> {
    fn into_value(self) -> T {
        self.0.unwrap_or_default()
    }
}

impl<'de, T: Lenient> Deserialize<'de> for Lax<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(LaxVisitor(PhantomData)).map(Lax)
    }
}

struct LaxVisitor<T>(PhantomData<T>);

impl<'de, T: Lenient> Visitor<'de> for LaxVisitor<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(T::from_bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(T::from_i64(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(T::from_u64(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(T::from_f64(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(T::from_str(v))
    }
    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        Ok(T::from_string(v))
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(T::from_null())
    }
    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(T::from_null())
    }
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        Ok(Lax::<T>::deserialize(deserializer)?.0)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        T::from_seq(seq)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        T::from_map(map)
    }
}

impl Lenient for String {
    fn from_str(value: &str) -> Option<Self> {
        Some(value.to_owned())
    }
    fn from_string(value: String) -> Option<Self> {
        Some(value)
    }
}

impl Lenient for bool {
    fn from_bool(value: bool) -> Option<Self> {
        Some(value)
    }
}

impl Lenient for u64 {
    fn from_u64(value: u64) -> Option<Self> {
        Some(value)
    }
    fn from_i64(value: i64) -> Option<Self> {
        u64::try_from(value).ok()
    }
}

/// `null` is `None`; any other value must have `T`'s shape (else the default, `None`).
impl<T: Lenient> Lenient for Option<T> {
    fn from_str(value: &str) -> Option<Self> {
        T::from_str(value).map(Some)
    }
    fn from_string(value: String) -> Option<Self> {
        T::from_string(value).map(Some)
    }
    fn from_u64(value: u64) -> Option<Self> {
        T::from_u64(value).map(Some)
    }
    fn from_i64(value: i64) -> Option<Self> {
        T::from_i64(value).map(Some)
    }
    fn from_f64(value: f64) -> Option<Self> {
        T::from_f64(value).map(Some)
    }
    fn from_bool(value: bool) -> Option<Self> {
        T::from_bool(value).map(Some)
    }
    fn from_null() -> Option<Self> {
        Some(None)
    }
    fn from_seq<'de, A: SeqAccess<'de>>(seq: A) -> Result<Option<Self>, A::Error> {
        Ok(T::from_seq(seq)?.map(Some))
    }
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<Option<Self>, A::Error> {
        Ok(T::from_map(map)?.map(Some))
    }
}

/// An array whose every element has `T`'s shape; one odd element voids the
/// whole array (as a typed `Vec<T>` parse did). The rest is still consumed.
impl<T: Lenient> Lenient for Vec<T> {
    fn from_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
        let mut ok = true;
        while let Some(Lax(item)) = seq.next_element::<Lax<T>>()? {
            match item {
                Some(item) if ok => out.push(item),
                _ => ok = false,
            }
        }
        Ok(ok.then_some(out))
    }
}

/// An object key, borrowed from the input when it has no escapes.
enum Key<'de> {
    Borrowed(&'de str),
    Owned(String),
}

impl Key<'_> {
    fn as_str(&self) -> &str {
        match self {
            Key::Borrowed(s) => s,
            Key::Owned(s) => s,
        }
    }
}

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object key")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Key::Borrowed(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Key::Owned(v.to_owned()))
            }
            fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
                Ok(Key::Owned(v))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// `size` arrives as a string ("12345"), sometimes as a number; else 0.
#[derive(Default)]
struct Size(u64);

impl From<Size> for u64 {
    fn from(size: Size) -> u64 {
        size.0
    }
}

impl Lenient for Size {
    fn from_str(value: &str) -> Option<Self> {
        Some(Size(value.trim().parse().unwrap_or(0)))
    }
    fn from_u64(value: u64) -> Option<Self> {
        Some(Size(value))
    }
}

/// A scalar's text: strings as they are, numbers as serde_json prints them,
/// booleans as `true`/`false`. `null`, arrays and objects have none.
struct Scalar(String);

impl Lenient for Scalar {
    fn from_str(value: &str) -> Option<Self> {
        Some(Scalar(value.to_owned()))
    }
    fn from_string(value: String) -> Option<Self> {
        Some(Scalar(value))
    }
    fn from_u64(value: u64) -> Option<Self> {
        Some(Scalar(value.to_string()))
    }
    fn from_i64(value: i64) -> Option<Self> {
        Some(Scalar(value.to_string()))
    }
    fn from_f64(value: f64) -> Option<Self> {
        serde_json::Number::from_f64(value).map(|n| Scalar(n.to_string()))
    }
    fn from_bool(value: bool) -> Option<Self> {
        Some(Scalar(value.to_string()))
    }
}

/// One property's values: an array keeps its scalar elements, a lone scalar
/// becomes a one-element list, anything else (`null`, an object) an empty one.
#[derive(Default)]
struct Values(PropValues);

impl Values {
    fn one(value: String) -> Option<Self> {
        Some(Values(PropValues::One(value)))
    }
}

impl Lenient for Values {
    fn from_str(value: &str) -> Option<Self> {
        Self::one(value.to_owned())
    }
    fn from_string(value: String) -> Option<Self> {
        Self::one(value)
    }
    fn from_u64(value: u64) -> Option<Self> {
        Scalar::from_u64(value).and_then(|s| Self::one(s.0))
    }
    fn from_i64(value: i64) -> Option<Self> {
        Scalar::from_i64(value).and_then(|s| Self::one(s.0))
    }
    fn from_f64(value: f64) -> Option<Self> {
        Some(Scalar::from_f64(value).and_then(|s| Self::one(s.0)).unwrap_or_default())
    }
    fn from_bool(value: bool) -> Option<Self> {
        Scalar::from_bool(value).and_then(|s| Self::one(s.0))
    }
    fn from_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        // Most properties hold one value: read it before allocating a list.
        let first = loop {
            match seq.next_element::<Lax<Scalar>>()? {
                None => return Ok(Some(Values::default())),
                Some(Lax(Some(value))) => break value.0,
                Some(Lax(None)) => {}
            }
        };
        let mut rest = Vec::new();
        while let Some(Lax(item)) = seq.next_element::<Lax<Scalar>>()? {
            rest.extend(item.map(|s| s.0));
        }
        if rest.is_empty() {
            return Ok(Self::one(first));
        }
        rest.insert(0, first);
        Ok(Some(Values(PropValues::Many(rest.into_boxed_slice()))))
    }
}

/// Properties are `{key: [string]}`; tolerate scalars, numbers and nulls.
/// A non-object `properties` is an empty map.
#[derive(Default)]
struct Properties(PropertyMap);

impl From<Properties> for PropertyMap {
    fn from(properties: Properties) -> Self {
        properties.0
    }
}

impl Lenient for Properties {
    fn from_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut entries = Vec::with_capacity(32);
        while let Some(key) = map.next_key::<Key<'de>>()? {
            let Lax(values) = map.next_value::<Lax<Values>>()?;
            let key = match key {
                Key::Borrowed(k) => PropertyMap::intern(k),
                Key::Owned(k) => Cow::Owned(k),
            };
            entries.push((key, values.unwrap_or_default().0));
        }
        Ok(Some(Properties(PropertyMap::from_entries(entries))))
    }
}

/// The property keys the tools ask for, shared instead of allocated per node.
static KNOWN_KEYS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut keys: Vec<&'static str> = super::DISPLAY_PROPS
        .iter()
        .chain(super::TOPIC_PAGE_PROPS)
        .chain(&[
            "ccm:page_config",
            "ccm:oeh_intended_end_user_role",
            "ccm:original",
            "cm:created",
            "cm:modified",
        ])
        .copied()
        .collect();
    keys.sort_unstable_by(|a, b| key_order(a, b));
    keys.dedup();
    keys
});

/// A node's properties, sorted by key length and key. Compact on purpose: a node carries
/// 20–60 keys, is read many times and never grows after parsing, so a sorted
/// vector with shared key names takes about half the memory of a `BTreeMap`
/// of owned strings.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct PropertyMap {
    entries: Vec<(Cow<'static, str>, PropValues)>,
    /// The properties' half of [`is_topic_page_technical`], kept up to date by
    /// every change: tree walks ask it of hundreds of cached nodes per call.
    technical: bool,
}

/// One property's values. Most properties hold exactly one value, which is
/// then stored without a list of its own (one allocation less per property).
/// Always canonical: a single value is `One`, so derived equality holds.
#[derive(Clone, PartialEq, Eq)]
enum PropValues {
    One(String),
    Many(Box<[String]>),
}

impl Default for PropValues {
    fn default() -> Self {
        PropValues::Many(Box::default())
    }
}

impl PropValues {
    fn from_vec(mut values: Vec<String>) -> Self {
        match (values.pop(), values.is_empty()) {
            (Some(only), true) => PropValues::One(only),
            (Some(last), false) => {
                values.push(last);
                PropValues::Many(values.into_boxed_slice())
            }
            (None, _) => PropValues::default(),
        }
    }

    fn as_slice(&self) -> &[String] {
        match self {
            PropValues::One(value) => std::slice::from_ref(value),
            PropValues::Many(values) => values,
        }
    }
}

/// Printed as a map sorted by key, like the `BTreeMap` it replaces.
impl fmt::Debug for PropertyMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut entries: Vec<(&str, &[String])> = self.iter().collect();
        entries.sort_unstable_by_key(|(k, _)| *k);
        f.debug_map().entries(entries).finish()
    }
}

/// The storage order of property keys: by length, then bytes. Most lookups
/// are settled by the length alone (many keys share the `ccm:` prefix, which
/// a plain string order would compare again and again).
fn key_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.as_bytes().cmp(b.as_bytes()))
}

impl PropertyMap {
    fn intern(key: &str) -> Cow<'static, str> {
        // KNOWN_KEYS is ordered by length first: only the few keys of the
        // same length are compared byte by byte.
        let keys = &KNOWN_KEYS[..];
        let start = keys.partition_point(|known| known.len() < key.len());
        let same_length = keys[start..].iter().take_while(|known| known.len() == key.len());
        match same_length.copied().find(|known| *known == key) {
            Some(known) => Cow::Borrowed(known),
            None => Cow::Owned(key.to_owned()),
        }
    }

    /// Sort by key; of a repeated key the last value wins (as in JSON readers).
    fn from_entries(mut entries: Vec<(Cow<'static, str>, PropValues)>) -> PropertyMap {
        entries.reverse();
        // Stable: among equal keys the last one read now comes first, and is kept.
        entries.sort_by(|a, b| key_order(&a.0, &b.0));
        entries.dedup_by(|later, kept| later.0 == kept.0);
        entries.shrink_to_fit();
        let mut map = PropertyMap {
            entries,
            technical: false,
        };
        map.technical = map.marks_technical();
        map
    }

    /// A technical `cm:name`, or a non-blank `ccm:page_config` or
    /// `ccm:page_variant_config` (see [`is_topic_page_technical`]).
    fn marks_technical(&self) -> bool {
        first_value(self, "cm:name").is_some_and(is_technical_name)
            || first_value(self, "ccm:page_config").is_some()
            || first_value(self, "ccm:page_variant_config").is_some()
    }

    fn position(&self, key: &str) -> Result<usize, usize> {
        // By length first (cheap integer compares), then among the few keys
        // of that length.
        let start = self.entries.partition_point(|(k, _)| k.len() < key.len());
        let same_length = self.entries[start..].iter().take_while(|(k, _)| k.len() == key.len());
        let mut at = start;
        for (k, _) in same_length {
            match k.as_bytes().cmp(key.as_bytes()) {
                std::cmp::Ordering::Less => at += 1,
                std::cmp::Ordering::Equal => return Ok(at),
                std::cmp::Ordering::Greater => break,
            }
        }
        Err(at)
    }

    /// The values of `key`.
    pub fn get(&self, key: &str) -> Option<&[String]> {
        self.position(key).ok().map(|i| self.entries[i].1.as_slice())
    }

    /// Set the values of `key`, replacing any.
    pub fn insert(&mut self, key: &str, values: Vec<String>) {
        let values = PropValues::from_vec(values);
        match self.position(key) {
            Ok(i) => self.entries[i].1 = values,
            Err(i) => self.entries.insert(i, (Self::intern(key), values)),
        }
        self.technical = self.marks_technical();
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The keys, in storage order (by length, then bytes).
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(k, _)| k.as_ref())
    }

    /// Key and values, in storage order (by length, then bytes).
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[String])> {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v.as_slice()))
    }
}

/// A node list: an element that is not a node (a string, a number, `null`, an
/// over-long array) is skipped instead of failing the list; a non-array is empty.
struct Nodes<T>(Vec<T>);

impl<T> Default for Nodes<T> {
    fn default() -> Self {
        Nodes(Vec::new())
    }
}

impl<T: Lenient> Lenient for Nodes<T> {
    fn from_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
        while let Some(Lax(node)) = seq.next_element::<Lax<T>>()? {
            out.extend(node);
        }
        Ok(Some(Nodes(out)))
    }
}

/// Deserialize any value, falling back to the default when it has the wrong shape.
fn lenient<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Lenient + Default,
{
    Ok(Lax::<T>::deserialize(deserializer)?.into_value())
}

fn nodes<'de, D: Deserializer<'de>, T: Lenient>(deserializer: D) -> Result<Vec<T>, D::Error> {
    Ok(Lax::<Nodes<T>>::deserialize(deserializer)?.into_value().0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topic_page_technical_nodes() {
        use serde_json::json;
        let cases = [
            (json!({"name": "PAGE_CONFIG_abc"}), true),
            (json!({"properties": {"cm:name": ["page_variant_x"]}}), true),
            (json!({"name": "x", "properties": {"ccm:page_config": ["{}"]}}), true),
            (
                json!({"name": " page_variant_1", "properties": {"cclom:title": ["Physik verstehen"]}}),
                true,
            ),
            (
                json!({"name": "v", "properties": {"ccm:page_variant_config": ["{}"]}}),
                true,
            ),
            (json!({"name": "PAGE"}), false),
            (
                json!({"name": "Algebra", "properties": {"cm:name": ["Algebra"]}}),
                false,
            ),
        ];
        for (body, technical) in cases {
            let node: Node = serde_json::from_value(body.clone()).unwrap();
            assert_eq!(node.is_topic_page_technical(), technical, "{body}");
            // A names-only listing (read just to be counted) decides alike.
            let names: TitleList = serde_json::from_value(json!({"nodes": [body.clone()]})).unwrap();
            assert_eq!(names.nodes[0].is_topic_page_technical(), technical, "{body}");
        }
    }

    #[test]
    fn tolerant_node_parsing() {
        let node: Node = serde_json::from_value(serde_json::json!({
            "ref": {"id": "abc"},
            "type": "ccm:io",
            "size": "1234",
            "properties": {"cclom:title": ["Titel"], "x": "scalar", "n": [1, null]},
            "preview": "not an object",
            "isPublic": "yes"
        }))
        .unwrap();
        assert_eq!(node.id(), "abc");
        assert_eq!(node.size, 1234);
        assert_eq!(node.display_title(), "Titel");
        assert_eq!(node.prop("x"), ["scalar"]);
        assert_eq!(node.prop("n"), ["1"]);
        assert!(node.preview.is_none());
        assert_eq!(node.is_public, None);
    }

    #[test]
    fn a_names_only_read_titles_like_a_full_node() {
        let bodies = [
            json!({"properties": {"cclom:title": ["  "], "cm:title": ["Titel"]}, "name": "n", "title": "t"}),
            json!({"properties": {"cm:name": ["datei.pdf"]}, "ref": {"id": "x"}, "preview": {"url": "u"}}),
            json!({"name": " ", "title": "Nur title", "collection": {"childReferencesCount": 3}}),
            json!({"properties": "junk", "name": ["not", "a", "string"]}),
        ];
        for body in bodies {
            let node: Node = serde_json::from_value(body.clone()).unwrap();
            let list: TitleList = serde_json::from_value(json!({"nodes": [body.clone(), 7]})).unwrap();
            assert_eq!(list.nodes.len(), 1, "{body}");
            assert_eq!(list.nodes[0].display_title(), node.display_title(), "{body}");
        }
        let list: TitleList = serde_json::from_value(json!({"collections": [{"title": "E3"}]})).unwrap();
        assert_eq!(list.nodes[0].display_title(), "E3");
    }

    #[test]
    fn a_count_answer_reads_only_the_total() {
        let total = |body: serde_json::Value| serde_json::from_value::<ListTotal>(body).unwrap().pagination.total;
        let node = serde_json::json!({"ref": {"id": "a"}, "properties": {"cm:name": ["a"]}});
        assert_eq!(
            total(serde_json::json!({"nodes": [node], "pagination": {"total": 20, "count": 1}})),
            20
        );
        assert_eq!(
            total(serde_json::json!({"pagination": {"total": 7}, "nodes": "junk"})),
            7
        );
        assert_eq!(total(serde_json::json!({"nodes": []})), 0);
        assert!(serde_json::from_str::<ListTotal>("{\"pagination\": {\"total\": 3}").is_err());
    }

    #[test]
    fn store_refs_are_stripped() {
        assert_eq!(strip_store_ref("workspace://SpacesStore/abc-1"), "abc-1");
        assert_eq!(strip_store_ref(" abc-1 "), "abc-1");
    }

    #[test]
    fn property_map_is_sorted_and_shares_known_keys() {
        let n = node(json!({"properties": {"zz:unknown": ["z"], "cclom:title": ["T"], "aa:other": "a"}}));
        assert_eq!(
            n.properties.keys().collect::<Vec<_>>(),
            ["aa:other", "zz:unknown", "cclom:title"]
        );
        assert!(
            matches!(n.properties.entries[2].0, Cow::Borrowed(_)),
            "a requested key is not allocated"
        );
        assert!(matches!(n.properties.entries[1].0, Cow::Owned(_)));
        let mut p = n.properties.clone();
        p.insert("bb:new", vec!["b".into()]);
        p.insert("cclom:title", vec!["U".into()]);
        assert_eq!(
            p.keys().collect::<Vec<_>>(),
            ["bb:new", "aa:other", "zz:unknown", "cclom:title"]
        );
        assert_eq!(p.get("cclom:title"), Some(&["U".to_string()][..]));
        assert_eq!(p.get("missing"), None);
        assert_eq!(p.len(), 4);
        assert_eq!(
            format!("{:?}", n.properties),
            r#"{"aa:other": ["a"], "cclom:title": ["T"], "zz:unknown": ["z"]}"#
        );
    }

    #[test]
    fn placeholders_are_detected() {
        let mut node = Node::default();
        assert!(node.is_deleted_placeholder());
        node.properties
            .insert("cclom:title", vec!["Element wurde gelöscht".into()]);
        assert!(node.is_deleted_placeholder());
        node.properties.insert("cclom:title", vec!["Bruch".into()]);
        assert!(!node.is_deleted_placeholder());
        // Any case, and in the description too.
        node.properties
            .insert("cclom:title", vec!["ELEMENT WURDE GELÖSCHT".into()]);
        assert!(node.is_deleted_placeholder());
        node.properties.insert("cclom:title", vec!["Bruch".into()]);
        node.properties
            .insert("cclom:general_description", vec!["Dieses Element was removed.".into()]);
        assert!(node.is_deleted_placeholder());
        node.properties
            .insert("cclom:general_description", vec!["Das Element wird erklärt.".into()]);
        assert!(!node.is_deleted_placeholder());
    }

    use serde_json::json;

    fn node(value: serde_json::Value) -> Node {
        serde_json::from_str(&value.to_string()).expect("node")
    }

    fn list(text: &str) -> NodeList {
        serde_json::from_str(text).expect("node list")
    }

    /// The one-pass parser and the former `Value` parser agree on `text`,
    /// for every body type, including whether the body fails.
    fn assert_same(text: &str) {
        fn both<N: serde::de::DeserializeOwned + std::fmt::Debug, L: serde::de::DeserializeOwned + std::fmt::Debug>(
            text: &str,
        ) {
            let new = format!("{:?}", serde_json::from_str::<N>(text).ok());
            let old = format!("{:?}", serde_json::from_str::<L>(text).ok());
            assert_eq!(new, old, "body: {text}");
        }
        both::<NodeList, legacy::NodeList>(text);
        both::<NodeEntry, legacy::NodeEntry>(text);
        both::<NodeText, legacy::NodeText>(text);
        both::<ErrorBody, legacy::ErrorBody>(text);
        // A node inside a list and inside an entry goes through the old `Value` path.
        let wrapped = format!("{{\"nodes\": [{text}], \"node\": {text}}}");
        both::<NodeList, legacy::NodeList>(&wrapped);
        both::<NodeEntry, legacy::NodeEntry>(&wrapped);
        // And through `from_value`, as the other modules' tests build nodes.
        if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
            let new = format!("{:?}", serde_json::from_value::<Node>(value.clone()).ok());
            let old = format!("{:?}", serde_json::from_value::<legacy::Node>(value).ok());
            assert_eq!(new, old, "from_value: {text}");
        }
    }

    #[test]
    fn wrong_typed_node_fields_default() {
        let n = node(json!({
            "ref": "abc", "type": 7, "isDirectory": "true", "name": ["n"], "title": {"t": 1},
            "aspects": ["a", 1], "properties": {"cclom:title": ["T"]}, "preview": 3,
            "content": "c", "downloadUrl": false, "mimetype": null, "size": true,
            "isPublic": "yes", "collection": []
        }));
        assert_eq!(n.node_ref.id, "");
        assert_eq!(n.node_type, "");
        assert!(!n.is_directory);
        assert_eq!((n.name.as_str(), n.title.as_str(), n.mimetype.as_str()), ("", "", ""));
        assert!(n.aspects.is_empty(), "one odd element voids the array");
        assert_eq!(n.prop("cclom:title"), ["T"], "fields after odd ones still parse");
        assert!(n.preview.is_none() && n.content.is_none() && n.download_url.is_none());
        assert_eq!(n.size, 0);
        assert_eq!(n.is_public, None);
        // `[]` is a (field-less) CollectionInfo in serde's sequence form.
        assert!(n.collection.is_some());
    }

    #[test]
    fn wrong_typed_nested_fields_default() {
        let n = node(json!({
            "ref": {"id": 5},
            "preview": {"url": 1, "isIcon": "no"},
            "content": {"url": ["x"]},
            "collection": {"description": 2, "childCollectionsCount": -1, "childReferencesCount": 1.5}
        }));
        assert_eq!(n.node_ref.id, "");
        let preview = n.preview.expect("an object is a preview");
        assert_eq!((preview.url.as_str(), preview.is_icon), ("", false));
        assert_eq!(n.content.expect("content").url, None);
        let c = n.collection.expect("collection");
        assert_eq!(
            (c.description, c.child_collections_count, c.child_references_count),
            (None, None, None)
        );

        let n = node(json!({
            "ref": {"id": "r"}, "preview": {"url": "u", "isIcon": false}, "content": {"url": "c"},
            "collection": {"description": "d", "childCollectionsCount": 3, "childReferencesCount": 4},
            "isPublic": true, "downloadUrl": "dl", "isDirectory": true, "aspects": ["a", "b"]
        }));
        assert_eq!(n.id(), "r");
        assert!(n.has_real_preview() && n.is_collection());
        assert_eq!(n.link(), Some("c"));
        assert_eq!(n.description(), "d");
        let c = n.collection.unwrap();
        assert_eq!(
            (c.child_collections_count, c.child_references_count),
            (Some(3), Some(4))
        );
        assert_eq!((n.is_public, n.download_url.as_deref()), (Some(true), Some("dl")));
        assert_eq!(n.aspects, ["a", "b"]);
    }

    #[test]
    fn wrong_typed_list_and_body_fields_default() {
        let l = list(r#"{"nodes": [], "pagination": {"total": "9", "from": -1, "count": 2.0}}"#);
        assert_eq!((l.pagination.total, l.pagination.from, l.pagination.count), (0, 0, 0));
        let l = list(r#"{"nodes": {"a": 1}, "pagination": "p"}"#);
        assert!(l.nodes.is_empty());
        assert_eq!(l.pagination.total, 0);
        let l = list(r#"{"pagination": {"total": 30, "from": 5, "count": 25}}"#);
        assert_eq!((l.pagination.total, l.pagination.from, l.pagination.count), (30, 5, 25));

        let e: NodeEntry = serde_json::from_str(r#"{"node": "x"}"#).unwrap();
        assert!(e.node.is_none());
        let e: NodeEntry = serde_json::from_str(r#"{"node": {"ref": {"id": "i"}}}"#).unwrap();
        assert_eq!(e.node.unwrap().id(), "i");

        let t: NodeText = serde_json::from_str(r#"{"text": 1, "content": " ", "raw": "r"}"#).unwrap();
        assert_eq!(t.into_text().as_deref(), Some("r"));
        let t: NodeText = serde_json::from_str(r#"{"text": "t", "raw": ["r"]}"#).unwrap();
        assert_eq!(t.into_text().as_deref(), Some("t"));

        let e: ErrorBody = serde_json::from_str(r#"{"error": 500, "message": "m"}"#).unwrap();
        assert_eq!((e.error.as_str(), e.message.as_str()), ("", "m"));
    }

    #[test]
    fn size_forms() {
        for (size, want) in [
            (json!("1234"), 1234),
            (json!(" 77 "), 77),
            (json!(88), 88),
            (json!("x"), 0),
            (json!("-5"), 0),
            (json!(-5), 0),
            (json!(1.5), 0),
            (json!(null), 0),
            (json!([1]), 0),
            (json!({"v": 1}), 0),
        ] {
            assert_eq!(node(json!({"size": size})).size, want, "size {size}");
        }
    }

    #[test]
    fn properties_forms() {
        let n = node(json!({"properties": {
            "list": ["a", 1, -2, 1.5, true, null, ["nested"], {"o": 1}, "b"],
            "scalar": "s", "num": 42, "bool": false, "null": null, "obj": {"k": "v"}, "empty": []
        }}));
        assert_eq!(n.prop("list"), ["a", "1", "-2", "1.5", "true", "b"]);
        assert_eq!(n.prop("scalar"), ["s"]);
        assert_eq!(n.prop("num"), ["42"]);
        assert_eq!(n.prop("bool"), ["false"]);
        // null and object values keep the key with no values.
        assert_eq!(n.properties.get("null"), Some(&[][..]));
        assert_eq!(n.properties.get("obj"), Some(&[][..]));
        assert_eq!(n.properties.get("empty"), Some(&[][..]));
        for bad in [json!("p"), json!(["a"]), json!(3), json!(null)] {
            assert!(node(json!({"properties": bad})).properties.is_empty());
        }
        // A repeated key keeps its last value, as the `Value` map did.
        let l = list(r#"{"nodes": [{"properties": {"k": ["1"], "k": ["2"]}, "name": "a", "name": "b"}]}"#);
        assert_eq!(l.nodes[0].prop("k"), ["2"]);
        assert_eq!(l.nodes[0].name, "b");
    }

    #[test]
    fn malformed_list_elements_are_skipped() {
        let l = list(
            r#"{"nodes": ["str", 1, null, true, {"ref": {"id": "a"}}, [[], "t"], [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15], {"ref": {"id": "b"}, "size": "x"}],
                "pagination": {"total": 2, "from": 0, "count": 2}}"#,
        );
        let ids: Vec<&str> = l.nodes.iter().map(Node::id).collect();
        // The short array is a node in serde's sequence form; the 15-element one is not.
        assert_eq!(ids, ["a", "", "b"]);
        assert_eq!(l.nodes[1].node_type, "t");
        assert_eq!(l.pagination.total, 2);
    }

    #[test]
    fn unknown_fields_are_ignored() {
        let l = list(
            r#"{"extra": {"deep": [1, {"x": null}]}, "nodes": [{"ref": {"id": "a", "repo": "local", "isHomeRepo": true},
                "owner": {"firstName": "x"}, "preview": {"url": "u", "isIcon": false, "width": 1, "data": null},
                "collection": {"color": "blue", "childCollectionsCount": 1}, "x": [[[]]]}],
                "facets": [], "pagination": {"total": 1, "from": 0, "count": 1, "x": "y"}}"#,
        );
        assert_eq!(l.nodes.len(), 1);
        assert_eq!(l.nodes[0].id(), "a");
        assert!(l.nodes[0].has_real_preview());
        assert_eq!(l.nodes[0].collection.as_ref().unwrap().child_collections_count, Some(1));
        assert_eq!(l.pagination.count, 1);
    }

    #[test]
    fn collections_and_parents_aliases() {
        for key in ["nodes", "collections", "parents"] {
            let l = list(&format!(
                r#"{{"{key}": [{{"ref": {{"id": "x"}}}}], "pagination": {{"total": 1}}}}"#
            ));
            assert_eq!(l.nodes.len(), 1, "{key}");
            assert_eq!(l.nodes[0].id(), "x");
        }
    }

    #[test]
    fn node_accessors_after_parse() {
        let n = node(json!({
            "properties": {
                "sys:node-uuid": ["uuid-1"], "cm:name": ["file.pdf"],
                "ccm:page_config_ref": ["workspace://SpacesStore/cfg-1"],
                "virtual:primaryparent_nodeid": ["workspace://SpacesStore/p-1"],
                "cclom:general_keyword": ["k1", "k2"], "ccm:wwwurl": ["https://x"]
            },
            "type": "ccm:map"
        }));
        assert_eq!(n.id(), "uuid-1");
        assert_eq!(n.display_title(), "file.pdf");
        assert_eq!(n.page_config_ref(), Some("cfg-1"));
        assert_eq!(n.primary_parent(), Some("p-1"));
        assert_eq!(n.keywords(), ["k1", "k2"]);
        assert_eq!(n.link(), Some("https://x"));
        assert!(n.is_collection());
    }

    #[test]
    fn syntax_errors_still_fail_the_body() {
        for text in [
            r#"{"nodes": [{"ref": }]}"#,
            r#"{"nodes": [1,]}"#,
            r#"{"nodes": ["#,
            "<html>",
        ] {
            assert!(serde_json::from_str::<NodeList>(text).is_err(), "{text}");
            assert!(serde_json::from_str::<legacy::NodeList>(text).is_err(), "{text}");
        }
    }

    #[test]
    fn same_as_value_parser_on_edge_cases() {
        for text in [
            r#"{}"#,
            r#"[]"#,
            r#"null"#,
            r#""s""#,
            r#"[[{"ref": {"id": "a"}}], {"total": 1}]"#,
            r#"[[{"ref": {"id": "a"}}], {"total": 1}, 3]"#,
            r#"{"nodes": [], "nodes": []}"#,
            r#"{"nodes": [], "collections": []}"#,
            r#"{"node": null}"#,
            r#"{"node": []}"#,
            r#"{"node": [{"id": "a"}, "ccm:io", true, "n", "t", ["a"], {"p": 1}, ["u", true], ["c"], "d", "m", "5", true, ["d", 1, 2]]}"#,
            r#"{"node": [{}, "", false, "", "", [], {}, null, null, null, "", 0, null, null, "extra"]}"#,
            r#"{"ref": {"id": "a", "id": 3}, "preview": {"url": "u"}, "preview": 1}"#,
            r#"{"ref": ["arr-id"], "preview": ["u", false, 3], "content": [null], "collection": [1, 2, 3]}"#,
            r#"{"size": 18446744073709551615, "properties": {"big": [18446744073709551616, -9223372036854775808, 1e300, 0.1, -0.0, 1E2]}}"#,
            r#"{"size": "18446744073709551616", "properties": {"esc\"aped": ["\u00e4\n"], "k": "\ud83d\ude00"}}"#,
            r#"{"n\u0061me": "escaped key", "\u0072ef": {"i\u0064": "e"}}"#,
            r#"{"text": null, "content": "c", "raw": 1, "error": "e", "message": null}"#,
            r#"{"isPublic": null, "collection": null, "content": null, "preview": null, "downloadUrl": null}"#,
            r#"{"pagination": [1, 2, 3]}"#,
            r#"{"pagination": [1, 2, 3, 4]}"#,
        ] {
            assert_same(text);
        }
    }

    /// A tiny deterministic generator of node-shaped JSON with odd types,
    /// repeated keys and unknown fields, compared against the `Value` parser.
    #[test]
    fn same_as_value_parser_on_generated_bodies() {
        struct Gen(u64);
        impl Gen {
            fn next(&mut self, n: u64) -> u64 {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                self.0 % n
            }
            fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
                items[self.next(items.len() as u64) as usize]
            }
            fn value(&mut self, depth: u32) -> String {
                let scalars = [
                    "null",
                    "true",
                    "false",
                    "0",
                    "7",
                    "-3",
                    "1.5",
                    "1e3",
                    "\"\"",
                    "\"x\"",
                    "\" 12 \"",
                    "\"34\"",
                    "\"true\"",
                    "18446744073709551615",
                    "18446744073709551616",
                ];
                match self.next(if depth == 0 { 3 } else { 6 }) {
                    0..=2 => self.pick(&scalars).to_string(),
                    3 => {
                        let n = self.next(5);
                        let items: Vec<String> = (0..n).map(|_| self.value(depth - 1)).collect();
                        format!("[{}]", items.join(","))
                    }
                    _ => self.object(depth - 1),
                }
            }
            fn object(&mut self, depth: u32) -> String {
                let keys = [
                    "ref",
                    "id",
                    "type",
                    "isDirectory",
                    "name",
                    "title",
                    "aspects",
                    "properties",
                    "preview",
                    "url",
                    "isIcon",
                    "content",
                    "downloadUrl",
                    "mimetype",
                    "size",
                    "isPublic",
                    "collection",
                    "description",
                    "childCollectionsCount",
                    "childReferencesCount",
                    "total",
                    "from",
                    "count",
                    "nodes",
                    "collections",
                    "parents",
                    "pagination",
                    "node",
                    "text",
                    "raw",
                    "error",
                    "message",
                    "cclom:title",
                    "unknown",
                ];
                let n = self.next(8);
                let entries: Vec<String> = (0..n)
                    .map(|_| format!("\"{}\":{}", self.pick(&keys), self.value(depth)))
                    .collect();
                format!("{{{}}}", entries.join(","))
            }
        }
        let mut generator = Gen(0x9E37_79B9_7F4A_7C15);
        for _ in 0..4000 {
            let text = if generator.next(2) == 0 {
                generator.object(4)
            } else {
                generator.value(4)
            };
            assert_same(&text);
        }
    }

    /// A search answer as edu-sharing sends it for `ngsearch` (25 nodes, ~64 KB).
    fn ngsearch_body() -> String {
        let nodes: Vec<serde_json::Value> = (0..25)
            .map(|i| {
                let id = format!("{i:08}-aaaa-bbbb-cccc-{i:012}");
                let properties = json!({
                        "cclom:title": [format!("Photosynthese – Arbeitsblatt {i}")],
                        "cm:name": [format!("photosynthese-{i}.pdf")],
                        "sys:node-uuid": [id],
                        "cclom:general_description": [format!("Ein Arbeitsblatt zur Photosynthese für die Sekundarstufe I, Nummer {i}. Lichtreaktion, Calvin-Zyklus und Chloroplasten werden erklärt.")],
                        "cclom:general_keyword": ["Photosynthese", "Biologie", "Chlorophyll", "Pflanzen", "Zellbiologie"],
                        "ccm:taxonid": ["http://w3id.org/openeduhub/vocabs/discipline/080"],
                        "ccm:taxonid_DISPLAYNAME": ["Biologie"],
                        "ccm:educationalcontext": ["http://w3id.org/openeduhub/vocabs/educationalContext/sekundarstufe_1"],
                        "ccm:educationalcontext_DISPLAYNAME": ["Sekundarstufe I"],
                        "ccm:oeh_lrt": ["http://w3id.org/openeduhub/vocabs/new_lrt/36e68792-6159-481d-a97b-2c00901f4f78"],
                        "ccm:oeh_lrt_DISPLAYNAME": ["Arbeitsblatt"],
                        "ccm:wwwurl": [format!("https://www.example.org/material/{i}")],
                        "ccm:commonlicense_key": ["CC_BY_SA"],
                        "ccm:commonlicense_cc_version": ["4.0"],
                        "ccm:replicationsource": ["oeh_spider"],
                        "ccm:replicationsourceid": [format!("spider-{i}")],
                        "cclom:location": [format!("ccrep://local/{id}")],
                        "cm:created": ["1677664800000"],
                        "cm:created_LONG": ["1677664800000"],
                        "cm:modified": ["1714647600000"],
                        "cclom:format": ["application/pdf"],
                        "sys:node-dbid": [i * 1000 + 17],
                        "ccm:published_date": ["2023-03-01"],
                        "virtual:primaryparent_nodeid": ["workspace://SpacesStore/parent-0001"],
                        "ccm:containsAdvertisement": ["no"],
                        "ccm:price": ["no"],
                        "cclom:general_language": ["de"],
                        "ccm:author_freetext": ["Anna Muster"],
                        "ccm:oeh_quality_correctness": [i % 3],
                        "virtual:usagecount": [i],
                        "ccm:editorial_checklist": [true]
                    });
                json!({
                    "ref": {"repo": "local", "id": id, "archived": false, "isHomeRepo": true},
                    "remote": null,
                    "content": {"url": format!("https://redaktion.openeduhub.net/edu-sharing/components/render/{id}"), "hash": null, "version": "1.0"},
                    "isDirectory": i % 7 == 0,
                    "commentCount": 0,
                    "rating": null,
                    "usedInCollections": [],
                    "relations": null,
                    "ratingAverage": null,
                    "createdAt": "2023-03-01T10:00:00Z",
                    "modifiedAt": "2024-05-02T11:00:00Z",
                    "access": ["Read", "ReadAll"],
                    "downloadUrl": format!("https://redaktion.openeduhub.net/edu-sharing/eduservlet/download?nodeId={id}"),
                    "properties": properties,
                    "mimetype": "application/pdf",
                    "mediatype": "file-pdf",
                    "size": format!("{}", 10_000 + i * 37),
                    "preview": {"isIcon": i % 5 == 0, "isGenerated": false, "type": "TYPE_USERDEFINED", "mimetype": null, "data": null, "url": format!("https://redaktion.openeduhub.net/edu-sharing/preview?nodeId={id}"), "width": null, "height": null},
                    "isPublic": i % 2 == 0,
                    "aspects": ["cm:auditable", "cm:titled", "ccm:educationalaspect", "sys:referenceable", "cm:author"],
                    "type": if i % 7 == 0 { "ccm:map" } else { "ccm:io" },
                    "collection": if i % 7 == 0 { json!({"description": "Sammlung", "childCollectionsCount": 2, "childReferencesCount": 40, "color": "#759CB7"}) } else { json!(null) },
                    "owner": {"firstName": "WLO", "lastName": "Upload", "mailbox": ""},
                    "name": format!("photosynthese-{i}.pdf"),
                    "title": format!("Photosynthese {i}")
                })
            })
            .collect();
        json!({
            "nodes": nodes,
            "pagination": {"total": 1234, "from": 0, "count": 25},
            "facets": [{"property": "ccm:taxonid", "values": [{"value": "080", "count": 1000}], "sumOtherDocCount": 0}],
            "suggests": [],
            "ignored": []
        })
        .to_string()
    }

    #[test]
    fn realistic_ngsearch_body_parses_as_before() {
        let body = ngsearch_body();
        assert!(body.len() > 50_000, "body is {} bytes", body.len());
        let new = list(&body);
        let old: legacy::NodeList = serde_json::from_str(&body).unwrap();
        assert_eq!(new.nodes.len(), 25);
        assert_eq!(old.nodes.len(), 25);
        assert_eq!(format!("{new:?}"), format!("{old:?}"));
        for (i, (n, o)) in new.nodes.iter().zip(&old.nodes).enumerate() {
            assert_eq!(n.node_ref.id, o.node_ref.id);
            assert_eq!(n.node_type, o.node_type);
            assert_eq!(n.is_directory, o.is_directory);
            assert_eq!((&n.name, &n.title, &n.mimetype), (&o.name, &o.title, &o.mimetype));
            assert_eq!(n.aspects, o.aspects);
            let mut new_props: Vec<(&str, &[String])> = n.properties.iter().collect();
            new_props.sort_unstable_by_key(|(k, _)| *k);
            let old_props: Vec<(&str, &[String])> = o.properties.iter().map(|(k, v)| (k.as_str(), &v[..])).collect();
            assert_eq!(new_props, old_props);
            assert_eq!(n.size, o.size);
            assert_eq!(n.size, 10_000 + i as u64 * 37);
            assert_eq!(n.is_public, o.is_public);
            assert_eq!(n.download_url, o.download_url);
            assert_eq!(
                n.preview.as_ref().map(|p| (&p.url, p.is_icon)),
                o.preview.as_ref().map(|p| (&p.url, p.is_icon))
            );
            assert_eq!(n.content.as_ref().map(|c| &c.url), o.content.as_ref().map(|c| &c.url));
            assert_eq!(
                n.collection
                    .as_ref()
                    .map(|c| (&c.description, c.child_collections_count, c.child_references_count)),
                o.collection
                    .as_ref()
                    .map(|c| (&c.description, c.child_collections_count, c.child_references_count)),
            );
            assert_eq!(n.prop("sys:node-dbid"), [(i * 1000 + 17).to_string()]);
            assert_eq!(n.prop("ccm:editorial_checklist"), ["true"]);
        }
        assert_eq!(
            (new.pagination.total, new.pagination.from, new.pagination.count),
            (old.pagination.total, old.pagination.from, old.pagination.count)
        );
    }

    /// Timing only, never asserted: `cargo test --release --lib upstream::model -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn parse_timing() {
        let body = ngsearch_body();
        let rounds = 2000;
        let time = |parse: &dyn Fn() -> usize| {
            for _ in 0..100 {
                parse();
            }
            let start = std::time::Instant::now();
            let mut n = 0;
            for _ in 0..rounds {
                n += parse();
            }
            (start.elapsed() / rounds, n)
        };
        let (old, _) = time(&|| {
            serde_json::from_slice::<legacy::NodeList>(body.as_bytes())
                .unwrap()
                .nodes
                .len()
        });
        let (new, _) = time(&|| serde_json::from_slice::<NodeList>(body.as_bytes()).unwrap().nodes.len());
        eprintln!(
            "ngsearch body {} bytes: Value path {old:?}, one pass {new:?}",
            body.len()
        );
    }

    /// The former `Value`-based parser, kept verbatim as the oracle the
    /// one-pass parser is checked against. Its types share the public types'
    /// names, so `Debug` output of the two is directly comparable.
    mod legacy {
        use std::collections::BTreeMap;

        use serde::{Deserialize, Deserializer};
        use serde_json::Value;

        /// A repository node (content `ccm:io` or folder/collection `ccm:map`).
        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(rename_all = "camelCase", default)]
        pub(super) struct Node {
            #[serde(rename = "ref", deserialize_with = "lenient")]
            pub(super) node_ref: NodeRef,
            #[serde(rename = "type", deserialize_with = "lenient")]
            pub(super) node_type: String,
            #[serde(deserialize_with = "lenient")]
            pub(super) is_directory: bool,
            #[serde(deserialize_with = "lenient")]
            pub(super) name: String,
            #[serde(deserialize_with = "lenient")]
            pub(super) title: String,
            #[serde(deserialize_with = "lenient")]
            pub(super) aspects: Vec<String>,
            #[serde(deserialize_with = "properties")]
            pub(super) properties: BTreeMap<String, Vec<String>>,
            #[serde(deserialize_with = "lenient")]
            pub(super) preview: Option<Preview>,
            #[serde(deserialize_with = "lenient")]
            pub(super) content: Option<Content>,
            #[serde(deserialize_with = "lenient")]
            pub(super) download_url: Option<String>,
            #[serde(deserialize_with = "lenient")]
            pub(super) mimetype: String,
            #[serde(deserialize_with = "size")]
            pub(super) size: u64,
            #[serde(deserialize_with = "lenient")]
            pub(super) is_public: Option<bool>,
            #[serde(deserialize_with = "lenient")]
            pub(super) collection: Option<CollectionInfo>,
        }

        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(default)]
        pub(super) struct NodeRef {
            #[serde(deserialize_with = "lenient")]
            pub(super) id: String,
        }

        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(rename_all = "camelCase", default)]
        pub(super) struct Preview {
            #[serde(deserialize_with = "lenient")]
            pub(super) url: String,
            #[serde(deserialize_with = "lenient")]
            pub(super) is_icon: bool,
        }

        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(default)]
        pub(super) struct Content {
            #[serde(deserialize_with = "lenient")]
            pub(super) url: Option<String>,
        }

        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(rename_all = "camelCase", default)]
        pub(super) struct CollectionInfo {
            #[serde(deserialize_with = "lenient")]
            pub(super) description: Option<String>,
            #[serde(deserialize_with = "lenient")]
            pub(super) child_collections_count: Option<u64>,
            #[serde(deserialize_with = "lenient")]
            pub(super) child_references_count: Option<u64>,
        }

        #[derive(Debug, Clone, Copy, Default, Deserialize)]
        #[serde(default)]
        pub(super) struct Pagination {
            #[serde(deserialize_with = "lenient")]
            pub(super) total: u64,
            #[serde(deserialize_with = "lenient")]
            pub(super) from: u64,
            #[serde(deserialize_with = "lenient")]
            pub(super) count: u64,
        }

        /// `{nodes, pagination}` — search results, children and parents share it.
        /// The collection name index (E3) answers under `collections`; accepted too.
        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(default)]
        pub(super) struct NodeList {
            #[serde(alias = "collections", alias = "parents", deserialize_with = "nodes")]
            pub(super) nodes: Vec<Node>,
            #[serde(deserialize_with = "lenient")]
            pub(super) pagination: Pagination,
        }

        /// `{node}` from a metadata read.
        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(default)]
        pub(super) struct NodeEntry {
            #[serde(deserialize_with = "lenient")]
            pub(super) node: Option<Node>,
        }

        /// `/textContent`: `text`, then `content`, then `raw` (sources disagree on the key).
        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(default)]
        pub(super) struct NodeText {
            #[serde(deserialize_with = "lenient")]
            pub(super) text: Option<String>,
            #[serde(deserialize_with = "lenient")]
            pub(super) content: Option<String>,
            #[serde(deserialize_with = "lenient")]
            pub(super) raw: Option<String>,
        }

        /// edu-sharing's error body `{error, message, …}`.
        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(default)]
        pub(super) struct ErrorBody {
            #[serde(deserialize_with = "lenient")]
            pub(super) error: String,
            #[serde(deserialize_with = "lenient")]
            pub(super) message: String,
        }

        /// Deserialize any value, falling back to the default when it has the wrong shape.
        fn lenient<'de, D, T>(deserializer: D) -> Result<T, D::Error>
        where
            D: Deserializer<'de>,
            T: serde::de::DeserializeOwned + Default,
        {
            let value = Value::deserialize(deserializer)?;
            Ok(serde_json::from_value(value).unwrap_or_default())
        }

        /// `size` arrives as a string ("12345"), sometimes as a number.
        fn size<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
            Ok(match Value::deserialize(deserializer)? {
                Value::String(s) => s.trim().parse().unwrap_or(0),
                Value::Number(n) => n.as_u64().unwrap_or(0),
                _ => 0,
            })
        }

        /// Properties are `{key: [string]}`; tolerate scalars, numbers and nulls.
        fn properties<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BTreeMap<String, Vec<String>>, D::Error> {
            let Value::Object(map) = Value::deserialize(deserializer)? else {
                return Ok(BTreeMap::new());
            };
            Ok(map
                .into_iter()
                .map(|(key, value)| {
                    let values = match value {
                        Value::Array(items) => items.into_iter().filter_map(scalar_string).collect(),
                        other => scalar_string(other).into_iter().collect(),
                    };
                    (key, values)
                })
                .collect())
        }

        fn scalar_string(value: Value) -> Option<String> {
            match value {
                Value::String(s) => Some(s),
                Value::Number(n) => Some(n.to_string()),
                Value::Bool(b) => Some(b.to_string()),
                _ => None,
            }
        }

        /// A list of nodes where a malformed entry is skipped instead of failing the list.
        fn nodes<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Node>, D::Error> {
            let Value::Array(items) = Value::deserialize(deserializer)? else {
                return Ok(Vec::new());
            };
            Ok(items
                .into_iter()
                .filter_map(|item| serde_json::from_value(item).ok())
                .collect())
        }
    }
}
