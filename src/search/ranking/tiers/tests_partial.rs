//! Unit tests of what answers a question in part (`partial.rs`): a
//! collection's place in the tree, a specific part of the question, one
//! of two topics asked for.

use super::naming::{examples, genitive_aspects};
use super::tests::{DEUTSCH, MATHE, collection, titles};
use super::words::TopicWord;
use super::{Coverage, TreeRanking};
use crate::search::query::{Query, Words, tokens};

#[test]
fn a_title_below_one_that_names_the_other_topic_words_names_the_topic_by_its_place() {
    let query = Query::new("Standard-Modell der Teilchenphysik");
    let ranking = TreeRanking::new(&query);
    let (title, parent, other) = (
        Words::of("Standardmodell"),
        Words::of("Teilchenphysik"),
        Words::of("Kernphysik"),
    );
    assert!(ranking.names_by_path(&title, &[&other, &parent]));
    assert!(!ranking.names_by_path(&title, &[&other]), "no ancestor names the rest");
    assert!(!ranking.names_by_path(&other, &[&parent]), "its title names none");
    let one_word = Query::new("Standardmodell");
    assert!(
        !TreeRanking::new(&one_word).names_by_path(&title, &[&parent]),
        "one topic word: no path"
    );
    // Ranked: the collection below the one that names the other word
    // first, before that ancestor and before a sibling that names one word.
    let candidates = [
        collection("l", "Lagebeziehungen", MATHE, "v", &[], ""),
        collection("s", "Parameterform Geraden", MATHE, "g", &[], ""),
        collection("gg", "Gerade/Gerade", MATHE, "l", &[], ""),
    ];
    assert_eq!(
        titles("Lagebeziehung zweier Geraden", &candidates, &[]),
        ["Gerade/Gerade", "Lagebeziehungen", "Parameterform Geraden"]
    );
}

#[test]
fn a_title_of_a_long_specific_topic_word_alone_is_part_of_the_question() {
    let query = Query::new("Theaterkritik schreiben nach dem Theaterbesuch");
    let ranking = TreeRanking::new(&query);
    let kritik = collection("k", "Theaterkritik", DEUTSCH, "d", &[], "");
    let among = collection("a", "Theaterkritik und Rezension", DEUTSCH, "d", &[], "");
    assert!(ranking.titles_a_long_word(std::slice::from_ref(&kritik), 3));
    assert!(
        !ranking.titles_a_long_word(std::slice::from_ref(&among), 3),
        "among other words"
    );
    // A compound that ends in a framing word is a kind of material.
    let query = Query::new("Projektidee Zeitkapsel");
    let ideas = collection("i", "Projektideen", DEUTSCH, "d", &[], "");
    assert!(!TreeRanking::new(&query).titles_a_long_word(&[ideas], 3));
    // A keyword of that word alone will do; one among other words will not.
    let query = Query::new("Papierchromatografie mit Filzstiften");
    let ranking = TreeRanking::new(&query);
    let keyworded = collection("c", "Chromatographie", DEUTSCH, "d", &["Papierchromatographie"], "");
    assert!(ranking.titles_a_long_word(std::slice::from_ref(&keyworded), 3));
    let among = collection(
        "c",
        "Chromatographie",
        DEUTSCH,
        "d",
        &["Papierchromatographie mit Kreide"],
        "",
    );
    assert!(!ranking.titles_a_long_word(std::slice::from_ref(&among), 3));
}

#[test]
fn a_long_word_in_lower_case_where_a_predicate_stands_is_no_part_of_the_topic() {
    let acids = collection(
        "s",
        "Eigenschaften von Säuren",
        DEUTSCH,
        "c",
        &["gefährlich", "giftig"],
        "",
    );
    let asks = |query: &str| TreeRanking::new(&Query::new(query)).titles_a_long_word(std::slice::from_ref(&acids), 3);
    assert!(!asks("Wie gefährlich ist Tollwut?"));
    assert!(!asks("Warum sind die Brennhaare der Raupen gefährlich?"));
    // Before its noun, an adjective is part of the topic; so is every
    // word of a query typed in lower case.
    assert!(asks("gefährliche Stoffe im Haushalt"));
    // Outside a question, a word in lower case may be a foreign noun
    // ("comparative and superlative").
    assert!(asks("Arbeitsblatt Tollwut gefährlich"));
    assert!(asks("wie gefährlich ist tollwut"));
}

