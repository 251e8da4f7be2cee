//! The tests of the later rounds of general rules: each names the rules
//! it reads and failed on the binary before them (from round twenty on,
//! the round is in the test's name).

use super::*;

#[tokio::test]
async fn a_language_courses_title_that_is_the_topic_comes_before_a_looser_title() {
    let h = Harness::start_real_tree().await;
    // Englisch's "Großbritannien" is the topic; Geschichte's
    // "Industrialisierung Großbritannien" names it among other words.
    for query in ["Großbritannien", "Grossbritannien"] {
        let doc = search(&h, query).await;
        let first = ids(&doc).first().cloned().unwrap_or_default();
        assert_eq!(
            first,
            collection(h.standin.corpus(), "Großbritannien", "Englisch").id,
            "{query}: {doc}"
        );
    }
    // A flat hunt in French lessons: "Wohnungs|suche" is no request.
    leads_in_portal(
        &h,
        "Wohnungssuche im Französischunterricht",
        "Wohnungssuche und Umzug",
        "Französisch",
    )
    .await;
}

#[tokio::test]
async fn a_subject_without_a_portal_answers_the_portals_its_names_name() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    // Arbeitslehre has no portal; its alias "Wirtschaft-Arbeit-Technik"
    // names Wirtschaft.
    let doc = search(&h, "WAT").await;
    assert_eq!(first_title(corpus, &doc).as_deref(), Some("Wirtschaft"), "{doc}");
    // MINT ("Chemie Physik Biologie") names three.
    let doc = search(&h, "NaWi").await;
    let mut top: Vec<&str> = ids(&doc)
        .iter()
        .take(3)
        .filter_map(|id| corpus.get(id).map(|n| n.title.trim()))
        .collect();
    top.sort_unstable();
    assert_eq!(top, ["Biologie", "Chemie", "Physik"], "{doc}");
}

#[tokio::test]
async fn a_lesson_plan_or_a_course_level_frames_the_request() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    leads_in_portal(
        &h,
        "Stundenentwurf zum Vietnamkrieg für Klasse 10",
        "Vietnamkrieg",
        "Geschichte",
    )
    .await;
    let doc = search(&h, "Sport-LK").await;
    assert_eq!(first_title(corpus, &doc).as_deref(), Some("Sport"), "{doc}");
}

#[tokio::test]
async fn a_word_only_keywords_hold_is_real_and_a_typo_of_it_is_corrected_to_it() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    // Keywords name what titles leave out: a slip of such a word is
    // corrected to it ("Parallelogramm" is a keyword of "Vierecke").
    leads_in_portal(&h, "Paralellogramm", "Vierecke", "Mathematik").await;
    // A word keywords hold is no typo of a title's word two edits away
    // ("Volleyball", "Zelluläre").
    leads_in_portal(&h, "Völkerball", "Kleine Spiele", "Sport").await;
    let doc = search(&h, "Cellulose").await;
    assert_eq!(doc.get("relaxedQuery"), None, "{doc}");
    assert_eq!(
        first_title(corpus, &doc).as_deref(),
        Some("Vorkommen und Gewinnung von Kohlenhydraten"),
        "{doc}"
    );
    // Keywords that name the whole compound outweigh a title that names
    // one part of it: "Das Leben der Bauern" is no "Bauernkrieg".
    let doc = search(&h, "Bauernkrieg").await;
    assert_eq!(
        first_title(corpus, &doc).as_deref(),
        Some("Kirche und Reformation"),
        "{doc}"
    );
    assert!(
        ids(&doc)
            .iter()
            .all(|id| corpus.get(id).is_some_and(|n| n.title.trim() != "Das Leben der Bauern")),
        "{doc}"
    );
    // A title that names every part still wins over the keywords.
    leads_in_portal(&h, "Redoxreaktion", "RedOx-Reaktionen", "Chemie").await;
}

#[tokio::test]
async fn subjects_named_with_a_second_field_or_as_whose_language_answer_that_subject() {
    let h = Harness::start_real_tree().await;
    for (query, portal) in [
        // Austria's names: one subject, however the second field is named.
        ("Biologie und Umweltkunde", "Biologie"),
        ("Geographie und Wirtschaftskunde", "Geographie"),
        // A language taught as the pupils' own: the subject.
        ("Türkisch als Herkunftssprache", "Türkisch"),
    ] {
        answers_the_portal(&h, query, portal).await;
    }
    // What a class does with a topic is no topic of its own.
    leads_in_portal(
        &h,
        "Feedback geben üben in der Theater-AG",
        "Feedbackkultur",
        "Darstellendes Spiel",
    )
    .await;
}

