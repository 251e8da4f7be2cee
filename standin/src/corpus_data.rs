//! Static German topic trees for the generated corpus.
//!
//! The *structure* of the repository (portals, topic collections, their
//! order) is fixed here; the seed only drives ids, dates, the number and
//! shape of content nodes and their metadata.

/// A topic collection with optional sub-collections.
pub struct TopicDef {
    pub title: &'static str,
    pub children: &'static [TopicDef],
}

/// A subject portal (a direct child of the root collection).
pub struct PortalDef {
    pub title: &'static str,
    /// Discipline id (suffix of `http://w3id.org/openeduhub/vocabs/discipline/`).
    pub discipline: &'static str,
    /// Hochschulfächersystematik id used on a few university-level nodes.
    pub hochschul: &'static str,
    /// educationalContext slugs of the portal (may be empty).
    pub contexts: &'static [&'static str],
    pub description: &'static str,
    pub topics: &'static [TopicDef],
}

macro_rules! leaf {
    ($t:expr) => {
        TopicDef {
            title: $t,
            children: &[],
        }
    };
}
macro_rules! node {
    ($t:expr; $($c:expr),* $(,)?) => {
        TopicDef { title: $t, children: &[$(leaf!($c)),*] }
    };
}

/// Portals in repository (creation) order — deliberately not alphabetical.
pub static PORTALS: &[PortalDef] = &[
    PortalDef {
        title: "Mathematik",
        discipline: "380",
        hochschul: "n37",
        contexts: &["grundschule", "sekundarstufe_1", "sekundarstufe_2", "hochschule"],
        description: "Fachportal Mathematik: Zahlen, Größen, Funktionen, Geometrie und Stochastik.",
        topics: &[
            node!("Bruchrechnung"; "Brüche kürzen", "Brüche erweitern", "Brüche addieren", "Brüche subtrahieren",
                "Brüche multiplizieren", "Brüche dividieren", "Gemischte Zahlen", "Dezimalbrüche",
                "Bruchteile von Größen", "Brüche vergleichen", "Textaufgaben zu Brüchen"),
            node!("Geometrie"; "Dreiecke", "Vierecke", "Kreis", "Winkel", "Satz des Pythagoras", "Symmetrie",
                "Flächeninhalt", "Umfang", "Körper", "Volumen", "Geometrische Konstruktionen"),
            node!("Prozentrechnung"; "Grundwert", "Prozentwert", "Prozentsatz", "Zinsrechnung", "Rabatt und Skonto",
                "Mehrwertsteuer", "Promille", "Prozentuale Veränderung", "Prozente in Diagrammen", "Zinseszins",
                "Dreisatz"),
            node!("Gleichungen"; "Lineare Gleichungen", "Quadratische Gleichungen", "Gleichungssysteme",
                "Bruchgleichungen", "Wurzelgleichungen", "Exponentialgleichungen", "Ungleichungen",
                "Äquivalenzumformungen", "Textaufgaben zu Gleichungen", "Betragsgleichungen", "pq-Formel"),
            node!("Funktionen"; "Lineare Funktionen", "Quadratische Funktionen", "Exponentialfunktionen",
                "Logarithmusfunktionen", "Trigonometrische Funktionen", "Potenzfunktionen", "Ganzrationale Funktionen",
                "Umkehrfunktionen", "Funktionsgraphen", "Definitionsbereich", "Steigung"),
            node!("Stochastik"; "Wahrscheinlichkeit", "Zufallsexperimente", "Baumdiagramme", "Kombinatorik",
                "Binomialverteilung", "Normalverteilung", "Erwartungswert", "Vierfeldertafel",
                "Bedingte Wahrscheinlichkeit", "Hypothesentests", "Laplace-Experimente"),
            node!("Analysis"; "Ableitungen", "Integralrechnung", "Kurvendiskussion", "Grenzwerte", "Extremwertprobleme",
                "Wendepunkte", "Stammfunktionen", "Kettenregel", "Produktregel", "Folgen und Reihen", "Stetigkeit"),
            node!("Lineare Algebra"; "Vektoren", "Matrizen", "Geraden im Raum", "Ebenen", "Skalarprodukt",
                "Kreuzprodukt", "Lagebeziehungen", "Abstandsberechnung", "Lineare Gleichungssysteme", "Determinanten",
                "Lineare Abbildungen"),
            node!("Grundrechenarten"; "Addition", "Subtraktion", "Multiplikation", "Division", "Einmaleins",
                "Schriftliches Rechnen", "Kopfrechnen", "Überschlagsrechnung", "Rechengesetze", "Teilbarkeit",
                "Primzahlen"),
            node!("Größen und Einheiten"; "Längen", "Gewichte", "Zeitspannen", "Rechnen mit Geld", "Flächeneinheiten",
                "Volumeneinheiten", "Maßstab", "Einheiten umrechnen", "Temperatur", "Geschwindigkeit", "Sachaufgaben"),
            node!("Terme"; "Terme vereinfachen", "Klammerregeln", "Binomische Formeln", "Ausklammern", "Faktorisieren",
                "Variablen", "Termumformungen", "Potenzgesetze", "Wurzeln", "Logarithmen",
                "Wissenschaftliche Schreibweise"),
            node!("Daten und Statistik"; "Mittelwert", "Median", "Diagramme", "Boxplot", "Streuung", "Häufigkeiten",
                "Strichlisten", "Tabellen", "Umfragen auswerten", "Regression", "Statistische Kennwerte"),
            node!("Trigonometrie"; "Sinus", "Kosinus", "Tangens", "Einheitskreis", "Sinussatz", "Kosinussatz",
                "Bogenmaß", "Rechtwinklige Dreiecke", "Trigonometrische Gleichungen", "Additionstheoreme",
                "Schwingungen"),
            node!("Zahlbereiche"; "Natürliche Zahlen", "Ganze Zahlen", "Rationale Zahlen", "Reelle Zahlen",
                "Negative Zahlen", "Zahlenstrahl", "Stellenwertsystem", "Römische Zahlen", "Dualsystem",
                "Komplexe Zahlen", "Irrationale Zahlen"),
            node!("Zuordnungen"; "Proportionale Zuordnungen", "Antiproportionale Zuordnungen", "Wertetabellen",
                "Graphen von Zuordnungen", "Proportionalitätsfaktor", "Produktgleiche Zuordnungen",
                "Quotientengleiche Zuordnungen", "Sachaufgaben zu Zuordnungen", "Mischungsaufgaben",
                "Zuordnungen im Alltag", "Dreisatz bei Zuordnungen"),
        ],
    },
    PortalDef {
        title: "Deutsch",
        discipline: "120",
        hochschul: "n067",
        contexts: &["grundschule", "sekundarstufe_1", "sekundarstufe_2"],
        description: "Fachportal Deutsch: Sprache, Literatur, Lesen und Schreiben.",
        topics: &[
            node!("Grammatik"; "Wortarten", "Satzglieder", "Zeitformen"),
            node!("Rechtschreibung"; "Groß- und Kleinschreibung", "Kommasetzung", "das und dass"),
            leaf!("Lesen"),
            node!("Literatur"; "Lyrik", "Drama", "Epik"),
            leaf!("Erörterung"),
            leaf!("Märchen"),
            leaf!("Sprechen und Zuhören"),
            leaf!("Medien im Deutschunterricht"),
        ],
    },
    PortalDef {
        title: "Biologie",
        discipline: "080",
        hochschul: "n42",
        contexts: &["sekundarstufe_1", "sekundarstufe_2"],
        description: "Fachportal Biologie: vom Aufbau der Zelle bis zu Ökosystemen.",
        topics: &[
            node!("Zellbiologie"; "Zellaufbau", "Mitose", "Meiose", "Zellorganellen"),
            node!("Photosynthese"; "Lichtreaktion", "Calvin-Zyklus", "Chloroplasten"),
            node!("Ökologie"; "Ökosystem Wald", "Ökosystem See", "Nahrungsketten", "Stoffkreisläufe"),
            node!("Genetik"; "Mendelsche Regeln", "DNA und Proteinbiosynthese", "Mutationen"),
            node!("Evolution"; "Evolutionstheorie nach Darwin", "Artbildung", "Stammbäume"),
            TopicDef {
                title: "Humanbiologie",
                children: &[
                    leaf!("Verdauung"),
                    leaf!("Herz und Kreislauf"),
                    leaf!("Nervensystem"),
                    node!("Sinnesorgane"; "Das Auge", "Das Ohr"),
                    leaf!("Immunsystem"),
                ],
            },
            node!("Botanik"; "Blütenpflanzen", "Bäume bestimmen"),
            node!("Zoologie"; "Säugetiere", "Vögel", "Insekten", "Fische", "Amphibien"),
            leaf!("Neurobiologie"),
            node!("Mikrobiologie"; "Bakterien", "Viren"),
            node!("Stoffwechsel"; "Zellatmung", "Gärung", "Enzyme"),
            leaf!("Verhaltensbiologie"),
            leaf!("Sexualkunde"),
        ],
    },
    PortalDef {
        title: "Informatik",
        discipline: "320",
        hochschul: "n71",
        contexts: &[],
        description: "Fachportal Informatik: Programmieren, Algorithmen und digitale Welt.",
        topics: &[
            node!("Programmierung"; "Python", "Scratch", "Java", "Variablen und Datentypen", "Schleifen"),
            node!("Algorithmen"; "Sortieralgorithmen", "Suchalgorithmen", "Rekursion"),
            node!("Künstliche Intelligenz"; "Maschinelles Lernen", "Neuronale Netze", "Chatbots", "KI und Ethik"),
            node!("Datenbanken"; "SQL", "Datenmodellierung"),
            leaf!("Netzwerke und Internet"),
            leaf!("Datenschutz und Datensicherheit"),
            leaf!("Kryptographie"),
            leaf!("Rechnerarchitektur"),
            leaf!("Binärsystem und Codierung"),
            node!("Webentwicklung"; "HTML", "CSS", "JavaScript"),
            leaf!("Robotik"),
            node!("Theoretische Informatik"; "Endliche Automaten", "Formale Sprachen"),
        ],
    },
    PortalDef {
        title: "Ökologie und Nachhaltigkeit",
        discipline: "64018",
        hochschul: "n4",
        contexts: &["sekundarstufe_1", "sekundarstufe_2", "berufliche_bildung"],
        description: "Fachportal Ökologie und Nachhaltigkeit: Bildung für nachhaltige Entwicklung (BNE).",
        topics: &[
            leaf!("Nachhaltige Entwicklung"),
            leaf!("Erneuerbare Energien"),
            leaf!("Biodiversität"),
            leaf!("Müll und Recycling"),
            leaf!("Ökologischer Fußabdruck"),
            leaf!("Wasser als Ressource"),
        ],
    },
    PortalDef {
        title: "Physik",
        discipline: "460",
        hochschul: "n4",
        contexts: &["sekundarstufe_1", "sekundarstufe_2"],
        description: "Fachportal Physik: Mechanik, Optik, Elektrizität und mehr.",
        topics: &[
            node!("Mechanik"; "Kräfte", "Bewegung", "Energie"),
            node!("Optik"; "Linsen", "Reflexion und Brechung"),
            node!("Elektrizitätslehre"; "Stromkreise", "Ohmsches Gesetz"),
            leaf!("Thermodynamik"),
            leaf!("Magnetismus"),
            leaf!("Atomphysik"),
            leaf!("Akustik"),
            leaf!("Astronomie"),
        ],
    },
    PortalDef {
        title: "Englisch",
        discipline: "20001",
        hochschul: "n008",
        contexts: &["grundschule", "sekundarstufe_1", "sekundarstufe_2"],
        description: "Fachportal Englisch: Vokabeln, Grammatik und Landeskunde.",
        topics: &[
            leaf!("Vocabulary"),
            node!("Grammar"; "Simple Present", "Simple Past", "Present Perfect"),
            leaf!("Reading Comprehension"),
            leaf!("Listening"),
            leaf!("Writing"),
            leaf!("Landeskunde"),
        ],
    },
    PortalDef {
        title: "Geschichte",
        discipline: "240",
        hochschul: "n05",
        contexts: &["sekundarstufe_1", "sekundarstufe_2"],
        description: "Fachportal Geschichte: von der Steinzeit bis zur Wiedervereinigung.",
        topics: &[
            leaf!("Steinzeit"),
            node!("Antike"; "Altes Ägypten", "Antikes Griechenland", "Römisches Reich"),
            node!("Mittelalter"; "Lehnswesen", "Kreuzzüge", "Leben in der mittelalterlichen Stadt"),
            leaf!("Reformation"),
            leaf!("Französische Revolution"),
            leaf!("Industrialisierung"),
            leaf!("Imperialismus"),
            leaf!("Erster Weltkrieg"),
            leaf!("Weimarer Republik"),
            node!("Nationalsozialismus"; "Machtergreifung", "Holocaust", "Zweiter Weltkrieg"),
            leaf!("Kalter Krieg"),
            leaf!("Deutsche Teilung und Wiedervereinigung"),
        ],
    },
    PortalDef {
        title: "Chemie",
        discipline: "100",
        hochschul: "n40",
        contexts: &["sekundarstufe_1", "sekundarstufe_2"],
        description: "Fachportal Chemie: Stoffe, Teilchen und Reaktionen.",
        topics: &[
            leaf!("Atombau"),
            leaf!("Periodensystem"),
            leaf!("Chemische Reaktionen"),
            leaf!("Säuren und Basen"),
            leaf!("Organische Chemie"),
            leaf!("Redoxreaktionen"),
            leaf!("Stöchiometrie"),
        ],
    },
    PortalDef {
        title: "Geografie",
        discipline: "220",
        hochschul: "n44",
        contexts: &["sekundarstufe_1", "sekundarstufe_2"],
        description: "Fachportal Geografie (Erdkunde): Klima, Landschaften und Gesellschaft.",
        topics: &[
            leaf!("Klimawandel"),
            leaf!("Plattentektonik"),
            leaf!("Wetter und Klima"),
            leaf!("Stadtgeografie"),
            leaf!("Globalisierung"),
            leaf!("Kartenkunde"),
            leaf!("Vulkane und Erdbeben"),
            leaf!("Bevölkerungsentwicklung"),
        ],
    },
    PortalDef {
        title: "Kunst",
        discipline: "060",
        hochschul: "n75",
        contexts: &[],
        description: "Fachportal Kunst: Malen, Zeichnen, Gestalten und Kunstgeschichte.",
        topics: &[
            leaf!("Malerei"),
            leaf!("Zeichnen"),
            leaf!("Kunstgeschichte"),
            leaf!("Plastik und Skulptur"),
            leaf!("Fotografie"),
        ],
    },
    PortalDef {
        title: "Musik",
        discipline: "420",
        hochschul: "n78",
        contexts: &["grundschule", "sekundarstufe_1"],
        description: "Fachportal Musik: Musiktheorie, Instrumente und Musikgeschichte.",
        topics: &[
            leaf!("Musiktheorie"),
            leaf!("Instrumentenkunde"),
            leaf!("Komponisten"),
            leaf!("Rhythmus"),
            leaf!("Musikgeschichte"),
        ],
    },
    PortalDef {
        title: "Politik",
        discipline: "480",
        hochschul: "n3",
        contexts: &["sekundarstufe_1", "sekundarstufe_2", "erwachsenenbildung"],
        description: "Fachportal Politik: Demokratie, Grundgesetz und Europa.",
        topics: &[
            leaf!("Demokratie"),
            leaf!("Grundgesetz"),
            leaf!("Wahlen"),
            leaf!("Europäische Union"),
            leaf!("Menschenrechte"),
            leaf!("Parteien"),
        ],
    },
    PortalDef {
        title: "Sport",
        discipline: "600",
        hochschul: "n2",
        contexts: &[],
        description: "Fachportal Sport: Bewegung, Spiel und Gesundheit.",
        topics: &[
            leaf!("Leichtathletik"),
            leaf!("Ballsportarten"),
            leaf!("Turnen"),
            leaf!("Schwimmen"),
        ],
    },
];