#[test]
fn a_title_with_one_of_two_topics_asked_for_answers_half_the_question() {
    let query = Query::new("Ringen und Raufen");
    let ranking = TreeRanking::new(&query);
    let half = collection("r", "Ringen und Kämpfen", DEUTSCH, "s", &[], "");
    let other = collection("a", "Kampfsport", DEUTSCH, "c", &[], "");
    assert!(ranking.titles_a_side(std::slice::from_ref(&half), 3));
    assert!(!ranking.titles_a_side(std::slice::from_ref(&other), 3), "another word");
    assert!(!ranking.titles_a_side(&[other, half.clone()], 1), "not among the first");
    // A side of short words is mostly another topic's ("Max und Moritz").
    let query = Query::new("Max und Moritz");
    let max = collection("m", "Max Planck", DEUTSCH, "p", &[], "");
    assert!(!TreeRanking::new(&query).titles_a_side(&[max], 3));
    // A suspended first part is the compound it shares its last part with.
    let query = Query::new("Kosten- und Leistungsrechnung");
    let ranking = TreeRanking::new(&query);
    let costs = collection("k", "Kostenrechnung", DEUTSCH, "w", &[], "");
    let costs_alone = collection("c", "Kosten", DEUTSCH, "w", &[], "");
    assert!(ranking.titles_a_side(&[costs], 3));
    assert!(!ranking.titles_a_side(&[costs_alone], 3), "not the compound");
    // The second side is the whole phrase up to its last topic word: a
    // title with one of its words is no side ("Sinn des Lebens" for
    // "Leben auf der Raumstation").
    let query = Query::new("Arbeitsblätter zur Raumfahrt und zum Leben auf der Raumstation");
    let ranking = TreeRanking::new(&query);
    let life = collection("l", "Sinn des Lebens", DEUTSCH, "r", &[], "");
    let station = collection("s", "Leben auf der Raumstation", DEUTSCH, "r", &[], "");
    assert!(!ranking.titles_a_side(&[life], 3), "one word of the phrase");
    assert!(ranking.titles_a_side(&[station], 3));
}

#[test]
fn a_title_that_names_only_what_its_ancestors_name_adds_nothing_to_them() {
    let candidates = [
        collection("j", "Jesu Tod und Auferstehung", DEUTSCH, "r", &[], ""),
        collection("c", "christliches Verständnis von Auferstehung", DEUTSCH, "j", &[], ""),
        collection("t", "Tod und Auferstehung als zentrale Inhalte", DEUTSCH, "j", &[], ""),
    ];
    assert_eq!(
        titles("Kreuzigung und Auferstehung Jesu", &candidates, &[])[0],
        "Jesu Tod und Auferstehung"
    );
}

#[test]
fn a_side_of_two_topics_is_titled_with_a_short_word_beside_a_long_one() {
    let query = Query::new("Kreuzigung und Auferstehung Jesu");
    let ranking = TreeRanking::new(&query);
    let titled = [collection("j", "Jesu Tod und Auferstehung", DEUTSCH, "r", &[], "")];
    assert!(ranking.titles_a_side(&titled, 3));
    let other = [collection("k", "Jesus-Bilder", DEUTSCH, "r", &[], "")];
    assert!(!ranking.titles_a_side(&other, 3));
}

#[test]
fn a_title_that_is_a_compounds_last_part_below_its_first_part_names_the_compound_by_its_place() {
    let query = Query::new("Wärmeausdehnung");
    let ranking = TreeRanking::new(&query);
    let (title, lehre, physik) = (
        Words::of("Ausdehnung"),
        Words::of("Wärmelehre / Thermodynamik"),
        Words::of("Physik"),
    );
    assert!(ranking.places_compound(&title, &[&lehre, &physik]));
    assert!(
        !ranking.places_compound(&title, &[&physik]),
        "no ancestor names the first part"
    );
    assert!(
        !ranking.places_compound(&Words::of("Ausdehnung des Universums"), &[&physik]),
        "no ancestor names the first part"
    );
    assert!(
        !ranking.places_compound(&Words::of("Wärmeausdehnung"), &[&lehre]),
        "the title names the compound itself"
    );
    // Ranked as a title of the topic, after one that names it itself.
    let candidates = [
        collection("a", "Ausdehnung", MATHE, "w", &[], ""),
        collection("w", "Wärmelehre", MATHE, "p", &[], ""),
        collection("e", "Wärmeausdehnung von Gasen", MATHE, "w", &[], ""),
    ];
    let placed = ["a".to_string()].into_iter().collect();
    let ranked: Vec<String> = TreeRanking::new(&query)
        .with_placed(placed)
        .rank(candidates.to_vec(), &[])
        .iter()
        .map(|n| n.display_title().to_string())
        .collect();
    assert_eq!(ranked[..2], ["Wärmeausdehnung von Gasen", "Ausdehnung"]);
}