#[tokio::test]
async fn small_words_accents_and_short_keywords_are_read_as_written() {
    let h = Harness::start_real_tree().await;
    // A question of small words only is about those words.
    leads_in_portal(&h, "das oder dass", "das-/dass-Schreibung", "Deutsch").await;
    // Typed without its accent, a French title is still found.
    leads_in_portal(&h, "Ancien Regime", "Ancien Régime", "Französisch").await;
    // A short word only keywords hold is no typo of a title's word:
    // "Quallen" are no "Quellen".
    leads_in_portal(&h, "Quallen", "Hohltiere: Schwämme und Nesseltiere", "Biologie").await;
    // Subjects named as in Bavaria and Austria.
    for (query, portal) in [
        ("Erziehungskunde", "Pädagogik"),
        ("Geschichte und Politische Bildung", "Geschichte"),
    ] {
        answers_the_portal(&h, query, portal).await;
    }
}

#[tokio::test]
async fn words_written_apart_other_forms_and_a_collections_place_in_the_tree_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A slash and an apostrophe separate words.
        ("Biedermeier", "Biedermeier/ Vormärz und Junges Deutschland", "Deutsch"),
        ("Rock'n'Roll", "Rock 'n' Roll", "Musik"),
        // A Latin plural in -ien.
        ("Verbaladverb", "Verbaladverbien", "Türkisch"),
        // A framing word before another part makes a topic; the subject's
        // name with a linking s is the subject.
        ("Videokunst im Kunstunterricht", "Videokunst", "Kunst"),
        // A compound's last part that is a compound itself is the topic.
        ("Weltbevölkerungsentwicklung", "Bevölkerungsentwicklung", "Geographie"),
        // The title names a word, its ancestors the rest.
        ("Lagebeziehung zweier Geraden", "Gerade/Gerade", "Mathematik"),
        // Half of the question, or a specific part of it, when the tree
        // lacks the rest.
        ("Ringen und Raufen", "Ringen und Kämpfen", "Sport"),
        (
            "Theaterkritik schreiben nach dem Theaterbesuch",
            "Theaterkritik",
            "Darstellendes Spiel",
        ),
        // A misspelt subject is corrected to it.
        ("Interkulturele Bildung", "Interkulturelle Bildung", "Pädagogik"),
    ] {
        leads_in_portal(&h, query, title, portal).await;
    }
    // What the tree lacks stays empty beside a subject or a kind of
    // material.
    for query in ["Samurai im Geschichtsunterricht", "Projektidee Zeitkapsel für Klasse 4"] {
        answers_nothing(&h, query).await;
    }
}

#[tokio::test]
async fn an_adjective_made_of_a_name_names_the_person_and_a_word_the_tree_lacks_stays_unanswered() {
    let h = Harness::start_real_tree().await;
    among_first_three(
        &h,
        "Rutherfordsches Atommodell",
        "Kern-Hülle-Modell nach Rutherford",
        "Chemie",
    )
    .await;
    // A split rescue that leaves a word the whole tree lacks does not
    // answer: attachment theory is no page on chemical bonds.
    answers_nothing(&h, "Bindungstheorie nach Bowlby").await;
}

#[tokio::test]
async fn compounds_across_the_tree_hyphen_pieces_derived_nouns_and_questions_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // The title is the compound's last part, an ancestor its first.
        ("Teilchenbeschleuniger", "Beschleuniger", "Physik"),
        ("Wärmeausdehnung", "Ausdehnung", "Physik"),
        // A hyphen marks a compound's parts, however short.
        ("Zen Buddhismus", "Zen-Buddhismus", "Philosophie & Ethik"),
        // Two words of the query make the title's compound.
        ("Instrumente bauen", "Instrumentenbau", "Musik"),
        // A noun derived from the topic word.
        ("Ritter im Mittelalter", "Adel und Rittertum", "Geschichte"),
        // A question asked as a sentence.
        (
            "Darf man Fleisch essen?",
            "Fleischkonsum: Dürfen wir Tiere essen?",
            "Philosophie & Ethik",
        ),
        // A title and its keywords hold the phrase together.
        ("Märzrevolution 1848", "Revolution 1848/49", "Geschichte"),
        // A noun and its genitive make the compound the other way round.
        (
            "Vorstellungen vom Jenseits",
            "Jenseitsvorstellungen in unterschiedlichen Kulturen und Epochen",
            "Philosophie & Ethik",
        ),
        // An English plural; a way of teaching frames the topic.
        ("Global City", "Global Cities", "Geographie"),
        ("Stationenlernen zum Magnetismus", "Grundlagen Magnetismus", "Physik"),
    ] {
        leads_in_portal(&h, query, title, portal).await;
    }
    among_first_three(
        &h,
        "Kreuzigung und Auferstehung Jesu",
        "Jesu Tod und Auferstehung",
        "Religion",
    )
    .await;
}