/// A kind of learning material: how titles and descriptions are phrased and
/// which vocabulary values / file formats it gets.
pub struct MaterialDef {
    /// The material word (also used as a keyword).
    pub word: &'static str,
    /// Title templates; `{}` is replaced by the topic.
    pub titles: &'static [&'static str],
    /// Description lead sentence; `{}` is replaced by the topic.
    pub lead: &'static str,
    /// new_lrt_aggregated id (suffix).
    pub lrt: &'static str,
    /// Relative weight.
    pub weight: u32,
    /// `(mimetype, mediatype, is_file)` alternatives.
    pub formats: &'static [(&'static str, &'static str, bool)],
}

const PDF: (&str, &str, bool) = ("application/pdf", "file-pdf", true);
const DOCX: (&str, &str, bool) = (
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "file-word",
    true,
);
const MP4: (&str, &str, bool) = ("video/mp4", "file-video", true);
const MP3: (&str, &str, bool) = ("audio/mpeg", "file-audio", true);
const PNG: (&str, &str, bool) = ("image/png", "file-image", true);
const PPTX: (&str, &str, bool) = (
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "file-powerpoint",
    true,
);
const LINK: (&str, &str, bool) = ("text/html", "link", false);
const H5P: (&str, &str, bool) = ("application/zip", "file-h5p", true);

