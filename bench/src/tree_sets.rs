//! The relevance benchmark's real-tree collection sets: the judged-set files
//! (`bench/data/tree-collections/{heldout,heldout-b,heldout-c,heldout-d,heldout-e,heldout-f,heldout-g,heldout-h,heldout-i,heldout-j,heldout-k,heldout-l,heldout-m,heldout-n,heldout-o,heldout-p,heldout-q,heldout-r,heldout-s,heldout-t,heldout-u,heldout-v,heldout-w,heldout-x,heldout-y,heldout-z,heldout-aa,heldout-ab,heldout-ac,heldout-ad,heldout-ae,heldout-af,heldout-ag,heldout-ah,heldout-ai,heldout-aj,heldout-ak,heldout-al,heldout-am,heldout-an,heldout-ao,heldout-ap,heldout-aq,heldout-ar,heldout-as,heldout-at,heldout-au,heldout-av,heldout-aw,heldout-ax,heldout-ay,heldout-az,heldout-ba,heldout-bb,heldout-bc,heldout-bd,heldout-be,heldout-bf,heldout-bg,heldout-bh,heldout-bi,heldout-bj,heldout-bk,heldout-bl,heldout-bm,heldout-bn,heldout-bo,heldout-bp,heldout-bq,heldout-br,heldout-bs,heldout-bt,heldout-bu,heldout-bv,heldout-bw,heldout-bx,heldout-by,heldout-bz,heldout-ca,heldout-cb,heldout-cc,heldout-cd,heldout-ce,heldout-cf,heldout-cg,heldout-ch,heldout-ci,heldout-cj,heldout-ck,heldout-cl,heldout-cm,heldout-cn,heldout-co,heldout-cp,tuning,negative,negative-c,negative-d,negative-e,negative-f,negative-g,negative-h,negative-i,negative-j,negative-k,negative-l,negative-m,negative-n,negative-o,negative-p,negative-q,negative-r,negative-s,negative-t,negative-u,negative-v,negative-w,negative-x,negative-y,negative-z,negative-aa,negative-ab,negative-ac,negative-ad,negative-ae,negative-af,negative-ag,negative-ah,negative-ai,negative-aj,negative-ak,negative-al,negative-am,negative-an,negative-ao,negative-ap,negative-aq,negative-ar,negative-as,negative-at,negative-au,negative-av,negative-aw,negative-ax,negative-ay,negative-az,negative-ba,negative-bb,negative-bc,negative-bd,negative-be,negative-bf,negative-bg,negative-bh,negative-bi,negative-bj,negative-bk,negative-bl,negative-bm,negative-bn,negative-bo,negative-bp,negative-bq,negative-br,negative-bs,negative-bt,negative-bu,negative-bv,negative-bw,negative-bx,negative-by,negative-bz,negative-ca,negative-cb,negative-cc,negative-cd,negative-ce,negative-cf,negative-cg,negative-ch,negative-ci,negative-cj,negative-ck,negative-cl,negative-cm,negative-cn,negative-co,negative-cp}.json`,
//! graded by hand from WLO's 2023 collection tree) and how one ranked answer scores
//! against them.
//!
//! A set file:
//! `{"set": "held-out", "note": "…", "queries": [{"query": "…", "kind": "inflected",
//! "subject": "<portal id>" | null, "grade2": [{"id", "title"}], "grade1": [{"id", "title"}]}]}`.
//! Negative queries (topics the tree does not have) carry `"why"` and no grades.
//!
//! Metrics of one answer (its first [`K`] collections):
//! * success@3: a grade-2 collection among the first three;
//! * reciprocal rank of the first grade-2 collection (0 when none is in the top [`K`]);
//! * nDCG@[`K`] with gain 2^g − 1, the ideal ranking built from the query's own grades;
//! * off-subject collections in the top 3. The query's *home* portals are the
//!   portals of its grade-2 collections, and the portal it names (`subject`).
//!   A grade-0 collection outside the home portals is off-subject; a grade-1
//!   one only when the query names a subject. For a negative query without a
//!   subject every collection in the top 3 is off-subject.

