//! What a card says about reusing a material: the licence's deed link and a
//! ready attribution line (TULLU: Titel, Urheber, Lizenz, Link,
//! Ursprungsort), the card fields `licenseUrl` and `attribution`.
//!
//! - Creative Commons licences (`CC_BY`, `CC_BY_SA`, `CC_BY_ND`, `CC_BY_NC`,
//!   `CC_BY_NC_SA`, `CC_BY_NC_ND`) link their German deed
//!   (`https://creativecommons.org/licenses/by-sa/3.0/deed.de`) only when
//!   the record states the version (`ccm:commonlicense_cc_version`): a
//!   version the record does not state would be a wrong attribution.
//! - CC0 and the Public Domain Mark have deeds of their own (both only
//!   exist as 1.0); their line says naming the author is not required.
//! - Every other licence (`COPYRIGHT_FREE`, `CUSTOM`, school-use licences,
//!   unknown keys, none) gets no line: the provider's terms apply.
//!
//! The line is a card field, like the labels: its German wording lives here
//! beside the card, not in the tools' messages.

/// Where a material was found, the last part of every line.
const VIA: &str = "via WirLernenOnline";
/// The CC versions with a deed at `licenses/<family>/<version>/`.
const CC_VERSIONS: [&str; 5] = ["1.0", "2.0", "2.5", "3.0", "4.0"];

/// What a licence allows a card to say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reuse {
    /// A Creative Commons licence: the path of its family in deed URLs (`by-sa`).
    CreativeCommons(&'static str),
    /// CC0 1.0.
    Cc0,
    /// The Public Domain Mark 1.0.
    PublicDomainMark,
    /// Anything else: the provider's terms apply.
    ProviderTerms,
}

impl Reuse {
    /// The kind of a licence key (`ccm:commonlicense_key`, any case).
    pub fn of(key: &str) -> Reuse {
        match key.trim().to_ascii_uppercase().as_str() {
            "CC_BY" => Reuse::CreativeCommons("by"),
            "CC_BY_SA" => Reuse::CreativeCommons("by-sa"),
            "CC_BY_ND" => Reuse::CreativeCommons("by-nd"),
            "CC_BY_NC" => Reuse::CreativeCommons("by-nc"),
            "CC_BY_NC_SA" => Reuse::CreativeCommons("by-nc-sa"),
            "CC_BY_NC_ND" => Reuse::CreativeCommons("by-nc-nd"),
            "CC_0" => Reuse::Cc0,
            "PDM" => Reuse::PublicDomainMark,
            _ => Reuse::ProviderTerms,
        }
    }

    /// The German deed, `""` when there is none to link (see the module docs).
    pub fn deed_url(self, cc_version: Option<&str>) -> String {
        match self {
            Reuse::CreativeCommons(family) => match cc_version.map(str::trim) {
                Some(version) if CC_VERSIONS.contains(&version) => {
                    // Version 1.0 named the family by-nd-nc.
                    let family = if family == "by-nc-nd" && version == "1.0" {
                        "by-nd-nc"
                    } else {
                        family
                    };
                    format!("https://creativecommons.org/licenses/{family}/{version}/deed.de")
                }
                _ => String::new(),
            },
            Reuse::Cc0 => "https://creativecommons.org/publicdomain/zero/1.0/deed.de".into(),
            Reuse::PublicDomainMark => "https://creativecommons.org/publicdomain/mark/1.0/deed.de".into(),
            Reuse::ProviderTerms => String::new(),
        }
    }
}

/// What an attribution line names.
#[derive(Debug, Clone, Copy)]
pub struct Work<'a> {
    pub title: &'a str,
    pub authors: &'a [String],
    /// Named when there is no author.
    pub publisher: &'a str,
    /// The card's licence label ("CC BY-SA 3.0").
    pub license: &'a str,
    pub license_url: &'a str,
    /// The material's own link (else its page in the repository).
    pub url: &'a str,
}