#[tokio::test]
async fn processes_verbs_suspended_parts_and_typos_that_folding_hides_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A process of a thing is about the thing.
        ("Nierenfunktion und Harnbildung", "Ausscheidungsorgane", "Biologie"),
        ("Vulkanausbruch", "Vulkanismus", "Geographie"),
        // A verb no collection uses says what is done, not which topic.
        ("Werbeplakate entwerfen", "Plakat / Werbung", "Kunst"),
        // Typos: one that folding moves to the first letter, one beside
        // a split word, one beside a word the tree lacks.
        ("Satz des Phytagoras", "Satzgruppe des Pythagoras", "Mathematik"),
        ("rethorische Stilmittel erkennen", "Rhetorische Stilmittel", "Deutsch"),
        (
            "elektrochemische Spanungsreihe",
            "Die Spannungsreihe der Metalle",
            "Chemie",
        ),
        ("Badmington Grundschläge", "Badminton", "Sport"),
        // An aspect of a thing is on the thing's page.
        ("Volumen eines Kegels", "Kegel", "Mathematik"),
        ("Aufbau und Fortpflanzung eines Mooses", "Moose", "Biologie"),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
    // An adjective before its noun still narrows the topic.
    answers_nothing(&h, "Unterrichtsideen zum chinesischen Neujahrsfest").await;
}

#[tokio::test]
async fn slips_spellings_and_pronouns_of_round_twenty_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A slip in a word the tree lacks, fixed to a title's word, answers
        // though the rest of the question is named only in part.
        ("Demokartie im alten Athen", "Demokratie in Athen", "Geschichte"),
        (
            "Auffoderungssätze bilden",
            "Aufforderungssätze",
            "Deutsch als Zweitsprache",
        ),
        // A title in another spelling joins the walk.
        ("Apostrof richtig setzen", "Apostroph", "Deutsch"),
        // A possessive pronoun is no topic word.
        ("Filmmusik und ihre Wirkung", "Filmmusik", "Musik"),
        // A misspelt part of a hyphenated word; a slip a keyword fixes.
        ("N-Deklinaton", "N-Deklination", "Deutsch als Zweitsprache"),
        ("Eutrophirung von Seen", "Verschmutzung von Natur und Umwelt", "Chemie"),
        // A school day given to a topic frames it.
        (
            "Projekttag Mülltrennung in der Grundschule",
            "Müll und Recycling",
            "Nachhaltigkeit",
        ),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
    // Two slips in a word of nine letters make another word, no typo.
    answers_nothing(&h, "Floorball im Sportunterricht").await;
    answers_nothing(&h, "Faustball im Sportunterricht").await;
    // A short word a slip from a keyword is another word.
    answers_nothing(&h, "Haligen in der Nordsee").await;
}

#[tokio::test]
async fn forms_framings_and_compound_heads_of_round_twenty_one_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A dative plural and a genitive are searched without their ending.
        ("Gelassenheit bei den Stoikern", "Die Stoiker", "Philosophie & Ethik"),
        // A visit, a lesson's start and audio examples frame a request.
        ("Bauernhofbesuch mit der Klasse", "Auf dem Bauernhof", "Geographie"),
        ("Einstiegsstunde zu Epikur", "Epikur", "Philosophie & Ethik"),
        ("Hörbeispiele und Unterrichtsidee zum Swing", "Swing", "Musik"),
        // A collection keyworded with a long topic word alone answers that
        // part of the question.
        ("Papierchromatografie mit Filzstiften", "Chromatographie", "Chemie"),
        // An unacceptable split no longer hides the best one.
        (
            "Entity-Relationsship-Diagramme",
            "Entity-Relationship(ER)-Diagramme",
            "Informatik",
        ),
        // An abstract last part of a compound keeps its first part's topic.
        ("Plakatgestaltung im Kunstunterricht", "Plakat / Werbung", "Kunst"),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
    // A short, concrete last part makes another topic of the first: an
    // answer must name it.
    answers_nothing(&h, "Tierspuren").await;
    answers_nothing(&h, "Sonnenbrand").await;
    answers_nothing(&h, "Vorbereitung auf die Vergleichsarbeiten in Klasse 8").await;
}