use std::path::Path;

use serde::Deserialize;
use wlo_standin::{Corpus, NodeKind};

/// Ranks judged per query (the answer's `maxResults`).
pub const K: usize = 5;

/// The set files, in report order.
/// `heldout-b.json` is a second held-out set, written after tuning on the first had begun;
/// `heldout-c.json` and `negative-c.json` a third held-out and a second negative set, written
/// before the second round of tuning; `heldout-d.json` and `negative-d.json` a fourth held-out
/// and a third negative set, written before the third round; `heldout-e.json` and `negative-e.json`
/// a fifth held-out and a fourth negative set, written before the fourth round; `heldout-f.json` and
/// `negative-f.json` a sixth held-out and a fifth negative set, written before the fifth round;
/// `heldout-g.json`/`negative-g.json` and `heldout-h.json`/`negative-h.json` two more pairs, written
/// independently before the sixth round; `heldout-i.json`/`negative-i.json` before the seventh; `heldout-j.json`/`negative-j.json`
/// before the eighth; `heldout-k.json`/`negative-k.json` while the eighth was made, and
/// `heldout-l.json`/`negative-l.json` after it had been judged on k; `heldout-m.json`/`negative-m.json`
/// before the ninth; `heldout-n.json`/`negative-n.json` after the ninth had been judged on m;
/// `heldout-o.json`/`negative-o.json` after the tenth had been judged on n; `heldout-p.json`/
/// `negative-p.json` before the eleventh; `heldout-q.json`/`negative-q.json` and `heldout-r.json`/
/// `negative-r.json`, two pairs written independently before the twelfth; `heldout-s.json`/
/// `negative-s.json` and `heldout-t.json`/`negative-t.json` before the thirteenth; `heldout-u.json`/
/// `negative-u.json` and `heldout-v.json`/`negative-v.json` before the fourteenth; `heldout-w.json`/`negative-w.json` and
/// `heldout-x.json`/`negative-x.json` before the fifteenth; `heldout-y.json`/`negative-y.json` and
/// `heldout-z.json`/`negative-z.json` before the sixteenth; `heldout-aa.json`/`negative-aa.json` and
/// `heldout-ab.json`/`negative-ab.json` while the seventeenth was made; `heldout-ac.json`/
/// `negative-ac.json` and `heldout-ad.json`/`negative-ad.json` while the eighteenth was made;
/// `heldout-ae.json`/`negative-ae.json` and `heldout-af.json`/`negative-af.json` while the nineteenth was made;
/// `heldout-ag.json`/`negative-ag.json` and `heldout-ah.json`/`negative-ah.json` before the twentieth; `heldout-ai.json`/`negative-ai.json` and
/// `heldout-aj.json`/`negative-aj.json` before the twenty-first; `heldout-ak.json`/`negative-ak.json`
/// and `heldout-al.json`/`negative-al.json` before the twenty-second; `heldout-am.json`/`negative-am.json`
/// and `heldout-an.json`/`negative-an.json` before the twenty-third; `heldout-ao.json`/`negative-ao.json`
/// and `heldout-ap.json`/`negative-ap.json` before the twenty-fourth; `heldout-aq.json`/`negative-aq.json`
/// and `heldout-ar.json`/`negative-ar.json` before the twenty-fifth; `heldout-as.json`/`negative-as.json`
/// and `heldout-at.json`/`negative-at.json` before the twenty-sixth; `heldout-au.json`/`negative-au.json`
/// and `heldout-av.json`/`negative-av.json` while the twenty-seventh was made; `heldout-aw.json`/`negative-aw.json`
/// and `heldout-ax.json`/`negative-ax.json` before the twenty-eighth; `heldout-ay.json`/`negative-ay.json`
/// and `heldout-az.json`/`negative-az.json` before the twenty-ninth; `heldout-ba.json`/`negative-ba.json`
/// and `heldout-bb.json`/`negative-bb.json` while the twenty-ninth was judged, before the thirtieth;
/// `heldout-bc.json`/`negative-bc.json` and `heldout-bd.json`/`negative-bd.json` while the thirtieth was
/// made, before the thirty-first; `heldout-be.json`/`negative-be.json` and `heldout-bf.json`/
/// `negative-bf.json` while the thirty-first was judged, before the thirty-second; `heldout-bg.json`/
/// `negative-bg.json` and `heldout-bh.json`/`negative-bh.json` while the thirty-second was judged,
/// before the thirty-third; `heldout-bi.json`/`negative-bi.json` and `heldout-bj.json`/
/// `negative-bj.json` while the thirty-third was judged, before the thirty-fourth; `heldout-bk.json`/
/// `negative-bk.json` and `heldout-bl.json`/`negative-bl.json` while the thirty-third and
/// thirty-fourth were judged, before the thirty-fifth; `heldout-bm.json`/`negative-bm.json` and
/// `heldout-bn.json`/`negative-bn.json` while the thirty-fifth was judged, before the thirty-sixth;
/// `heldout-bo.json`/`negative-bo.json` and `heldout-bp.json`/`negative-bp.json` while the
/// thirty-sixth was made, before the thirty-seventh; `heldout-bq.json`/`negative-bq.json` and
/// `heldout-br.json`/`negative-br.json` while the thirty-seventh was measured, before the
/// thirty-eighth was judged; `heldout-bs.json`/`negative-bs.json` and `heldout-bt.json`/
/// `negative-bt.json` while the thirty-eighth was judged, before the thirty-ninth;
/// `heldout-bu.json`/`negative-bu.json` and `heldout-bv.json`/`negative-bv.json` while the
/// thirty-ninth was made again, before the fortieth; `heldout-bw.json`/`negative-bw.json` and
/// `heldout-bx.json`/`negative-bx.json` while the fortieth was made, before the forty-first;
/// `heldout-by.json`/`negative-by.json` and `heldout-bz.json`/`negative-bz.json` while the forty-first
/// was made, before the forty-second; `heldout-ca.json`/`negative-ca.json` and `heldout-cb.json`/
/// `negative-cb.json` while the forty-second was judged, before the forty-third; `heldout-cc.json`/
/// `negative-cc.json` and `heldout-cd.json`/`negative-cd.json` while the forty-fourth was made,
/// before it was judged; `heldout-ce.json`/`negative-ce.json` and `heldout-cf.json`/
/// `negative-cf.json` while the forty-fourth was tested, before the forty-fifth was judged;
/// `heldout-cg.json`/`negative-cg.json` and `heldout-ch.json`/`negative-ch.json` while the
/// forty-fifth was tested, before the forty-sixth was judged; `heldout-ci.json`/`negative-ci.json`
/// and `heldout-cj.json`/`negative-cj.json` while the forty-sixth was tested, before the
/// forty-seventh was judged; `heldout-ck.json`/`negative-ck.json` and `heldout-cl.json`/
/// `negative-cl.json` while the forty-seventh was tested, before the forty-eighth was judged;
/// `heldout-cm.json`/`negative-cm.json` and `heldout-cn.json`/`negative-cn.json` while the
/// forty-eighth was tested, before the forty-ninth was judged; `heldout-co.json`/
/// `negative-co.json` and `heldout-cp.json`/`negative-cp.json` while the forty-ninth was made,
/// before the fiftieth was judged; `heldout-cq.json`/`negative-cq.json` and `heldout-cr.json`/
/// `negative-cr.json` at the start of the fifty-first, before it was judged; `heldout-cs.json`/
/// `negative-cs.json` and `heldout-ct.json`/`negative-ct.json` at the start of the fifty-first,
/// before the fifty-second was judged; `heldout-cu.json`/`negative-cu.json` and
/// `heldout-cv.json`/`negative-cv.json` at the end of the fifty-second, before the fifty-third was
/// judged; `heldout-cw.json`/`negative-cw.json` and `heldout-cx.json`/`negative-cx.json` in the
/// fifty-third, before the fifty-fourth was judged; `heldout-cy.json`/`negative-cy.json` and
/// `heldout-cz.json`/`negative-cz.json` in the fifty-third, before the fifty-fifth was judged;
/// `heldout-da.json`/`negative-da.json` and `heldout-db.json`/`negative-db.json` at the start of
/// the fifty-fourth, before the fifty-sixth was judged; `heldout-dc.json`/`negative-dc.json` and
/// `heldout-dd.json`/`negative-dd.json` in the fifty-sixth, before the fifty-seventh was judged;
/// `heldout-de.json`/`negative-de.json` and `heldout-df.json`/`negative-df.json` at the start of
/// the fifty-seventh, before the fifty-eighth was judged; `heldout-dg.json`/`negative-dg.json` and
/// `heldout-dh.json`/`negative-dh.json` in the fifty-eighth, before the fifty-ninth was judged;
/// `heldout-di.json`/`negative-di.json` and `heldout-dj.json`/`negative-dj.json` in the fifty-ninth,
/// before the sixtieth was judged; `heldout-dk.json`/`negative-dk.json` and
/// `heldout-dl.json`/`negative-dl.json` in the sixtieth, before the sixty-first was judged.
/// Files that do not exist are skipped.
pub const FILES: [&str; 232] = [
    "heldout.json",
    "heldout-b.json",
    "heldout-c.json",
    "heldout-d.json",
    "heldout-e.json",
    "heldout-f.json",
    "heldout-g.json",
    "heldout-h.json",
    "heldout-i.json",
    "heldout-j.json",
    "heldout-k.json",
    "heldout-l.json",
    "heldout-m.json",
    "heldout-n.json",
    "heldout-o.json",
    "heldout-p.json",
    "heldout-q.json",
    "heldout-r.json",
    "heldout-s.json",
    "heldout-t.json",
    "heldout-u.json",
    "heldout-v.json",
    "heldout-w.json",
    "heldout-x.json",
    "heldout-y.json",
    "heldout-z.json",
    "heldout-aa.json",
    "heldout-ab.json",
    "heldout-ac.json",
    "heldout-ad.json",
    "heldout-ae.json",
    "heldout-af.json",
    "heldout-ag.json",
    "heldout-ah.json",
    "heldout-ai.json",
    "heldout-aj.json",
    "heldout-ak.json",
    "heldout-al.json",
    "heldout-am.json",
    "heldout-an.json",
    "heldout-ao.json",
    "heldout-ap.json",
    "heldout-aq.json",
    "heldout-ar.json",
    "heldout-as.json",
    "heldout-at.json",
    "heldout-au.json",
    "heldout-av.json",
    "heldout-aw.json",
    "heldout-ax.json",
    "heldout-ay.json",
    "heldout-az.json",
    "heldout-ba.json",
    "heldout-bb.json",
    "heldout-bc.json",
    "heldout-bd.json",
    "heldout-be.json",
    "heldout-bf.json",
    "heldout-bg.json",
    "heldout-bh.json",
    "heldout-bi.json",
    "heldout-bj.json",
    "heldout-bk.json",
    "heldout-bl.json",
    "heldout-bm.json",
    "heldout-bn.json",
    "heldout-bo.json",
    "heldout-bp.json",
    "heldout-bq.json",
    "heldout-br.json",
    "heldout-bs.json",
    "heldout-bt.json",
    "heldout-bu.json",
    "heldout-bv.json",
    "heldout-bw.json",
    "heldout-bx.json",
    "heldout-by.json",
    "heldout-bz.json",
    "heldout-ca.json",
    "heldout-cb.json",
    "heldout-cc.json",
    "heldout-cd.json",
    "heldout-ce.json",
    "heldout-cf.json",
    "heldout-cg.json",
    "heldout-ch.json",
    "heldout-ci.json",
    "heldout-cj.json",
    "heldout-ck.json",
    "heldout-cl.json",
    "heldout-cm.json",
    "heldout-cn.json",
    "heldout-co.json",
    "heldout-cp.json",
    "heldout-cq.json",
    "heldout-cr.json",
    "heldout-cs.json",
    "heldout-ct.json",
    "heldout-cu.json",
    "heldout-cv.json",
    "heldout-cw.json",
    "heldout-cx.json",
    "heldout-cy.json",
    "heldout-cz.json",
    "heldout-da.json",
    "heldout-db.json",
    "heldout-dc.json",
    "heldout-dd.json",
    "heldout-de.json",
    "heldout-df.json",
    "heldout-dg.json",
    "heldout-dh.json",
    "heldout-di.json",
    "heldout-dj.json",
    "heldout-dk.json",
    "heldout-dl.json",
    "tuning.json",
    "negative.json",
    "negative-c.json",
    "negative-d.json",
    "negative-e.json",
    "negative-f.json",
    "negative-g.json",
    "negative-h.json",
    "negative-i.json",
    "negative-j.json",
    "negative-k.json",
    "negative-l.json",
    "negative-m.json",
    "negative-n.json",
    "negative-o.json",
    "negative-p.json",
    "negative-q.json",
    "negative-r.json",
    "negative-s.json",
    "negative-t.json",
    "negative-u.json",
    "negative-v.json",
    "negative-w.json",
    "negative-x.json",
    "negative-y.json",
    "negative-z.json",
    "negative-aa.json",
    "negative-ab.json",
    "negative-ac.json",
    "negative-ad.json",
    "negative-ae.json",
    "negative-af.json",
    "negative-ag.json",
    "negative-ah.json",
    "negative-ai.json",
    "negative-aj.json",
    "negative-ak.json",
    "negative-al.json",
    "negative-am.json",
    "negative-an.json",
    "negative-ao.json",
    "negative-ap.json",
    "negative-aq.json",
    "negative-ar.json",
    "negative-as.json",
    "negative-at.json",
    "negative-au.json",
    "negative-av.json",
    "negative-aw.json",
    "negative-ax.json",
    "negative-ay.json",
    "negative-az.json",
    "negative-ba.json",
    "negative-bb.json",
    "negative-bc.json",
    "negative-bd.json",
    "negative-be.json",
    "negative-bf.json",
    "negative-bg.json",
    "negative-bh.json",
    "negative-bi.json",
    "negative-bj.json",
    "negative-bk.json",
    "negative-bl.json",
    "negative-bm.json",
    "negative-bn.json",
    "negative-bo.json",
    "negative-bp.json",
    "negative-bq.json",
    "negative-br.json",
    "negative-bs.json",
    "negative-bt.json",
    "negative-bu.json",
    "negative-bv.json",
    "negative-bw.json",
    "negative-bx.json",
    "negative-by.json",
    "negative-bz.json",
    "negative-ca.json",
    "negative-cb.json",
    "negative-cc.json",
    "negative-cd.json",
    "negative-ce.json",
    "negative-cf.json",
    "negative-cg.json",
    "negative-ch.json",
    "negative-ci.json",
    "negative-cj.json",
    "negative-ck.json",
    "negative-cl.json",
    "negative-cm.json",
    "negative-cn.json",
    "negative-co.json",
    "negative-cp.json",
    "negative-cq.json",
    "negative-cr.json",
    "negative-cs.json",
    "negative-ct.json",
    "negative-cu.json",
    "negative-cv.json",
    "negative-cw.json",
    "negative-cx.json",
    "negative-cy.json",
    "negative-cz.json",
    "negative-da.json",
    "negative-db.json",
    "negative-dc.json",
    "negative-dd.json",
    "negative-de.json",
    "negative-df.json",
    "negative-dg.json",
    "negative-dh.json",
    "negative-di.json",
    "negative-dj.json",
    "negative-dk.json",
    "negative-dl.json",
];

