//! Unit tests of the vocabulary tables and both resolution paths.

use super::*;

const EC: &str = "http://w3id.org/openeduhub/vocabs/educationalContext/";
const DISC: &str = "http://w3id.org/openeduhub/vocabs/discipline/";
const LRT: &str = "http://w3id.org/openeduhub/vocabs/new_lrt_aggregated/";
const ROLE: &str = "http://w3id.org/openeduhub/vocabs/intendedEndUserRole/";
const HS: &str = "http://w3id.org/openeduhub/vocabs/hochschulfaechersystematik/";

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

#[test]
fn tables_load_with_expected_sizes() {
    let sizes: Vec<usize> = Vocabulary::ALL.iter().map(|v| v.entries().len()).collect();
    assert_eq!(sizes, [12, 70, 7, 48, 14, 3]);
    assert_eq!(HOCHSCHUL.len(), 344);
    for v in Vocabulary::ALL {
        assert!(v.entries().iter().all(|e| !e.uri.is_empty() && !e.label.is_empty()));
    }
}

#[test]
fn vocabulary_names_roundtrip() {
    for v in Vocabulary::ALL {
        assert_eq!(Vocabulary::parse(v.name()), Some(v));
        assert_eq!(Vocabulary::parse(&v.name().to_uppercase()), Some(v));
    }
    assert_eq!(Vocabulary::parse("LRT"), Some(Vocabulary::Lrt));
    assert_eq!(Vocabulary::parse("subject"), None);
    assert_eq!(Vocabulary::UserRole.german_name(), "Zielgruppe");
    assert_eq!(Vocabulary::UserRole.property(), "ccm:educationalintendedenduserrole");
}

#[test]
fn entry_serialises_without_label_current() {
    let e = &Vocabulary::License.entries()[3];
    assert_eq!(e.label_current.as_deref(), Some("CC BY-SA"));
    let json = serde_json::to_value(e).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"uri": "CC_BY_SA", "label": "CC BY-SA 4.0",
                           "aliases": ["CC BY-SA", "creative commons by-sa"]})
    );
}

#[test]
fn resolves_labels_and_aliases() {
    use Vocabulary::*;
    let r = |v, i| resolve(v, i);
    assert_eq!(r(EducationalContext, "Grundschule"), Some(format!("{EC}grundschule")));
    assert_eq!(r(EducationalContext, "Klasse 3"), Some(format!("{EC}grundschule")));
    assert_eq!(r(EducationalContext, "Sek I"), Some(format!("{EC}sekundarstufe_1")));
    assert_eq!(
        r(EducationalContext, "  sekundarstufe ii "),
        Some(format!("{EC}sekundarstufe_2"))
    );
    assert_eq!(r(Discipline, "Mathe"), Some(format!("{DISC}380")));
    assert_eq!(r(Discipline, "biology"), Some(format!("{DISC}080")));
    assert_eq!(
        r(Lrt, "worksheet"),
        Some(format!("{LRT}c8e52242-361b-4a2a-b95d-25e516b28b45"))
    );
    assert_eq!(r(UserRole, "teacher"), Some(format!("{ROLE}teacher")));
    assert_eq!(r(TargetGroup, "Lehrer"), Some("teacher".into()));
    // Exact id match (step 3) matters for licence keys.
    assert_eq!(r(License, "cc_by_sa"), Some("CC_BY_SA".into()));
    assert_eq!(r(License, "CC BY-SA 4.0"), Some("CC_BY_SA".into()));
    assert_eq!(r(License, "CC BY-SA"), Some("CC_BY_SA".into()));
    // Fuzzy (step 5): "Mathematik Oberstufe" contains the alias "mathe".
    assert_eq!(r(Discipline, "Mathematik Oberstufe"), Some(format!("{DISC}380")));
    assert_eq!(r(Discipline, "Informatikunterricht"), Some(format!("{DISC}320")));
}

#[test]
fn uri_passes_through_unchanged() {
    let uri = "HTTPS://example.org/vocabs/discipline/unknown";
    assert_eq!(resolve(Vocabulary::Discipline, uri), Some(uri.to_string()));
    let known = format!("{DISC}380");
    assert_eq!(resolve(Vocabulary::Discipline, &known), Some(known.clone()));
    assert_eq!(resolve(Vocabulary::Discipline, "   "), None);
}

#[test]
fn short_inputs_do_not_fuzzy_match() {
    use Vocabulary::*;
    // Unguarded substring matching would hit "Arbeitsblatt"/"lesson unit"/"schulleitung".
    assert_eq!(resolve(Lrt, "it"), None);
    assert_eq!(resolve(Lrt, "uni"), None);
    assert_eq!(resolve(UserRole, "it"), None);
    assert_eq!(resolve(Discipline, "uni"), None);
    // ...but exact aliases still resolve.
    assert_eq!(resolve(Discipline, "it"), Some(format!("{DISC}320")));
    assert_eq!(resolve(EducationalContext, "uni"), Some(format!("{EC}hochschule")));
}