/// The attribution line of a work under `reuse`, `""` for a licence whose
/// provider's terms apply (see the module docs).
pub fn attribution_line(reuse: Reuse, work: &Work) -> String {
    let license = match reuse {
        Reuse::CreativeCommons(_) => format!("Lizenz: {}", work.license.trim()),
        Reuse::Cc0 => "CC0 1.0".to_string(),
        Reuse::PublicDomainMark => "Public Domain Mark 1.0".to_string(),
        Reuse::ProviderTerms => return String::new(),
    };
    let mut parts: Vec<String> = Vec::with_capacity(4);
    let who = if work.authors.is_empty() {
        work.publisher.trim().to_string()
    } else {
        work.authors.join(", ")
    };
    let title = work.title.trim();
    parts.push(match (title.is_empty(), who.is_empty()) {
        (false, false) => format!("„{title}“ von {who}"),
        (false, true) => format!("„{title}“"),
        (true, false) => format!("von {who}"),
        (true, true) => String::new(),
    });
    parts.push(if work.license_url.is_empty() {
        license
    } else {
        format!("{license} ({})", work.license_url)
    });
    if !work.url.is_empty() {
        parts.push(work.url.to_string());
    }
    parts.push(VIA.to_string());
    let mut line = parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    if matches!(reuse, Reuse::Cc0 | Reuse::PublicDomainMark) {
        line.push_str(". Namensnennung nicht verpflichtend, aber gute Praxis.");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn work<'a>(authors: &'a [String], license: &'a str, license_url: &'a str) -> Work<'a> {
        Work {
            title: "Optik ",
            authors,
            publisher: "GeoGebra",
            license,
            license_url,
            url: "https://www.geogebra.org/m/PzBHcpNG",
        }
    }

    #[test]
    fn deeds_only_for_stated_versions() {
        let by = Reuse::of("CC_BY");
        assert_eq!(
            by.deed_url(Some("3.0")),
            "https://creativecommons.org/licenses/by/3.0/deed.de"
        );
        assert_eq!(by.deed_url(None), "", "never an invented 4.0");
        assert_eq!(by.deed_url(Some("3.0 DE")), "");
        assert_eq!(
            Reuse::of("cc_by_nc_sa").deed_url(Some(" 4.0 ")),
            "https://creativecommons.org/licenses/by-nc-sa/4.0/deed.de"
        );
        assert_eq!(
            Reuse::of("CC_BY_NC_ND").deed_url(Some("1.0")),
            "https://creativecommons.org/licenses/by-nd-nc/1.0/deed.de"
        );
        assert_eq!(
            Reuse::of("CC_0").deed_url(None),
            "https://creativecommons.org/publicdomain/zero/1.0/deed.de"
        );
        assert_eq!(
            Reuse::of("PDM").deed_url(Some("4.0")),
            "https://creativecommons.org/publicdomain/mark/1.0/deed.de"
        );
        for key in ["COPYRIGHT_FREE", "CUSTOM", "SCHULFUNK", "CC_BY_XY", ""] {
            assert_eq!(Reuse::of(key), Reuse::ProviderTerms, "{key}");
            assert_eq!(Reuse::of(key).deed_url(Some("4.0")), "");
        }
    }

    #[test]
    fn lines_follow_tullu() {
        let authors = ["Alexander Ubrig".to_string()];
        let deed = "https://creativecommons.org/licenses/by/3.0/deed.de";
        assert_eq!(
            attribution_line(Reuse::of("CC_BY"), &work(&authors, "CC BY 3.0", deed)),
            "„Optik“ von Alexander Ubrig, Lizenz: CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/deed.de), https://www.geogebra.org/m/PzBHcpNG, via WirLernenOnline"
        );
        assert_eq!(
            attribution_line(Reuse::of("CC_BY_SA"), &work(&[], "CC BY-SA", "")),
            "„Optik“ von GeoGebra, Lizenz: CC BY-SA, https://www.geogebra.org/m/PzBHcpNG, via WirLernenOnline",
            "no author: the publisher; no version: no link"
        );
        let cc0 = attribution_line(
            Reuse::Cc0,
            &work(&[], "CC 0", "https://creativecommons.org/publicdomain/zero/1.0/deed.de"),
        );
        assert!(
            cc0.contains("CC0 1.0 (https://creativecommons.org/publicdomain/zero/1.0/deed.de)"),
            "{cc0}"
        );
        assert!(cc0.ends_with("Namensnennung nicht verpflichtend, aber gute Praxis."));
        assert_eq!(
            attribution_line(Reuse::ProviderTerms, &work(&authors, "Individuelle Lizenz", "")),
            ""
        );
        let bare = Work {
            title: "",
            authors: &[],
            publisher: "",
            license: "CC BY",
            license_url: "",
            url: "",
        };
        assert_eq!(
            attribution_line(Reuse::of("CC_BY"), &bare),
            "Lizenz: CC BY, via WirLernenOnline"
        );
    }
}