/// One judged-set file.
#[derive(Debug, Clone, Deserialize)]
pub struct SetFile {
    /// The set's name as the report shows it ("held-out").
    pub set: String,
    #[serde(default)]
    pub note: String,
    pub queries: Vec<TreeQuery>,
}

/// One judged query.
#[derive(Debug, Clone, Deserialize)]
pub struct TreeQuery {
    pub query: String,
    pub kind: String,
    /// The portal (node id) the query names, if it names a subject.
    #[serde(default)]
    pub subject: Option<String>,
    /// The collections a teacher wants.
    #[serde(default)]
    pub grade2: Vec<JudgedCollection>,
    /// Their parents, siblings on the topic, the topic in another subject.
    #[serde(default)]
    pub grade1: Vec<JudgedCollection>,
    /// Negative queries: why the tree does not have the topic.
    #[serde(default)]
    pub why: Option<String>,
}

/// A judged collection: its id and, for the reader, its title.
#[derive(Debug, Clone, Deserialize)]
pub struct JudgedCollection {
    pub id: String,
    pub title: String,
}

/// How one answer scores.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryScore {
    /// Grades of the first [`K`] collections, in rank order.
    pub grades: Vec<u32>,
    pub success_at_3: bool,
    pub reciprocal_rank: f64,
    pub ndcg: f64,
    /// Collections in the answer (before the cut at [`K`]).
    pub count: usize,
    /// Off-subject collections among the first three.
    pub off_subject_top3: usize,
}