#[test]
fn unknown_input_gives_none_and_suggestions() {
    assert_eq!(resolve(Vocabulary::Discipline, "Phsyik"), None);
    assert_eq!(suggestions(Vocabulary::Discipline, "Phsyik"), s(&["Physik"]));
    assert_eq!(resolve(Vocabulary::EducationalContext, "Sek"), None);
    assert_eq!(
        suggestions(Vocabulary::EducationalContext, "Sek"),
        s(&["Sekundarstufe I", "Sekundarstufe II"])
    );
    let sug = suggestions(Vocabulary::Discipline, "Che");
    assert_eq!(sug.first().map(String::as_str), Some("Chemie"));
    assert!(sug.len() <= 3);
    assert!(suggestions(Vocabulary::Discipline, "xyzzyq").is_empty());
    assert!(suggestions(Vocabulary::Discipline, "").is_empty());
    // Deterministic.
    assert_eq!(
        suggestions(Vocabulary::Lrt, "Vidoe"),
        suggestions(Vocabulary::Lrt, "Vidoe")
    );
    assert_eq!(suggestions(Vocabulary::Lrt, "Vidoe"), s(&["Video"]));
}

#[test]
fn display_uses_displayname_and_drops_roots() {
    let uris = s(&[DISC, &format!("{DISC}380"), &format!("{DISC}080")]);
    let names = s(&["Schulfächer", "Mathematik", ""]);
    assert_eq!(
        display_labels(Vocabulary::Discipline, &uris, &names),
        s(&["Mathematik"])
    );
    // Only a root with its vocabulary title → nothing, and the fallback also skips the root.
    assert!(display_labels(Vocabulary::Discipline, &s(&[DISC]), &s(&["Schulfächer"])).is_empty());
}

#[test]
fn display_falls_back_to_local_tables() {
    let uris = s(&[
        &format!("{DISC}080"),
        &format!("{DISC}460"),
        &format!("{DISC}080"),
        DISC,
        "",
    ]);
    assert_eq!(
        display_labels(Vocabulary::Discipline, &uris, &[]),
        s(&["Biologie", "Physik"])
    );
    // Empty display names count as missing.
    assert_eq!(
        display_labels(
            Vocabulary::EducationalContext,
            &s(&[&format!("{EC}sekundarstufe_1")]),
            &s(&["", " "])
        ),
        s(&["Sekundarstufe I"])
    );
    // Hochschul URIs are resolved for disciplines only.
    let hs = s(&[&format!("{HS}n71"), &format!("{DISC}080")]);
    assert_eq!(
        display_labels(Vocabulary::Discipline, &hs, &[]),
        s(&["Studienbereich Informatik", "Biologie"])
    );
    assert_eq!(label_from_uri(Vocabulary::Lrt, &format!("{HS}n71")), format!("{HS}n71"));
}

#[test]
fn display_deduplicates_case_insensitively() {
    let uris = s(&[&format!("{DISC}080"), &format!("{DISC}460"), &format!("{HS}n40")]);
    let names = s(&["Bio", "Phys", "bio"]);
    assert_eq!(
        display_labels(Vocabulary::Discipline, &uris, &names),
        s(&["Bio", "Phys"])
    );
}

#[test]
fn label_from_uri_steps() {
    use Vocabulary::*;
    assert_eq!(label_from_uri(Discipline, &format!("{DISC}380")), "Mathematik");
    assert_eq!(
        label_from_uri(Discipline, "https://w3id.org/openeduhub/vocabs/discipline/380"),
        "Mathematik"
    );
    assert_eq!(label_from_uri(UserRole, "ccrep://repo/TEACHER"), "Lehrer/in");
    assert_eq!(label_from_uri(Discipline, "mathe"), "Mathematik");
    assert_eq!(label_from_uri(License, "CC_BY_SA"), "CC BY-SA");
    assert_eq!(label_from_uri(Discipline, "urn:unknown"), "urn:unknown");
    assert_eq!(label_from_uri(Discipline, ""), "");
}

#[test]
fn licence_labels() {
    assert_eq!(license_label("CC_BY_SA", None), "CC BY-SA");
    assert_eq!(license_label("CC_BY_SA", Some("3.0")), "CC BY-SA 3.0");
    assert_eq!(license_label("CC_BY_SA", Some(" ")), "CC BY-SA");
    assert_eq!(license_label("cc_by_nc_nd", Some("4.0")), "CC BY-NC-ND 4.0");
    assert_eq!(license_label("CC_0", Some("1.0")), "CC 0");
    assert_eq!(license_label("CC_0", None), "CC 0");
    assert_eq!(license_label("PDM", None), "Public Domain Mark");
    assert_eq!(license_label("COPYRIGHT_FREE", None), "Copyright, freier Zugang");
    assert_eq!(license_label("SCHULFUNK", Some("4.0")), "Schulfunk (§47 UrhG)");
    assert_eq!(license_label("CUSTOM_XYZ", None), "CUSTOM_XYZ");
    assert_eq!(license_label("", Some("4.0")), "");
    // No CC label anywhere carries a version the record does not state.
    for e in Vocabulary::License.entries() {
        let shown = license_label(&e.uri, None);
        assert!(!shown.contains("4.0") && !shown.contains("3.0"), "{shown}");
    }
}