#[test]
fn a_noun_and_its_genitive_are_named_by_the_compound_that_puts_the_genitive_first() {
    let candidates = [
        collection(
            "j",
            "Jenseitsvorstellungen in unterschiedlichen Kulturen",
            DEUTSCH,
            "r",
            &[],
            "",
        ),
        collection("v", "Vorstellung", DEUTSCH, "r", &[], ""),
    ];
    assert_eq!(
        titles("Vorstellungen vom Jenseits", &candidates, &[])[0],
        "Jenseitsvorstellungen in unterschiedlichen Kulturen"
    );
    // The walk of the tree index reads the compound too.
    let query = Query::new("Vorstellungen vom Jenseits");
    let ranking = TreeRanking::new(&query);
    let index = [Words::of("Jenseitsvorstellungen")];
    assert!(ranking.names_closely_in(&candidates[0], &index));
    let one_word = [Words::of("Präpositionen: jenseits")];
    assert!(!ranking.names_closely_in(&candidates[0], &one_word));
}

#[test]
fn a_generic_head_before_a_genitive_names_the_compound_of_both_first() {
    let candidates = [
        collection("m", "Markt", DEUTSCH, "w", &[], ""),
        collection("a", "Marktarten", DEUTSCH, "m", &[], ""),
        collection("d", "Dreiecke", MATHE, "g", &[], ""),
    ];
    // "Arten" is no topic word: the market's page still answers, after
    // the compound.
    assert_eq!(
        titles("verschiedene Arten von Märkten", &candidates, &[]),
        ["Marktarten", "Markt"]
    );
    let query = Query::new("Arten von Märkten");
    let ranking = TreeRanking::new(&query);
    assert!(ranking.names_closely_in(&candidates[1], &[Words::of("Marktarten")]));
    // A generic head alone names nothing.
    assert!(!ranking.names_closely_in(&candidates[2], &[Words::of("Arten von Dreiecken")]));
    assert_eq!(titles("Arten von Dreiecken", &candidates, &[]), ["Dreiecke"]);
}

#[test]
fn a_title_naming_the_topic_only_by_a_short_form_comes_last_and_covers_it_as_a_keyword_does() {
    let short = collection("z", "Zinsrechnung", MATHE, "m", &[], "");
    let compound = collection("zz", "Zinseszinsrechnungsaufgaben", MATHE, "m", &[], "");
    let query = Query::new("Zinseszinsrechnung");
    let ranking = TreeRanking::new(&query);
    assert_eq!(ranking.coverage(std::slice::from_ref(&short), &[]), Coverage::Keyword);
    assert_eq!(
        titles("Zinseszinsrechnung", &[short, compound], &[]),
        ["Zinseszinsrechnungsaufgaben", "Zinsrechnung"]
    );
}

#[test]
fn examples_after_wie_need_not_be_named_by_the_page_of_their_kind() {
    let candidates = [
        collection("b", "Baustoffe", DEUTSCH, "c", &[], ""),
        collection("h", "Beton und Zement", DEUTSCH, "c", &[], ""),
    ];
    assert_eq!(titles("Baustoffe wie Beton", &candidates, &[]), ["Baustoffe"]);
    // The examples, not the kind; a question's "wie" introduces none,
    // nor one after a word that is no topic word.
    let of = |query: &str| {
        let tokens: Vec<String> = tokens(query).map(str::to_string).collect();
        let query = Query::new(query);
        let words: Vec<TopicWord> = (query.topic_words().iter())
            .map(|w| TopicWord::of(w).at(&tokens))
            .collect();
        examples(&words, &tokens)
    };
    assert_eq!(of("Baustoffe wie Beton und Zement"), 0b110);
    assert_eq!(of("Wie funktioniert ein Motor?"), 0);
    assert_eq!(of("Ich frage mich, wie Vulkane entstehen"), 0);
}