pub static MATERIALS: &[MaterialDef] = &[
    MaterialDef {
        word: "Arbeitsblatt",
        titles: &[
            "Arbeitsblatt: {}",
            "{} – Arbeitsblatt mit Lösungen",
            "Arbeitsblatt zum Thema {}",
        ],
        lead: "Dieses Arbeitsblatt enthält Aufgaben mit Lösungen zum Thema {}.",
        lrt: "c8e52242-361b-4a2a-b95d-25e516b28b45",
        weight: 20,
        formats: &[PDF, PDF, DOCX, LINK],
    },
    MaterialDef {
        word: "Erklärvideo",
        titles: &["{} einfach erklärt", "Erklärvideo: {}", "{} – Erklärvideo"],
        lead: "In diesem Erklärvideo wird das Thema {} anschaulich und Schritt für Schritt erklärt.",
        lrt: "38774279-af36-4ec2-8e70-811d5a51a6a1",
        weight: 18,
        formats: &[LINK, LINK, MP4],
    },
    MaterialDef {
        word: "Übungen",
        titles: &["Übungen zum Thema {}", "{}: Übungen mit Lösungen", "Übungsaufgaben: {}"],
        lead: "Übungen zum Thema {} mit unterschiedlichen Schwierigkeitsstufen.",
        lrt: "0b2d7dec-8eb1-4a28-9cf2-4f3a4f5a511b",
        weight: 16,
        formats: &[LINK, PDF, H5P],
    },
    MaterialDef {
        word: "Quiz",
        titles: &["Quiz: {}", "{} – Quiz", "Teste dein Wissen: {}"],
        lead: "Ein Quiz zum Thema {}, mit dem Lernende ihr Wissen überprüfen können.",
        lrt: "02bfd0fe-96ab-4dd6-a306-ec362ec25ea0",
        weight: 8,
        formats: &[LINK, H5P],
    },
    MaterialDef {
        word: "Interaktive Übung",
        titles: &["Interaktive Übung: {}", "{} interaktiv"],
        lead: "Eine interaktive Übung zum Thema {} mit direkter Rückmeldung.",
        lrt: "05aa0f49-7e1b-498b-a7d5-c5fc8e73b2e2",
        weight: 8,
        formats: &[LINK, H5P],
    },
    MaterialDef {
        word: "Unterrichtsentwurf",
        titles: &["Unterrichtsentwurf: {}", "{} – Unterrichtsstunde für die Klasse {k}"],
        lead: "Ein ausgearbeiteter Unterrichtsentwurf zum Thema {} mit Materialien und Stundenverlauf.",
        lrt: "8526273b-2b21-46f2-ac8d-bbf362c8a690",
        weight: 6,
        formats: &[PDF, DOCX],
    },
    MaterialDef {
        word: "Lernpfad",
        titles: &["Lernpfad {}", "Lernpfad: {} selbstständig erarbeiten"],
        lead: "Ein Lernpfad, mit dem Lernende das Thema {} selbstständig erarbeiten.",
        lrt: "3469a5e7-86d1-4376-bd3d-1f2b183ed94a",
        weight: 5,
        formats: &[LINK],
    },
    MaterialDef {
        word: "Präsentation",
        titles: &["Präsentation: {}", "{} – Folien für den Unterricht"],
        lead: "Eine Präsentation mit den wichtigsten Inhalten zum Thema {}.",
        lrt: "1e300ea3-a687-45a3-b215-9c240c1666dc",
        weight: 5,
        formats: &[PPTX, PDF],
    },
    MaterialDef {
        word: "Podcast",
        titles: &["Podcast: {}", "Hörbeitrag zum Thema {}"],
        lead: "In dieser Podcast-Folge geht es um das Thema {}.",
        lrt: "39197d6f-dfb1-4e82-92e5-79f906e9d2a9",
        weight: 3,
        formats: &[MP3, LINK],
    },
    MaterialDef {
        word: "Infografik",
        titles: &["Infografik: {}", "{} auf einen Blick"],
        lead: "Eine Infografik, die das Thema {} übersichtlich zusammenfasst.",
        lrt: "b8fb5fb2-d8bf-4bbe-ab68-358b65a26bed",
        weight: 3,
        formats: &[PNG],
    },
    MaterialDef {
        word: "Artikel",
        titles: &["{} – Überblick", "Wissensartikel: {}", "Was ist {}?"],
        lead: "Ein verständlicher Artikel, der das Thema {} im Überblick darstellt.",
        lrt: "c77df53a-2611-4029-9712-f9c0eeb032a3",
        weight: 6,
        formats: &[LINK],
    },
    MaterialDef {
        word: "Lernspiel",
        titles: &["Lernspiel: {}", "{} spielerisch lernen"],
        lead: "Ein Lernspiel, mit dem das Thema {} spielerisch geübt wird.",
        lrt: "ded96854-280a-45ac-ad3a-f5b9b8dd0a03",
        weight: 3,
        formats: &[LINK, H5P],
    },
    // Weight 0: never drawn at random (so every earlier node keeps the
    // material the seed gave it); placed by `LATER_MATERIAL` only.
    MaterialDef {
        word: "Experiment",
        titles: &[
            "Experiment: {}",
            "Schülerexperiment zum Thema {}",
            "{} – Versuch für den Unterricht",
        ],
        lead: "Eine Versuchsanleitung zum Thema {} mit Materialliste, Durchführung und Auswertung.",
        lrt: "ffe4d8e8-3cfd-4e9a-b025-83f129eb5c9d",
        weight: 0,
        formats: &[PDF, LINK],
    },
    MaterialDef {
        word: "Kurs",
        titles: &["Online-Kurs: {}", "Kurs: {} für Einsteiger"],
        lead: "Ein Kurs in mehreren Lektionen, der in das Thema {} einführt.",
        lrt: "e10e9add-700e-4b57-a9c5-8f1088bb0545",
        weight: 0,
        formats: &[LINK],
    },
    MaterialDef {
        word: "Unterrichtsidee",
        titles: &["Unterrichtsidee: {}", "{} – Ideen für den Unterricht"],
        lead: "Eine Unterrichtsidee zum Thema {} mit Einstieg, Arbeitsphase und Sicherung.",
        lrt: "11f438d7-cb11-49c2-8e67-2dd7df677092",
        weight: 0,
        formats: &[PDF, LINK],
    },
];