/// The set files of `dir` that exist, in [`FILES`] order; an error names a
/// file that cannot be read or parsed, or a directory without any.
pub fn load(dir: &Path) -> Result<Vec<SetFile>, String> {
    let mut sets = Vec::new();
    for name in FILES {
        let path = dir.join(name);
        if !path.exists() {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let set: SetFile = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        sets.push(set);
    }
    if sets.is_empty() {
        return Err(format!("no judged sets ({}) in {}", FILES.join(", "), dir.display()));
    }
    Ok(sets)
}

/// Check a set against the tree: every judged id and subject must be in it
/// (`Err`, the figures would be wrong); a title that differs from the
/// tree's is a warning (`Ok`).
pub fn check(set: &SetFile, tree: &Corpus) -> Result<Vec<String>, String> {
    let mut warnings = Vec::new();
    for q in &set.queries {
        if let Some(subject) = &q.subject
            && tree.get(subject).is_none_or(|n| n.kind != NodeKind::Portal)
        {
            return Err(format!("{} „{}“: subject {subject} is not a portal", set.set, q.query));
        }
        for judged in q.grade2.iter().chain(&q.grade1) {
            let Some(node) = tree.get(&judged.id) else {
                return Err(format!("{} „{}“: {} is not in the tree", set.set, q.query, judged.id));
            };
            if node.title.trim() != judged.title.trim() {
                warnings.push(format!(
                    "{} „{}“: {} is titled „{}“ in the tree, „{}“ in the set",
                    set.set, q.query, judged.id, node.title, judged.title
                ));
            }
        }
    }
    Ok(warnings)
}

impl TreeQuery {
    /// A query whose topic the tree does not have.
    pub fn is_negative(&self) -> bool {
        self.grade2.is_empty() && self.grade1.is_empty()
    }

    pub fn grade(&self, id: &str) -> u32 {
        if self.grade2.iter().any(|j| j.id == id) {
            2
        } else if self.grade1.iter().any(|j| j.id == id) {
            1
        } else {
            0
        }
    }

    /// The portals of the grade-2 collections and the one the query names.
    fn home_portals(&self, tree: &Corpus) -> Vec<String> {
        let mut home: Vec<String> = self.grade2.iter().filter_map(|j| portal_of(tree, &j.id)).collect();
        home.extend(self.subject.clone());
        home
    }

    /// Score a ranked answer (collection ids, best first).
    pub fn score(&self, ranked: &[String], tree: &Corpus) -> QueryScore {
        let grades: Vec<u32> = ranked.iter().take(K).map(|id| self.grade(id)).collect();
        let mut ideal: Vec<u32> = self
            .grade2
            .iter()
            .map(|_| 2)
            .chain(self.grade1.iter().map(|_| 1))
            .collect();
        ideal.truncate(K);
        let idcg = dcg(&ideal);
        let ndcg = if idcg > 0.0 { dcg(&grades) / idcg } else { 0.0 };
        let home = self.home_portals(tree);
        let off_subject_top3 = ranked
            .iter()
            .take(3)
            .filter(|id| {
                let at_home = portal_of(tree, id).is_some_and(|p| home.contains(&p));
                match self.grade(id) {
                    2 => false,
                    1 => self.subject.is_some() && !at_home,
                    _ => !at_home,
                }
            })
            .count();
        QueryScore {
            success_at_3: grades.iter().take(3).any(|g| *g == 2),
            reciprocal_rank: grades
                .iter()
                .position(|g| *g == 2)
                .map_or(0.0, |p| 1.0 / (p + 1) as f64),
            ndcg,
            count: ranked.len(),
            off_subject_top3,
            grades,
        }
    }
}

/// The portal a collection belongs to (a portal: itself).
fn portal_of(tree: &Corpus, id: &str) -> Option<String> {
    tree.get(id).and_then(|n| n.portal_id.clone())
}

/// Discounted cumulative gain with gain 2^g − 1.
fn dcg(grades: &[u32]) -> f64 {
    grades
        .iter()
        .enumerate()
        .map(|(i, g)| (2f64.powi(*g as i32) - 1.0) / ((i + 2) as f64).log2())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Real ids of the 2023 tree: Mathematik › Analysis › Lineare Funktionen,
    /// Mathematik › Analysis › Funktionen, Biologie › … › Pflanzen: Form & Funktion.
    const LINEARE_FUNKTIONEN: &str = "c9fa4417-f7b9-4874-b37b-e8c9f5583d1e";
    const MATHEMATIK: &str = "bd8be6d5-0fbe-4534-a4b3-773154ba6abc";

    fn judged(id: &str) -> JudgedCollection {
        JudgedCollection {
            id: id.to_string(),
            title: String::new(),
        }
    }

    fn query(subject: Option<&str>, grade2: &[&str], grade1: &[&str]) -> TreeQuery {
        TreeQuery {
            query: "lineare Funktion".into(),
            kind: "inflected".into(),
            subject: subject.map(str::to_string),
            grade2: grade2.iter().map(|id| judged(id)).collect(),
            grade1: grade1.iter().map(|id| judged(id)).collect(),
            why: None,
        }
    }

    /// A collection of the tree titled `title`, in the portal titled `portal`.
    fn find(tree: &Corpus, title: &str, portal: &str) -> String {
        tree.nodes
            .iter()
            .find(|n| n.title == title && n.subject.as_deref() == Some(portal))
            .map(|n| n.id.clone())
            .unwrap_or_else(|| panic!("{title} in {portal}"))
    }

    #[test]
    fn metrics_of_a_ranked_answer() {
        let tree = Corpus::wlo_2023();
        let sibling = find(&tree, "Quadratische Funktionen", "Mathematik");
        let biology = find(&tree, "Pflanzen: Form & Funktion", "Biologie");
        let q = query(None, &[LINEARE_FUNKTIONEN], &[MATHEMATIK, &sibling]);
        let ranked = [biology.clone(), MATHEMATIK.to_string(), LINEARE_FUNKTIONEN.to_string()];
        let s = q.score(&ranked, &tree);
        assert_eq!(s.grades, [0, 1, 2]);
        assert!(s.success_at_3);
        assert!((s.reciprocal_rank - 1.0 / 3.0).abs() < 1e-9);
        // DCG = 1/log2(3) + 3/log2(4); ideal 3/1 + 1/log2(3) + 1/log2(4).
        let expected = (1.0 / 3f64.log2() + 1.5) / (3.0 + 1.0 / 3f64.log2() + 0.5);
        assert!((s.ndcg - expected).abs() < 1e-9, "{}", s.ndcg);
        assert_eq!((s.count, s.off_subject_top3), (3, 1), "Biologie is off-subject");

        // Fourth place is no success@3, and nothing graded is an empty answer.
        let late = [
            biology.clone(),
            biology.clone(),
            biology.clone(),
            LINEARE_FUNKTIONEN.to_string(),
        ];
        let s = q.score(&late, &tree);
        assert!(!s.success_at_3 && (s.reciprocal_rank - 0.25).abs() < 1e-9);
        let s = q.score(&[], &tree);
        assert_eq!((s.count, s.ndcg, s.reciprocal_rank), (0, 0.0, 0.0));
    }

    #[test]
    fn grade_one_of_another_subject_is_off_subject_only_when_the_query_names_one() {
        let tree = Corpus::wlo_2023();
        let biology = find(&tree, "Pflanzen: Form & Funktion", "Biologie");
        let ranked = [biology.clone()];
        let open = query(None, &[LINEARE_FUNKTIONEN], &[&biology]);
        assert_eq!(open.score(&ranked, &tree).off_subject_top3, 0);
        let named = query(Some(MATHEMATIK), &[LINEARE_FUNKTIONEN], &[&biology]);
        assert_eq!(named.score(&ranked, &tree).off_subject_top3, 1);
        // Grade 0 inside the home portal is not off-subject.
        let sibling = find(&tree, "Quadratische Funktionen", "Mathematik");
        assert_eq!(open.score(&[sibling], &tree).off_subject_top3, 0);
    }

    #[test]
    fn negative_queries_count_every_result_or_those_of_other_subjects() {
        let tree = Corpus::wlo_2023();
        let biology = find(&tree, "Pflanzen: Form & Funktion", "Biologie");
        let ranked = [biology.clone(), LINEARE_FUNKTIONEN.to_string()];
        let open = query(None, &[], &[]);
        assert!(open.is_negative());
        assert_eq!(open.score(&ranked, &tree).off_subject_top3, 2);
        let named = query(Some(MATHEMATIK), &[], &[]);
        assert_eq!(named.score(&ranked, &tree).off_subject_top3, 1);
    }

    #[test]
    fn sets_are_checked_against_the_tree() {
        let tree = Corpus::wlo_2023();
        let set = |q: TreeQuery| SetFile {
            set: "held-out".into(),
            note: String::new(),
            queries: vec![q],
        };
        let mut q = query(Some(MATHEMATIK), &[LINEARE_FUNKTIONEN], &[]);
        q.grade2[0].title = "Lineare Funktionen".into();
        assert_eq!(check(&set(q.clone()), &tree), Ok(Vec::new()));
        q.grade2[0].title = "Lineare Funktion".into();
        assert_eq!(check(&set(q.clone()), &tree).map(|w| w.len()), Ok(1));
        q.subject = Some(LINEARE_FUNKTIONEN.into());
        assert!(check(&set(q.clone()), &tree).is_err(), "subject must be a portal");
        let unknown = query(None, &["00000000-0000-0000-0000-000000000000"], &[]);
        assert!(check(&set(unknown), &tree).is_err());
    }

    /// Every shipped set file is read, and every judged id, title and subject
    /// matches the tree (a typo in an id would silently zero a query's score).
    #[test]
    fn the_shipped_set_files_load_and_match_the_tree() {
        let tree = Corpus::wlo_2023();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/tree-collections");
        let sets = load(&dir).unwrap();
        assert_eq!(sets.len(), FILES.len(), "every file of FILES is shipped");
        for set in &sets {
            assert_eq!(check(set, &tree), Ok(Vec::new()), "{}", set.set);
            for q in &set.queries {
                assert_eq!(q.is_negative(), q.why.is_some(), "{} „{}“", set.set, q.query);
            }
        }
    }

    #[test]
    fn set_files_parse_and_a_missing_directory_is_an_error() {
        let text = r#"{"set":"negative","note":"n","queries":[
            {"query":"Quantenchromodynamik","kind":"absent","subject":null,"why":"no such topic"}]}"#;
        let set: SetFile = serde_json::from_str(text).unwrap();
        assert!(set.queries[0].is_negative() && set.queries[0].why.is_some());
        assert!(load(Path::new("/nonexistent/tree-collections")).is_err());
    }
}