#[test]
fn a_verb_after_the_topic_that_no_collection_uses_is_no_topic_word() {
    let texts: Vec<Vec<Words>> = vec![vec![Words::of("Plakat / Werbung"), Words::of("Werbeplakate")]];
    let query = Query::new("Werbeplakate entwerfen");
    assert_eq!(TreeRanking::new(&query).framing_verbs(&texts), ["entwerfen"]);
    // An adjective before its noun narrows the topic ("chinesischen
    // Neujahrsfest"); a verb the tree uses is a topic word.
    let query = Query::new("chinesischen Werbeplakate");
    assert!(TreeRanking::new(&query).framing_verbs(&texts).is_empty());
    let texts: Vec<Vec<Words>> = vec![vec![Words::of("Werbeplakate entwerfen")]];
    let query = Query::new("Werbeplakate entwerfen");
    assert!(TreeRanking::new(&query).framing_verbs(&texts).is_empty());
}

#[test]
fn the_verbs_of_a_question_after_its_question_word_and_at_its_end_frame_it() {
    let texts: Vec<Vec<Words>> = vec![vec![
        Words::of("Krieg und Frieden"),
        Words::of("entstehen, gesichert, hilft, erleben, findet, aufnehmen"),
    ]];
    let verbs = |q: &str| TreeRanking::new(&Query::new(q)).framing_verbs(&texts);
    assert_eq!(
        verbs("Wie entstehen Kriege und wie kann Frieden gesichert werden?"),
        ["entstehen", "gesichert"]
    );
    assert_eq!(
        verbs("Was hilft Kindern, die zu Hause Gewalt erleben?"),
        ["hilft", "erleben"]
    );
    assert_eq!(
        verbs("Welche literarischen Gattungen findet man in der Bibel?"),
        ["findet"]
    );
    // In the past too.
    assert_eq!(verbs("Wie festigte die NSDAP nach 1933 ihre Herrschaft?"), ["festigte"]);
    assert_eq!(verbs("Wie Pflanzen Wasser aufnehmen"), ["aufnehmen"]);
    // The verb of a question for a cause is what it asks about; an adverb
    // or adjective, an adjective before its noun and a statement frame
    // nothing.
    assert!(verbs("Warum schnarchen manche Menschen?").is_empty());
    assert!(verbs("Wie können wir Kriege nachhaltig nutzen?").is_empty());
    assert!(verbs("Welche Stoffe sind brennbar?").is_empty());
    // A verb whose noun titles a collection is the topic.
    let texts: Vec<Vec<Words>> = vec![vec![Words::of("Korrosion und Korrosionsschutz")]];
    assert!(
        TreeRanking::new(&Query::new("Wie korrodiert Eisen?"))
            .framing_verbs(&texts)
            .is_empty()
    );
    assert_eq!(
        TreeRanking::new(&Query::new("Wie rostet Eisen?")).framing_verbs(&texts),
        ["rostet"]
    );
    assert!(verbs("Welche literarischen Gattungen gibt es?").is_empty());
    assert!(verbs("entstehen Kriege").is_empty());
}

#[test]
fn a_question_after_a_heading_and_a_colon_opens_with_its_question_word() {
    let texts: Vec<Vec<Words>> = vec![vec![Words::of("Viren"), Words::of("vermehren")]];
    let verbs = |q: &str| TreeRanking::new(&Query::new(q)).framing_verbs(&texts);
    assert_eq!(verbs("Biologie: Wie vermehren sich Viren?"), ["vermehren"]);
    assert_eq!(verbs("Biologie Oberstufe: Wie vermehren sich Viren?"), ["vermehren"]);
    // A longer heading is a sentence of its own.
    assert!(verbs("Viren im Biologieunterricht der Oberstufe: wie vermehren sie sich?").is_empty());
}

#[test]
fn a_topic_word_cut_from_a_compound_the_query_types_is_named_by_that_compound() {
    let tests = collection("h", "Hypothesentests", MATHE, "s", &[], "");
    let names = |q: &str| TreeRanking::new(&Query::new(q)).names_closely(&tests);
    // "Tests" asks for a kind of material; the tree titles the compound.
    assert!(names("Hypothesentests"));
    assert!(names("Hypothesentest"));
    assert!(!names("Hypothesen"));
}

