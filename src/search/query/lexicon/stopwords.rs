//! The words that carry no topic: articles, prepositions, pronouns, the
//! question's words and adverbs, modal verbs and quantifiers. Compared
//! lower-case.

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
    [STOPWORDS, QUANTIFIERS, QUESTION_ADVERBS]
        .iter()
        .any(|list| list.contains(&lower.as_str()))
}
