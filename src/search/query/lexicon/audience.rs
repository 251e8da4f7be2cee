//! The words that name for whom a request is: learners by school level
//! and age, and the teachers who ask ("… für Physiklehrkräfte"). Framing,
//! not a topic, alone or as a compound's last part ("Religions|lehrer").

/// Learner and teacher words, lower case.
pub(super) const AUDIENCE_WORDS: &[&str] = &[
    // Learners: for whom, not about what.
    "oberstufe",
    "unterstufe",
    "mittelstufe",
    "grundschule",
    "grundschüler",
    "grundschülerin",
    "grundschülerinnen",
    "grundschülern",
    "schüler",
    "schülerin",
    "schülerinnen",
    "schülern",
    "anfänger",
    "einsteiger",
    "fortgeschrittene",
    "fortgeschrittenen",
    "jugendliche",
    "jugendlichen",
    // Teachers: who asks, not about what.
    "lehrer",
    "lehrerin",
    "lehrerinnen",
    "lehrkraft",
    "lehrkräfte",
    "lehrkräften",
    "lehrpersonen",
];