#[test]
fn an_aspect_of_a_thing_in_the_genitive_is_found_on_the_thing_s_page() {
    let candidates = [
        collection("v", "Volumeneinheiten", MATHE, "g", &[], ""),
        collection("k", "Kegel", MATHE, "k", &[], ""),
        collection("r", "Rauminhalte", MATHE, "g", &["Volumen"], ""),
    ];
    assert_eq!(titles("Volumen eines Kegels", &candidates, &[])[0], "Kegel");
    assert_eq!(
        titles("Oberfläche und Volumen eines Kegels", &candidates, &[])[0],
        "Kegel"
    );
    // A page of the aspect alone names none of it.
    assert!(!titles("Volumen eines Kegels", &candidates, &[]).contains(&"Volumeneinheiten".to_string()));
    // A long, specific word before a definite genitive is a thing of its
    // own; a short one is an aspect of the thing.
    let aspects = |query: &str| {
        let tokens: Vec<String> = crate::search::query::tokens(query).map(String::from).collect();
        let words: Vec<TopicWord> = (Query::new(query).topic_words().iter())
            .map(|w| TopicWord::of(w).at(&tokens))
            .collect();
        genitive_aspects(&words, &tokens)
    };
    assert_eq!(aspects("Standard-Modell der Teilchenphysik"), 0);
    assert_eq!(aspects("Körperbau der Fische"), 1);
    assert_eq!(aspects("Ernährung und Fortpflanzung eines Mooses"), 0b11);
    // "Aufbau", a generic head, is no topic word at all.
    assert_eq!(aspects("Aufbau und Fortpflanzung eines Mooses"), 1);
}

#[test]
fn a_title_with_the_noun_an_adjective_of_the_query_is_made_from_is_read_by_the_walk() {
    let query = Query::new("syrischer Bürgerkrieg");
    let ranking = TreeRanking::new(&query);
    assert!(ranking.titles_a_derived_word(&Words::of("Syrien")));
    assert!(ranking.titles_a_derived_word(&Words::of("Syrer in Deutschland")));
    // The same word in its own part of speech is no derivation, nor a
    // word that merely starts alike.
    assert!(!ranking.titles_a_derived_word(&Words::of("Bürgerkriege")));
    assert!(!ranking.titles_a_derived_word(&Words::of("Syrinx")));
    let participle = Query::new("individualisierte Gesellschaft");
    assert!(TreeRanking::new(&participle).titles_a_derived_word(&Words::of("Individualisierung und Diversität")));
    // A verb that ends an infinitive phrase says what is done.
    let activity = Query::new("Flohmarkt in der Schule organisieren");
    assert!(!TreeRanking::new(&activity).titles_a_derived_word(&Words::of("Organisation")));
}

#[test]
fn a_title_that_names_more_than_the_querys_closing_verb_comes_first() {
    const GEO: &str = "http://w3id.org/openeduhub/vocabs/discipline/220";
    let candidates = [
        collection("e", "Europa erkunden", GEO, "g", &[], ""),
        collection("b", "Berufsfelder: Was interessiert mich?", DEUTSCH, "o", &[], ""),
    ];
    assert_eq!(
        titles("Berufsfeldern erkunden", &candidates, &[]),
        ["Berufsfelder: Was interessiert mich?"],
        "the verb alone names what is done, in another subject"
    );
    let query = Query::new("Berufsfeldern erkunden");
    let ranking = TreeRanking::new(&query);
    assert!(ranking.names_only_its_verb(0b10) && !ranking.names_only_its_verb(0b01));
    assert!(!ranking.names_only_its_verb(0), "nothing named");
    // An adjective is no verb, and a word in "-en" after the noun that is
    // not the last is none either: the rarer word decides as before.
    let query = Query::new("trigonometrische Funktionen");
    assert!(!TreeRanking::new(&query).names_only_its_verb(0b01));
    let query = Query::new("Herrschaft der salischen Kaiser");
    assert!(!TreeRanking::new(&query).names_only_its_verb(0b10));
}

