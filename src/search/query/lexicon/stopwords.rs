//! The words that carry no topic: articles, prepositions, pronouns, the
//! question's words and adverbs, modal verbs, quantifiers and the adverbs
//! of how often and when. Compared lower-case.

/// German stopwords. Compared lower-case.
const STOPWORDS: &[&str] = &[
    "der", "die", "das", "den", "dem", "des", "ein", "eine", "einer", "einem", "einen", "eines", "und", "oder", "aber",
    "als", "auch", "auf", "aus", "bei", "bis", "für", "mit", "nach", "von", "vor", "wie", "über", "unter", "durch",
    "gegen", "ohne", "zwischen", "ich", "du", "er", "sie", "wir", "ihr", "uns", "sich", "ist", "sind", "war", "hat",
    "wird", "kann", "soll", "zum", "zur", "vom", "nicht", "noch", "nur", "sehr", "schon", "dann", "wenn", "dass",
    "weil", "im", "am", "an", "in", "zu", "so", "es", "ob", "mein", "meine", "meiner", "meinen", "meinem", "unser",
    "unsere", "unserer", "unseren", "unserem",
    // Possessive and demonstrative pronouns: whose and which, not what
    // ("Filmmusik und ihre Wirkung", "dieses Gedicht").
    "ihre", "ihrer", "ihren", "ihrem", "ihres", "sein", "seine", "seiner", "seinen", "seinem", "seines", "dein",
    "deine", "deiner", "deinen", "deinem", "euer", "eure", "eurer", "euren", "eurem", "diese", "dieser", "diesen",
    "diesem", "dieses", // "Own": whose, not what ("eigene OER-Materialien erstellen").
    "eigene", "eigener", "eigenen", "eigenes", "eigenem",
    // Question words, modal verbs and the impersonal pronoun of a question
    // asked as a sentence ("Darf man Fleisch essen?", "Was ist ein Atom?").
    "man", "was", "wer", "wo", "warum", "wann", "welche", "welcher", "welches", "welchen", "darf", "dürfen", "können",
    "muss", "müssen", "sollen", "sollte", "will", "wollen", "würde", "werden", "wieso", "weshalb", "weswegen",
    // The auxiliaries' past and conditional forms, which no noun shares
    // ("Wie wurden die Gebiete romanisiert?"); not "waren" (goods),
    // "haben" (a verb taught) or "bin" ("Wer bin ich?").
    "wurde", "wurden", "worden", "geworden", "würden", "hatte", "hatten", "hätte", "hätten", "gewesen",
    // Personal pronouns as objects ("Wie bewerbe ich mich?").
    "mich", "dich", "dir", "ihn", "ihm", "ihnen", "euch",
    // Prepositions of time and cause ("Deutschland ab 1990", "Leben
    // während des Krieges"), "ab" also as the particle a question's verb
    // leaves at its end ("Warum wechseln sich Boom und Rezession ab?").
    "ab", "seit", "während", "wegen", "trotz",
    // A preposition contracted with its article ("fürs Bodenturnen").
    "beim", "fürs", "ins", "ans", "aufs", "ums", "übers", "durchs", "vors",
];

/// The question's adverbs of place, cause and purpose: "wo" with a
/// preposition ("Wozu werden Säuren verwendet?", "Woraus besteht Luft?"),
/// whence and whither. Stopwords too; they open a question before its verb.
pub(crate) const QUESTION_ADVERBS: &[&str] = &[
    "wobei",
    "wodurch",
    "wofür",
    "wogegen",
    "woher",
    "wohin",
    "wohinter",
    "womit",
    "wonach",
    "woneben",
    "woran",
    "worauf",
    "woraus",
    "worein",
    "worin",
    "worüber",
    "worum",
    "worunter",
    "wovon",
    "wovor",
    "wozu",
    "wozwischen",
];

/// The adverbs of "da" with a preposition, which point back at what a
/// sentence named before ("Wie läuft die Ausbildung dafür ab?"), as the
/// question's adverbs in "wo" ask for it. Stopwords too.
const POINTING_ADVERBS: &[&str] = &[
    "dabei",
    "dadurch",
    "dafür",
    "dagegen",
    "dahinter",
    "damit",
    "danach",
    "daneben",
    "daran",
    "darauf",
    "daraus",
    "darin",
    "darüber",
    "darum",
    "darunter",
    "davon",
    "davor",
    "dazu",
    "dazwischen",
];

/// Adverbs of how often and when, and the particles that colour a
/// question: how a sentence is meant, never its topic ("Ist eine Lüge
/// manchmal erlaubt?", "Warum wechseln sich Boom und Rezession immer
/// wieder ab?"). Stopwords too, so no typo rescue reads them as another
/// word. Not "wieder", the particle of "wiedergeben" ("Wie gibt man eine
/// Notwendigkeit im Türkischen wieder?" asks for "Wiedergabe"), nor the
/// adverbs that also name a topic ("heute": "Tanzen heute"; "früher";
/// "gerade": a line; "ganz": whole numbers; "wirklich": "Wirklichkeit";
/// "mal": times; "fast": "Fast Food"). Compared lower-case.
const SENTENCE_ADVERBS: &[&str] = &[
    "immer",
    "manchmal",
    "oft",
    "öfter",
    "selten",
    "meistens",
    "stets",
    "nie",
    "niemals",
    "jemals",
    "erneut",
    "ständig",
    "eigentlich",
    "überhaupt",
    "trotzdem",
    "dennoch",
    "denn",
    "doch",
    "etwa",
    "eher",
    "bloß",
    "vielleicht",
    "tatsächlich",
    "bereits",
    "inzwischen",
    "mittlerweile",
    "damals",
    "besonders",
    "ziemlich",
    "kaum",
];

/// Quantifiers: how many or which of a kind, not what ("verschiedene
/// Arten von Märkten", "Frieden zwischen allen Staaten", "mit viel
/// Bewegung"). Stopwords too. Compared lower-case.
const QUANTIFIERS: &[&str] = &[
    "alle",
    "allen",
    "aller",
    "alles",
    "einige",
    "einigen",
    "einiger",
    "einiges",
    "mehrere",
    "mehreren",
    "viel",
    "viele",
    "vielen",
    "vieler",
    "jede",
    "jeder",
    "jedes",
    "jeden",
    "jedem",
    "manche",
    "manchen",
    "mancher",
    "andere",
    "anderen",
    "anderer",
    "anderes",
    "verschiedene",
    "verschiedenen",
    "verschiedener",
    "verschiedenes",
    "unterschiedliche",
    "unterschiedlichen",
    "unterschiedlicher",
];

/// True for a German stopword (case-insensitive).
pub fn is_stopword(word: &str) -> bool {
    let lower = word.trim().to_lowercase();
    let lists = [
        STOPWORDS,
        QUANTIFIERS,
        QUESTION_ADVERBS,
        POINTING_ADVERBS,
        SENTENCE_ADVERBS,
    ];
    lists.iter().any(|list| list.contains(&lower.as_str()))
}