/// A topic collection added after the original corpus (see `LATER_TOPICS`).
pub struct LaterTopic {
    /// Portal title.
    pub portal: &'static str,
    /// Title of the existing collection it is filed under.
    pub parent: &'static str,
    pub title: &'static str,
    /// Content nodes of random material.
    pub items: u32,
}

/// Topics teachers ask for that the original trees lacked. They are
/// generated after every other node, so the original corpus (ids, metadata,
/// repository order of what was there) is unchanged and the earlier
/// benchmarks stay comparable.
pub static LATER_TOPICS: &[LaterTopic] = &[
    LaterTopic {
        portal: "Deutsch",
        parent: "Literatur",
        title: "Gedichte",
        items: 7,
    },
    LaterTopic {
        portal: "Musik",
        parent: "Musiktheorie",
        title: "Notenwerte",
        items: 4,
    },
    LaterTopic {
        portal: "Musik",
        parent: "Musiktheorie",
        title: "Takt",
        items: 4,
    },
];

/// Material of the types teachers ask for by name but the random draw never
/// produces (weight 0 above): `(collection title, material word, count)`.
/// Generated after `LATER_TOPICS`, for the same reason. Magnetismus gets no
/// experiment on purpose: a topic without the asked-for type.
pub static LATER_MATERIAL: &[(&str, &str, u32)] = &[
    ("Stromkreise", "Experiment", 3),
    ("Energie", "Experiment", 1),
    ("Linsen", "Experiment", 1),
    ("Säuren und Basen", "Experiment", 2),
    ("Chemische Reaktionen", "Experiment", 2),
    ("Python", "Kurs", 2),
    ("Maschinelles Lernen", "Kurs", 1),
    ("Wahlen", "Unterrichtsidee", 2),
    ("Gedichte", "Unterrichtsidee", 1),
];