#[test]
fn of_titles_that_name_part_of_the_topic_the_required_words_count_first() {
    const ETHIK: &str = "http://w3id.org/openeduhub/vocabs/discipline/160";
    const GESCHICHTE: &str = "http://w3id.org/openeduhub/vocabs/discipline/240";
    let candidates = vec![
        collection("m", "Der Mensch und seine belebte Umwelt", ETHIK, "e", &[], ""),
        collection("k", "Der Mensch als Natur- und Kulturwesen", ETHIK, "e", &[], ""),
        collection("e", "Eisenzeit", GESCHICHTE, "g", &[], ""),
    ];
    let query = Query::new("Wie lebten die Menschen in der Eisenzeit?");
    let first = |ranking: TreeRanking<'_>| ranking.rank(candidates.clone(), &[])[0].display_title().to_string();
    // The question's verb optional (as the walk makes it): the rarer
    // required word decides, not the verb beside a commoner one.
    let verb = ["lebten".to_string()];
    assert_eq!(first(TreeRanking::new(&query).with_optional(&verb)), "Eisenzeit");
    // Required, "lebten" meets "belebte": two words named.
    assert_eq!(first(TreeRanking::new(&query)), "Der Mensch und seine belebte Umwelt");
}

#[test]
fn an_adjective_no_collection_uses_before_a_named_noun_narrows_it_to_a_kind() {
    let texts: Vec<Vec<Words>> = vec![vec![Words::of("Dreiecke")], vec![Words::of("Listen")]];
    let adjectives = |q: &str| TreeRanking::new(&Query::new(q)).narrowing_adjectives(&texts);
    assert_eq!(adjectives("gleichschenkliges Dreieck"), ["gleichschenkliges"]);
    assert_eq!(adjectives("Wie funktioniert eine verkettete Liste?"), ["verkettete"]);
    // Not after the noun, not before a noun the tree lacks, not in its
    // base form, and not one the tree uses.
    assert!(adjectives("Dreieck gleichschenkliges").is_empty());
    assert!(adjectives("gleichschenkliges Viereck").is_empty());
    assert!(adjectives("gleichschenklig Dreieck").is_empty());
    assert!(adjectives("die chinesischen Listen").is_empty(), "a name's adjective");
    let texts: Vec<Vec<Words>> = vec![vec![Words::of("Gleichschenklige Dreiecke")]];
    let query = Query::new("gleichschenkliges Dreieck");
    assert!(TreeRanking::new(&query).narrowing_adjectives(&texts).is_empty());
}

#[test]
fn a_title_of_a_name_in_the_genitive_before_its_noun_is_part_of_the_question() {
    let platon = collection("p", "Platon", DEUTSCH, "ph", &[], "");
    let query = Query::new("Platons Ideenlehre");
    assert!(TreeRanking::new(&query).titles_a_long_word(std::slice::from_ref(&platon), 3));
    // Without a noun after it, the short word is no owner.
    let query = Query::new("Ideenlehre des Platons");
    assert!(!TreeRanking::new(&query).titles_a_long_word(std::slice::from_ref(&platon), 3));
    let query = Query::new("Platon Ideenlehre");
    assert!(!TreeRanking::new(&query).titles_a_long_word(&[platon], 3));
}

#[test]
fn a_title_the_question_holds_whole_answers_part_of_it() {
    let query = Query::new("Erste Schritte zur neuen Lernkultur in der Schule");
    let ranking = TreeRanking::new(&query);
    // Every word of the title is a topic word, in some form.
    assert!(ranking.holds_title("Eine neue Lernkultur"));
    // A word the question lacks.
    assert!(!ranking.holds_title("Lernkultur im Betrieb"));
    // One short topic word alone is too little to hold a title.
    assert!(!ranking.holds_title("Die Schule"));
    // A specific topic word alone holds one.
    assert!(ranking.holds_title("Lernkultur"));
    // A title of stopwords only names nothing.
    assert!(!ranking.holds_title("Von der"));
    // A number counts for no topic word: a period with one word is no
    // part of the topic.
    let query = Query::new("Auswanderung nach Amerika im 19. Jahrhundert");
    let ranking = TreeRanking::new(&query);
    assert!(!ranking.holds_title("19. Jahrhundert"));
    assert!(!ranking.holds_title("Jahrhunderte"), "the word after the number");
    assert!(ranking.holds_title("Auswanderung nach Amerika"));
    assert!(
        !ranking.holds_title("Amerika im 19. Jahrhundert"),
        "one topic word beside the period"
    );
}