#[test]
fn target_groups() {
    assert_eq!(target_group_slug("ccrep://repo/Teacher"), "teacher");
    assert_eq!(target_group_slug("learner"), "learner");
    assert_eq!(target_group_slug(""), "");
    assert_eq!(target_group_label("teacher"), "Lehrkräfte");
    assert_eq!(target_group_label("ccrep://repo/teacher"), "Lehrkräfte");
    assert_eq!(target_group_label("http://example.org/x:learner"), "Lernende");
    assert_eq!(target_group_label("GENERAL"), "Allgemein");
    assert_eq!(target_group_label(""), "nicht gesetzt");
    assert_eq!(target_group_label("  "), "nicht gesetzt");
    assert_eq!(target_group_label("ccrep://repo/"), "nicht gesetzt");
    assert_eq!(target_group_label("parents"), "parents");
}

#[test]
fn completion() {
    use Vocabulary::*;
    assert_eq!(complete(Discipline, "Mat", 10), s(&["Mathematik"]));
    assert_eq!(
        complete(EducationalContext, "Sek", 10),
        s(&["Sekundarstufe I", "Sekundarstufe II"])
    );
    assert_eq!(complete(Discipline, "bio", 10), s(&["Biologie"]));
    // Word starts inside labels, umlaut folding on both sides.
    assert_eq!(complete(EducationalContext, "bildung", 10), s(&["Berufliche Bildung"]));
    assert_eq!(complete(EducationalContext, "forder", 10), s(&["Förderschule"]));
    assert_eq!(complete(Discipline, "Für", 10), complete(Discipline, "fur", 10));
    // Empty prefix lists the first labels in file order; the limit applies.
    assert_eq!(
        complete(EducationalContext, "", 3),
        s(&["Elementarbereich", "Schule", "Primarstufe"])
    );
    assert_eq!(complete(Discipline, "", 100).len(), 70);
    assert_eq!(complete(Discipline, "a", 2).len(), 2);
    assert!(complete(Discipline, "Mat", 0).is_empty());
    // Licences show the version-free form and complete on keys too
    // ("cc_by_sa_nc" is an alias of CC_BY_NC_SA).
    assert_eq!(complete(License, "cc_by_s", 5), s(&["CC BY-SA", "CC BY-NC-SA"]));
    assert_eq!(
        complete(License, "CC_BY_N", 5),
        s(&["CC BY-ND", "CC BY-NC", "CC BY-NC-SA", "CC BY-NC-ND"])
    );
    assert!(complete(Discipline, "zzz", 5).is_empty());
}

#[test]
fn every_shown_label_resolves_back_to_its_entry() {
    for v in Vocabulary::ALL {
        for e in v.entries() {
            assert_eq!(resolve(v, &shown_label(v, e)).as_deref(), Some(e.uri.as_str()), "{v:?}");
        }
    }
}

#[test]
fn edit_distance_counts_transpositions_once() {
    assert_eq!(edit_distance("physik", "phsyik"), 1);
    assert_eq!(edit_distance("", "abc"), 3);
    assert_eq!(edit_distance("kitten", "sitting"), 3);
}

#[test]
fn language_courses_are_the_foreign_languages_and_german_as_a_second_language() {
    let uri = |code: &str| format!("http://w3id.org/openeduhub/vocabs/discipline/{code}");
    for code in ["20001", "20002", "20005", "20008", "20041", "28002"] {
        assert!(is_language_course(&uri(code)), "{code}");
    }
    // German as mother tongue, other subjects, a root or garbage are not.
    for code in ["120", "220", "28010", "200", "2000x", "", "200010"] {
        assert!(!is_language_course(&uri(code)), "{code}");
    }
}

#[test]
fn a_five_digit_subject_nests_in_its_groups_three_digit_one() {
    let uri = |code: &str| format!("http://w3id.org/openeduhub/vocabs/discipline/{code}");
    assert_eq!(broader_discipline(&uri("48005")), Some(uri("480").as_str()));
    assert_eq!(broader_discipline(&uri("46014")), Some(uri("460").as_str()));
    // No group in the vocabulary (200), a group itself, or garbage.
    for code in ["20001", "480", "4800x", "", "480050"] {
        assert_eq!(broader_discipline(&uri(code)), None, "{code}");
    }
}