/// Extra description sentences (one is appended at random).
pub static EXTRA_SENTENCES: &[&str] = &[
    "Geeignet für den Einsatz im Präsenz- und Distanzunterricht.",
    "Mit Lösungen zur Selbstkontrolle.",
    "Das Material kann frei bearbeitet und weitergegeben werden.",
    "Die Aufgaben bauen aufeinander auf.",
    "Ideal zur Wiederholung vor einer Klassenarbeit.",
    "Enthält Tipps für die Differenzierung.",
    "Kurz und verständlich aufbereitet.",
    "",
];

/// Publishers (`ccm:oeh_publisher_combined`).
pub static PUBLISHERS: &[&str] = &[
    "serlo",
    "Klexikon",
    "ZUM",
    "Mathe by Daniel Jung",
    "Lehrer-Online",
    "planet schule",
    "sofatutor",
    "LEIFIphysik",
    "Bundeszentrale für politische Bildung",
    "Terra X",
    "Deutsche Welle",
    "segu Geschichte",
    "GeoGebra",
    "Khan Academy",
];

/// Replication sources `(id, display name)`.
pub static SOURCES: &[(&str, &str)] = &[
    ("serlo_spider", "serlo"),
    ("zum_spider", "ZUM"),
    ("youtube_spider", "YouTube"),
    ("klexikon_spider", "Klexikon"),
    ("leifi_spider", "LEIFIphysik"),
    ("bpb_spider", "Bundeszentrale für politische Bildung"),
    ("geogebra_spider", "GeoGebra"),
];

/// Author names (`ccm:author_freetext`).
pub static AUTHORS: &[&str] = &[
    "M. Muster",
    "Anna Schneider",
    "Jonas Weber",
    "Redaktion WLO",
    "L. Fischer",
    "Fachredaktion",
    "Sabine Hoffmann",
];

/// Licence keys with weights; `None` = no licence key at all.
pub static LICENSES: &[(Option<&str>, u32)] = &[
    (None, 26),
    (Some("CC_BY_SA"), 22),
    (Some("CC_BY"), 18),
    (Some("CC_0"), 7),
    (Some("PDM"), 3),
    (Some("CC_BY_NC_SA"), 5),
    (Some("CC_BY_ND"), 2),
    (Some("CC_BY_NC"), 2),
    (Some("COPYRIGHT_FREE"), 8),
    (Some("COPYRIGHT_LICENSE"), 3),
    (Some("CUSTOM"), 2),
    (Some("UNTERRICHTS_UND_LEHRMEDIEN"), 1),
    (Some("NONE"), 1),
];
