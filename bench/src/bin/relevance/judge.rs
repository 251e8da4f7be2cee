//! Judging a ranked answer against the corpus's ground truth: grades, nDCG@8,
//! reciprocal rank and on-topic recall.

use wlo_standin::{Corpus, NodeKind, NodeRecord};

use crate::K;
use crate::queries::About::{Absent, Subject, Topics};
use crate::queries::Judged;

/// Ground-truth grade of one node for one query.
pub(crate) fn grade(corpus: &Corpus, j: &Judged, n: &NodeRecord) -> u32 {
    if n.kind != NodeKind::Content || n.is_deleted_placeholder {
        return 0;
    }
    for f in j.filters {
        let uri = f.uri();
        if !n.properties.get(f.property).is_some_and(|vs| vs.contains(&uri)) {
            return 0;
        }
    }
    let (on_topic, in_subject) = match j.about {
        Topics(topics) => {
            let on = n.topic_path.iter().any(|t| topics.contains(&t.as_str()));
            let subjects: Vec<&str> = corpus
                .nodes
                .iter()
                .filter(|c| c.kind.is_collection() && topics.contains(&c.title.as_str()))
                .filter_map(|c| c.subject.as_deref())
                .collect();
            (on, n.subject.as_deref().is_some_and(|s| subjects.contains(&s)))
        }
        Subject(subject) => {
            let on = n.subject.as_deref() == Some(subject);
            (on, on)
        }
        Absent(subjects) => (false, n.subject.as_deref().is_some_and(|s| subjects.contains(&s))),
    };
    let material_ok = j.material.is_none_or(|m| n.material_type.as_deref() == Some(m));
    match (on_topic, material_ok, in_subject) {
        (true, true, _) => 2,
        (true, false, _) | (false, _, true) => 1,
        _ => 0,
    }
}

pub(crate) fn dcg(grades: &[u32]) -> f64 {
    grades
        .iter()
        .take(K)
        .enumerate()
        .map(|(i, g)| (2f64.powi(*g as i32) - 1.0) / ((i + 2) as f64).log2())
        .sum()
}

pub(crate) struct Scored {
    pub(crate) ndcg: f64,
    pub(crate) rr: f64,
    /// Grade-2 hits in the top 8 / min(8, grade-2 nodes in the corpus).
    pub(crate) recall: f64,
    pub(crate) count: usize,
    pub(crate) grades: Vec<u32>,
}

pub(crate) fn score(corpus: &Corpus, j: &Judged, ids: &[String]) -> Scored {
    let grades: Vec<u32> = ids
        .iter()
        .take(K)
        .map(|id| corpus.get(id).map(|n| grade(corpus, j, n)).unwrap_or(0))
        .collect();
    let mut ideal: Vec<u32> = corpus
        .nodes
        .iter()
        .map(|n| grade(corpus, j, n))
        .filter(|g| *g > 0)
        .collect();
    ideal.sort_unstable_by(|a, b| b.cmp(a));
    let idcg = dcg(&ideal);
    // `+ 0.0` turns the empty sum's −0.0 into 0.0 for the report.
    let ndcg = if idcg > 0.0 {
        (dcg(&grades) / idcg).max(0.0) + 0.0
    } else {
        0.0
    };
    let rr = grades
        .iter()
        .position(|g| *g == 2)
        .map(|p| 1.0 / (p + 1) as f64)
        .unwrap_or(0.0);
    let on_topic = ideal.iter().filter(|g| **g == 2).count().min(K);
    let recall = if on_topic > 0 {
        grades.iter().filter(|g| **g == 2).count() as f64 / on_topic as f64
    } else {
        1.0
    };
    Scored {
        ndcg,
        rr,
        recall,
        count: ids.len(),
        grades,
    }
}

pub(crate) fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = values.collect();
    if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    }
}

pub(crate) fn grades_text(s: &Scored) -> String {
    if s.grades.is_empty() {
        "–".into()
    } else {
        s.grades.iter().map(|g| g.to_string()).collect::<String>()
    }
}