#[test]
fn a_word_in_lower_case_before_a_narrowing_adjective_narrows_the_noun_too() {
    let texts: Vec<Vec<Words>> = vec![vec![Words::of("Beschleunigte Bewegungen")]];
    let adjectives = |q: &str| TreeRanking::new(&Query::new(q)).narrowing_adjectives(&texts);
    // The adjective is named, the word before it is not: it says how.
    assert_eq!(adjectives("gleichmäßig beschleunigte Bewegung"), ["gleichmäßig"]);
    // Not before an adjective before a noun the tree lacks, nor before
    // the noun itself in its base form.
    assert!(adjectives("gleichmäßig beschleunigte Drehung").is_empty());
    assert!(adjectives("gleichmäßig Bewegung").is_empty());
}

#[test]
fn a_first_collection_the_question_holds_whole_is_part_of_it() {
    let held = collection("h", "Häusliche Gewalt", DEUTSCH, "p", &[], "");
    let other = collection("o", "Gewalt in Medien", DEUTSCH, "p", &[], "");
    let query = Query::new("Anzeichen häuslicher Gewalt");
    let ranking = TreeRanking::new(&query);
    assert!(ranking.holds_a_title(&[other.clone(), held.clone()], 3));
    assert!(!ranking.holds_a_title(std::slice::from_ref(&other), 3));
    // Only among the first `n`.
    assert!(!ranking.holds_a_title(&[other, held], 1));
}

#[test]
fn a_number_word_counts_what_the_others_name_and_a_year_dates_it() {
    let candidates = [
        collection("t", "Theodizee", DEUTSCH, "r", &["vier edle Wahrheiten"], ""),
        collection("j", "Jahreszeiten", DEUTSCH, "d", &[], ""),
        collection("l", "Lieder zu Jahreszeiten", DEUTSCH, "d", &[], ""),
    ];
    // "vier" is rarer among the candidates than "Jahreszeiten", but it
    // only counts them.
    assert_eq!(
        titles("Projektideen zu den vier Jahreszeiten", &candidates, &[]),
        ["Jahreszeiten", "Lieder zu Jahreszeiten", "Theodizee"]
    );
    // No text names the span of years; the tree still names the topic.
    let texts = vec![vec![Words::of("Alltag im Krieg")]];
    let dated = Query::new("Alltag im Krieg 1914–1918");
    assert!(!TreeRanking::new(&dated).has_unnamed_word(&texts));
    let counted = Query::new("Alltag im Krieg Zweitausend");
    assert!(TreeRanking::new(&counted).has_unnamed_word(&texts));
}

#[test]
fn a_title_of_the_heading_before_a_colon_is_the_page_of_the_details() {
    const SPORT: &str = "http://w3id.org/openeduhub/vocabs/discipline/600";
    let handball = collection("h", "Handball", SPORT, "s", &[], "");
    let among = collection("w", "Handball und Volleyball", SPORT, "s", &[], "");
    let query = Query::new("Stundenentwurf Handball Klasse 6: Prellen und Passen");
    assert!(TreeRanking::new(&query).titles_the_heading(std::slice::from_ref(&handball), 3));
    assert!(
        !TreeRanking::new(&query).titles_the_heading(std::slice::from_ref(&among), 3),
        "the heading among other words"
    );
    // No colon, or nothing after it: no heading.
    for plain in ["Handball Prellen und Passen", "Handball:"] {
        let query = Query::new(plain);
        assert!(
            !TreeRanking::new(&query).titles_the_heading(std::slice::from_ref(&handball), 3),
            "{plain}"
        );
    }
    // A heading that names a kind of material names no page.
    let ideas = collection("i", "Projektideen", DEUTSCH, "d", &[], "");
    let query = Query::new("Projektidee: Katapulte bauen");
    assert!(!TreeRanking::new(&query).titles_the_heading(&[ideas], 3));
}

#[test]
fn a_suspended_first_part_is_named_by_its_word() {
    // "Montessori-" stands for a compound of Montessori's: a keyword naming
    // her names its topic.
    let texts = vec![vec![Words::of("Reformpädagogik"), Words::of("Maria Montessori")]];
    let suspended = Query::new("Montessori- und Reformpädagogik");
    assert!(!TreeRanking::new(&suspended).has_unnamed_word(&texts));
    let unnamed = vec![vec![Words::of("Reformpädagogik")]];
    assert!(TreeRanking::new(&suspended).has_unnamed_word(&unnamed));
    // A part too short to be a word names nothing on its own.
    let texts = vec![vec![Words::of("Reformpädagogik"), Words::of("Ost")]];
    assert!(TreeRanking::new(&Query::new("Ost- und Reformpädagogik")).has_unnamed_word(&texts));
}