#[tokio::test]
async fn generic_heads_superlatives_and_keyworded_first_parts_of_round_twenty_two_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // "Aufbau" says which aspect is asked, not which topic: the fats,
        // not "Der Aufbau unserer Städte".
        (
            "Aufbau gesättigter und ungesättigter Fettsäuren",
            "Fette und Öle - Ester langkettiger Carbonsäuren",
            "Chemie",
        ),
        ("Merkmale des romantischen Kunstliedes", "Kunstlied", "Musik"),
        // A superlative is searched as its adjective.
        ("die spektakulärsten Experimente", "Spektakuläre Experimente", "Chemie"),
        // A compound's first part that only keywords hold, its last part
        // named by the same collection.
        ("Folkloretänze im Musikunterricht", "Tänze aus aller Welt", "Musik"),
        ("Pendlerverkehr", "Verkehr: Personenverkehr", "Geographie"),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
    // A keyword's word as first part answers only when a first collection
    // names the rest of the compound too.
    answers_nothing(&h, "Brieffreundschaften").await;
    answers_nothing(&h, "Orchideen").await;
}

#[tokio::test]
async fn learners_by_grade_upper_school_words_and_general_last_parts_of_round_twenty_three_are_read() {
    let h = Harness::start_real_tree().await;
    // A subject with level words only answers its portal.
    for (query, portal) in [
        ("Deutsch für Erstklässler", "Deutsch"),
        ("Englisch Kursstufe", "Englisch"),
        ("Mathe Abi", "Mathematik"),
    ] {
        let corpus = h.standin.corpus();
        let doc = search(&h, query).await;
        let first = ids(&doc).first().and_then(|id| corpus.get(id));
        assert!(
            first.is_some_and(|n| n.parent_id.as_deref() == Some(ROOT_ID) && n.title.trim() == portal),
            "{query}: the portal {portal} is not first: {doc}"
        );
    }
    // "-stücke" and "-schutz" name no other topic than the compound's first
    // part: a page on it answers.
    among_first_three(
        &h,
        "Kleidungsstücke benennen im Englischunterricht",
        "Kleidung",
        "Englisch",
    )
    .await;
}

#[tokio::test]
async fn ordinals_verbs_for_their_nouns_short_adjectives_and_one_of_two_topics_of_round_twenty_four_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // An ordinal word names the collection its digits title.
        (
            "Elemente der fünften Hauptgruppe",
            "5. Hauptgruppe: Stickstoffgruppe",
            "Chemie",
        ),
        // A verb in "-ieren" names its noun in "-ion".
        (
            "Brueche addieren und subtrahieren",
            "Addition & Subtraktion von Brüchen",
            "Mathematik",
        ),
        (
            "Arbeitsblätter schriftliches Subtrahieren Klasse 3",
            "schriftliche Subtraktion",
            "Mathematik",
        ),
        // A short adjective in another ending than the keyword's.
        (
            "Erklärvideo zum freien Fall für Klasse 9",
            "Beschleunigte Bewegungen",
            "Physik",
        ),
        // One of two topics asked for, its first part suspended.
        (
            "Kosten- und Leistungsrechnung im Fach Wirtschaft",
            "Kostenrechnung",
            "Wirtschaft",
        ),
        // "Stundenbild" is a lesson's plan: framing.
        ("Stundenbild Tennis für Klasse 8", "Tennis", "Sport"),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
    // A compound of two framing words and a language's year of learning
    // are level words: a subject with them answers its portal.
    answers_the_portal(&h, "DaZ Anfängerkurs", "Deutsch als Zweitsprache").await;
    answers_the_portal(&h, "Französisch 1. Lernjahr", "Französisch").await;
    // A present participle describes ("motivierend"), and "Passion" is no
    // noun of "passieren": neither makes an answer.
    answers_nothing(&h, "Ideen für einen motivierenden Stundeneinstieg").await;
}

#[tokio::test]
async fn inflected_subject_names_the_word_fach_and_sides_after_an_article_of_round_twenty_five_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A subject of two words with another adjective ending, and "im
        // Fach": the subject, no topic words.
        (
            "Objekttheater im Darstellenden Spiel",
            "Objekt- und Medientheater",
            "Darstellendes Spiel",
        ),
        (
            "Objekttheater im Fach Darstellendes Spiel",
            "Objekt- und Medientheater",
            "Darstellendes Spiel",
        ),
        // One of two topics asked for, an article after "und".
        (
            "Die heilige Barbara und die Barbarazweige im Religionsunterricht",
            "Barbara von Nikomedien und die vierzehn heiligen Nothelfer",
            "Religion",
        ),
        (
            "Mendeleev und das Periodensystem",
            "Die Historische Entwicklung des Periodensystems",
            "Chemie",
        ),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
}

#[tokio::test]
async fn a_second_topic_as_a_phrase_the_teachers_own_question_and_what_a_class_weighs_of_round_twenty_six_are_read() {
    let h = Harness::start_real_tree().await;
    // The second of two topics is the whole phrase: a collection titled
    // with one word of it ("Sinn des Lebens") answers neither topic.
    answers_nothing(&h, "Raumfahrt und das Leben auf der Raumstation").await;
    // "Wie löse ich …": how the teacher goes about it, not the topic.
    let doc = among_first_three(
        &h,
        "Wie löse ich eine Bruchgleichung?",
        "Bruchgleichungen",
        "Mathematik",
    )
    .await;
    assert_eq!(
        first_title(h.standin.corpus(), &doc).as_deref(),
        Some("Bruchgleichungen"),
        "{doc}"
    );
    // "Vor- und Nachteile" is what a class weighs about the topic.
    among_first_three(
        &h,
        "Vor- und Nachteile intensiver Landwirtschaft",
        "Wirtschaftsweisen Landwirtschaft: Intensive Landwirtschaft",
        "Geographie",
    )
    .await;
}

#[tokio::test]
async fn two_nouns_of_one_verb_instructions_clubs_and_the_upper_schools_phases_of_round_twenty_seven_are_read() {
    let h = Harness::start_real_tree().await;
    // "-ifizierung" and "-ifikation" are nouns of one verb; "c" before "a"
    // is read as "k" ("Gamification").
    leads_in_portal(&h, "Gamifizierung im Chemieunterricht", "Gamification", "Chemie").await;
    // "Anleitung" frames the request: no typo of "Ableitung".
    answers_nothing(&h, "Anleitung für ein World Café in der Oberstufe").await;
    // A phase of the upper school says for whom, not about what.
    answers_the_portal(&h, "Pädagogik Qualifikationsphase", "Pädagogik").await;
    // A school club is where the topic is taught: read as framing, not
    // relaxed away as a word the tree lacks.
    let doc = among_first_three(&h, "Schulgarten-AG", "Schulgarten und Wildkräuter", "Nachhaltigkeit").await;
    assert_eq!(doc.get("relaxedQuery"), None, "{doc}");
}

#[tokio::test]
async fn generic_heads_before_a_genitive_quantifiers_phases_short_forms_and_slips_in_compounds_of_round_twenty_eight_are_read()
 {
    let h = Harness::start_real_tree().await;
    // "verschiedene" says how many, not what; "Arten von Märkten" is
    // titled by the compound of both nouns.
    leads_in_portal(
        &h,
        "Welche verschiedenen Arten von Märkten gibt es?",
        "Marktarten",
        "Wirtschaft",
    )
    .await;
    // A phase of the upper school by its short name frames the request.
    answers_the_portal(&h, "Chemie Q2", "Chemie").await;
    answers_the_portal(&h, "Physik E-Phase", "Physik").await;
    // A three-part compound's short form names it ("Bild|datei|formate")
    // when nothing names the compound itself; the compound first when
    // something does ("Zinseszinsen", not "Zinsrechnung").
    leads_in_portal(&h, "Bilddateiformate", "Bildformate", "Informatik").await;
    leads_in_portal(&h, "Zinseszinsrechnung", "Zinseszinsen", "Mathematik").await;
    // A slip in a compound's last part is corrected in the compound; the
    // learners it is for frame the request.
    let doc = among_first_three(&h, "Fitnesstrainig für Jugendliche", "Fitness", "Sport").await;
    assert_eq!(doc["relaxedQuery"], json!("Fitnesstraining für Jugendliche"), "{doc}");
}

#[tokio::test]
async fn a_noun_in_ismus_for_its_adjective_and_examples_after_wie_of_round_twenty_nine_are_read() {
    let h = Harness::start_real_tree().await;
    // "-ismus" and "-istisch" are one root's noun and adjective.
    leads_in_portal(
        &h,
        "Behaviorismus in der Pädagogik",
        "Behavioristische Lerntheorie",
        "Pädagogik",
    )
    .await;
    // What follows "wie" after the topic are examples of it: the page of
    // the kind answers, though it names none of them.
    leads_in_portal(
        &h,
        "Graph-Algorithmen wie Dijkstra und Kruskal",
        "Graphalgorithmen",
        "Informatik",
    )
    .await;
}
