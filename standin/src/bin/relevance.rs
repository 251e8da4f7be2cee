//! Relevance benchmark: plain repository order vs. the `search_wlo_content`
//! pipeline, judged against the stand-in corpus's ground truth.
//!
//! Run: `cargo build --release && cargo run --release -p wlo-standin --bin relevance`
//!
//! It starts an in-process stand-in, spawns the real server
//! (`target/release/wlo-mcp serve --port 0`, or `$WLO_MCP_BIN`) against it
//! and, for every judged query, asks
//! * **plain**: one `ngsearch` with the raw query (plus the filter URIs)
//!   straight to the stand-in, top 8 in repository order;
//! * **pipeline**: `search_wlo_content` (JSON, maxResults 8) over MCP/HTTP.
//!
//! Judgments come from the generator's ground truth only (a node's topic
//! path, subject, material type and metadata), never from ranking features:
//! grade 2 = the right topic (or, for a subject query, the right subject),
//! 1 = the right subject; when the query asks for a material type ("Arbeits-
//! blätter", "Quiz", …) only that material keeps grade 2 and other material
//! on the topic gets 1; a node that violates a requested filter, and any
//! deleted placeholder, gets 0. nDCG@8 uses gain 2^g − 1 and the ideal
//! ranking over the whole corpus; MRR counts the first grade-2 hit.
//!
//! Three query sets, reported apart: the **original** set (written before
//! the first tuning), a **tuning** set (the sentences of issue #19 and more
//! of their kinds: German compounds, hyphenated compounds, two topics in one
//! sentence, material-type intents, grade words) and a **held-out** set of
//! the same kinds, written before the compound/intent work and never tuned
//! on. For every pipeline query the stand-in's request log gives the number
//! of upstream requests and of sequential waves (round trips).
//!
//! Output: a markdown report on stdout (committed as `docs/relevance.md`,
//! with a hand-written analysis appended).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use wlo_standin::vocab::{DISCIPLINE, EDU_CONTEXT, LRT_AGG, USER_ROLE};
use wlo_standin::{Corpus, NodeKind, NodeRecord, StandIn, StandInOptions};

const K: usize = 8;

/// A filter as the user types it (for the pipeline) and its URI (for plain order and judging).
#[derive(Clone, Copy)]
struct Filter {
    param: &'static str,
    label: &'static str,
    property: &'static str,
    value: &'static str,
}

/// What a query is about, in ground-truth terms.
#[derive(Clone, Copy)]
enum About {
    /// Topic collections (a node is on topic if its topic path contains one).
    Topics(&'static [&'static str]),
    /// A whole subject (portal title).
    Subject(&'static str),
}

#[derive(Clone, Copy)]
struct Judged {
    kind: &'static str,
    /// Filled in by `main` from the array the query is in.
    set: Set,
    query: &'static str,
    about: About,
    /// The material type the query asks for (`NodeRecord::material_type`).
    material: Option<&'static str>,
    filters: &'static [Filter],
}

const fn q(kind: &'static str, query: &'static str, about: About) -> Judged {
    Judged {
        kind,
        set: Set::Original,
        query,
        about,
        material: None,
        filters: &[],
    }
}

const fn qm(kind: &'static str, query: &'static str, about: About, material: &'static str) -> Judged {
    Judged {
        kind,
        set: Set::Original,
        query,
        about,
        material: Some(material),
        filters: &[],
    }
}

const fn qf(query: &'static str, about: About, filters: &'static [Filter]) -> Judged {
    Judged {
        kind: "filter",
        set: Set::Original,
        query,
        about,
        material: None,
        filters,
    }
}

use About::{Subject, Topics};

/// Which query set a query belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Set {
    Original,
    Tuning,
    HeldOut,
}

impl Set {
    const ALL: [Set; 3] = [Set::Original, Set::Tuning, Set::HeldOut];

    fn name(self) -> &'static str {
        match self {
            Set::Original => "original set",
            Set::Tuning => "tuning set",
            Set::HeldOut => "held-out set",
        }
    }

    fn queries(self) -> &'static [Judged] {
        match self {
            Set::Original => QUERIES,
            Set::Tuning => TUNING,
            Set::HeldOut => HELD_OUT,
        }
    }
}

const VIDEO: Filter = Filter {
    param: "learningResourceType",
    label: "Video",
    property: "ccm:oeh_lrt_aggregated",
    value: "38774279-af36-4ec2-8e70-811d5a51a6a1",
};
const SEK1: Filter = Filter {
    param: "educationalContext",
    label: "Sekundarstufe I",
    property: "ccm:educationalcontext",
    value: "sekundarstufe_1",
};
const TEACHER: Filter = Filter {
    param: "userRole",
    label: "teacher",
    property: "ccm:educationalintendedenduserrole",
    value: "teacher",
};
const POLITIK: Filter = Filter {
    param: "discipline",
    label: "Politik",
    property: "ccm:taxonid",
    value: "480",
};
const MATHE: Filter = Filter {
    param: "discipline",
    label: "Mathe",
    property: "ccm:taxonid",
    value: "380",
};
const WORKSHEET_LRT: Filter = Filter {
    param: "learningResourceType",
    label: "Arbeitsblatt",
    property: "ccm:oeh_lrt_aggregated",
    value: "c8e52242-361b-4a2a-b95d-25e516b28b45",
};

/// The judged queries (written before any tuning).
const QUERIES: &[Judged] = &[
    // Topic words.
    q("topic", "Photosynthese", Topics(&["Photosynthese"])),
    q("topic", "Bruchrechnung", Topics(&["Bruchrechnung"])),
    q("topic", "Satz des Pythagoras", Topics(&["Satz des Pythagoras"])),
    q("topic", "Französische Revolution", Topics(&["Französische Revolution"])),
    q("topic", "Klimawandel", Topics(&["Klimawandel"])),
    q("topic", "Weimarer Republik", Topics(&["Weimarer Republik"])),
    q("topic", "Lineare Funktionen", Topics(&["Lineare Funktionen"])),
    q("topic", "Zellatmung", Topics(&["Zellatmung"])),
    q("topic", "Ohmsches Gesetz", Topics(&["Ohmsches Gesetz"])),
    q("topic", "Periodensystem", Topics(&["Periodensystem"])),
    q("topic", "Mitose", Topics(&["Mitose"])),
    q("topic", "Erneuerbare Energien", Topics(&["Erneuerbare Energien"])),
    q("topic", "Plattentektonik", Topics(&["Plattentektonik"])),
    q("topic", "Simple Past", Topics(&["Simple Past"])),
    // Whole sentences and framed requests.
    qm(
        "sentence",
        "Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6",
        Topics(&["Bruchrechnung"]),
        "Arbeitsblatt",
    ),
    qm(
        "sentence",
        "Erklärvideo Photosynthese",
        Topics(&["Photosynthese"]),
        "Erklärvideo",
    ),
    q(
        "sentence",
        "Unterrichtsmaterial zur Französischen Revolution",
        Topics(&["Französische Revolution"]),
    ),
    q(
        "sentence",
        "Wie funktioniert die Photosynthese?",
        Topics(&["Photosynthese"]),
    ),
    qm(
        "sentence",
        "Quiz zum Satz des Pythagoras",
        Topics(&["Satz des Pythagoras"]),
        "Quiz",
    ),
    qm(
        "sentence",
        "Übungen zu quadratischen Gleichungen für Klasse 9",
        Topics(&["Quadratische Gleichungen"]),
        "Übungen",
    ),
    qm(
        "sentence",
        "Arbeitsblatt Kommasetzung Klasse 7",
        Topics(&["Kommasetzung"]),
        "Arbeitsblatt",
    ),
    q(
        "sentence",
        "Materialien zum Thema Vulkane und Erdbeben",
        Topics(&["Vulkane und Erdbeben"]),
    ),
    // Typos and word order.
    q("typo", "Photosyntese", Topics(&["Photosynthese"])),
    q("typo", "Bruchrechnug", Topics(&["Bruchrechnung"])),
    q("typo", "Klimawandl", Topics(&["Klimawandel"])),
    q("typo", "Französiche Revolution", Topics(&["Französische Revolution"])),
    q("typo", "Periodensytem", Topics(&["Periodensystem"])),
    q("typo", "Pythagoras Satz", Topics(&["Satz des Pythagoras"])),
    // Synonyms and abbreviations.
    q("synonym", "Mathe", Subject("Mathematik")),
    q("synonym", "Bio", Subject("Biologie")),
    q("synonym", "KI im Unterricht", Topics(&["Künstliche Intelligenz"])),
    q("synonym", "Künstliche Intelligenz", Topics(&["Künstliche Intelligenz"])),
    q("synonym", "Erdkunde", Subject("Geografie")),
    // Filters (labels and synonyms; judged against the node's metadata).
    qf("Bruchrechnung", Topics(&["Bruchrechnung"]), &[VIDEO]),
    qf("Photosynthese", Topics(&["Photosynthese"]), &[SEK1]),
    qf("Geometrie", Topics(&["Geometrie"]), &[TEACHER]),
    qf("Demokratie", Topics(&["Demokratie"]), &[POLITIK]),
    qf("Arbeitsblatt", Subject("Mathematik"), &[MATHE, WORKSHEET_LRT]),
];

/// The tuning set: the four sentences of issue #19 and more of their kinds.
/// The compound/intent work was tuned on these (and on the original set).
const TUNING: &[Judged] = &[
    q("compound", "Gedichtanalyse Unterrichtsmaterial", Topics(&["Gedichte"])),
    q("compound", "Energieerhaltung Mechanik Aufgaben", Topics(&["Energie"])),
    qm(
        "hyphen",
        "Interaktive Übung zum Herz-Kreislauf-System",
        Topics(&["Herz und Kreislauf"]),
        "Interaktive Übung",
    ),
    q(
        "two topics",
        "Notenwerte und Takt im Musikunterricht",
        Topics(&["Notenwerte", "Takt"]),
    ),
    qm(
        "intent",
        "Ich möchte mit meiner Klasse ein Experiment zu Stromkreisen machen",
        Topics(&["Stromkreise"]),
        "Experiment",
    ),
    qm("hyphen", "Zellorganellen-Quiz", Topics(&["Zellorganellen"]), "Quiz"),
    q(
        "two topics",
        "Lineare Funktionen und Steigung",
        Topics(&["Lineare Funktionen", "Steigung"]),
    ),
    q("grade", "Nervensystem für Grundschüler", Topics(&["Nervensystem"])),
    q("compound", "Photosyntheseprozess Oberstufe", Topics(&["Photosynthese"])),
    qm(
        "intent",
        "Kurs zur Künstlichen Intelligenz",
        Topics(&["Künstliche Intelligenz"]),
        "Kurs",
    ),
];

/// The held-out set: new teacher queries of the same kinds, judged by the
/// same rules, written (and committed) before the compound/intent work and
/// never used to tune it.
const HELD_OUT: &[Judged] = &[
    // Compounds the repository does not hold as one word.
    q("compound", "Verdauungsorgane Klasse 5", Topics(&["Verdauung"])),
    q("compound", "Prozentaufgaben mit Lösungen", Topics(&["Prozentrechnung"])),
    q("compound", "Gedichtinterpretation Oberstufe", Topics(&["Gedichte"])),
    q("compound", "Energieumwandlung Physik Klasse 8", Topics(&["Energie"])),
    qm(
        "compound",
        "Vulkanausbruch Erklärvideo",
        Topics(&["Vulkane und Erdbeben"]),
        "Erklärvideo",
    ),
    qm(
        "compound",
        "Dreieckskonstruktion Arbeitsblatt",
        Topics(&["Dreiecke", "Geometrische Konstruktionen"]),
        "Arbeitsblatt",
    ),
    q(
        "compound",
        "Demokratieverständnis Grundschüler",
        Topics(&["Demokratie"]),
    ),
    // Hyphenated compounds.
    qm(
        "hyphen",
        "Säure-Base-Reaktionen Übungen",
        Topics(&["Säuren und Basen"]),
        "Übungen",
    ),
    q("hyphen", "Herz-Kreislauf-Erkrankungen", Topics(&["Herz und Kreislauf"])),
    qm(
        "hyphen",
        "DNA-Struktur Arbeitsblatt",
        Topics(&["DNA und Proteinbiosynthese"]),
        "Arbeitsblatt",
    ),
    qm("hyphen", "Online-Kurs Python für Anfänger", Topics(&["Python"]), "Kurs"),
    // Two topics in one sentence.
    q(
        "two topics",
        "Wortarten und Satzglieder Klasse 5",
        Topics(&["Wortarten", "Satzglieder"]),
    ),
    q(
        "two topics",
        "Mitose und Meiose im Vergleich",
        Topics(&["Mitose", "Meiose"]),
    ),
    q(
        "two topics",
        "Kräfte und Bewegung für die Oberstufe",
        Topics(&["Kräfte", "Bewegung"]),
    ),
    q(
        "two topics",
        "Industrialisierung und Imperialismus",
        Topics(&["Industrialisierung", "Imperialismus"]),
    ),
    q(
        "two topics",
        "Atombau und Periodensystem für Klasse 10",
        Topics(&["Atombau", "Periodensystem"]),
    ),
    q("two topics", "Wahlen und Parteien", Topics(&["Wahlen", "Parteien"])),
    // Material-type intents inside a sentence.
    qm(
        "intent",
        "Experiment zu Säuren und Basen für Klasse 8",
        Topics(&["Säuren und Basen"]),
        "Experiment",
    ),
    qm(
        "intent",
        "Ich suche ein Quiz zur Weimarer Republik für die Oberstufe",
        Topics(&["Weimarer Republik"]),
        "Quiz",
    ),
    qm(
        "intent",
        "Interaktive Übung zur Bruchrechnung für Grundschüler",
        Topics(&["Bruchrechnung"]),
        "Interaktive Übung",
    ),
    qm(
        "intent",
        "Video über den Calvin-Zyklus",
        Topics(&["Calvin-Zyklus"]),
        "Erklärvideo",
    ),
    qm(
        "intent",
        "Arbeitsblatt zum Ohmschen Gesetz Klasse 8",
        Topics(&["Ohmsches Gesetz"]),
        "Arbeitsblatt",
    ),
    qm(
        "intent",
        "Unterrichtsidee zu Wahlen in der Grundschule",
        Topics(&["Wahlen"]),
        "Unterrichtsidee",
    ),
    qm(
        "intent",
        "Gibt es ein Experiment zum Magnetismus?",
        Topics(&["Magnetismus"]),
        "Experiment",
    ),
    // Grade words.
    q("grade", "Kurvendiskussion Oberstufe", Topics(&["Kurvendiskussion"])),
    q("grade", "Märchen für Grundschüler", Topics(&["Märchen"])),
    q(
        "grade",
        "Lineare Gleichungssysteme für Klasse 10",
        Topics(&["Gleichungssysteme", "Lineare Gleichungssysteme"]),
    ),
];

impl Filter {
    fn uri(&self) -> String {
        let prefix = match self.property {
            "ccm:oeh_lrt_aggregated" => LRT_AGG,
            "ccm:educationalcontext" => EDU_CONTEXT,
            "ccm:educationalintendedenduserrole" => USER_ROLE,
            _ => DISCIPLINE,
        };
        format!("{prefix}{}", self.value)
    }
}

/// Ground-truth grade of one node for one query.
fn grade(corpus: &Corpus, j: &Judged, n: &NodeRecord) -> u32 {
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
    };
    let material_ok = j.material.is_none_or(|m| n.material_type.as_deref() == Some(m));
    match (on_topic, material_ok, in_subject) {
        (true, true, _) => 2,
        (true, false, _) | (false, _, true) => 1,
        _ => 0,
    }
}

fn dcg(grades: &[u32]) -> f64 {
    grades
        .iter()
        .take(K)
        .enumerate()
        .map(|(i, g)| (2f64.powi(*g as i32) - 1.0) / ((i + 2) as f64).log2())
        .sum()
}

/// One line of the per-query table.
struct Row {
    judged: Judged,
    plain_ndcg: f64,
    plain_grades: String,
    pipe_ndcg: f64,
    pipe_grades: String,
    relaxed: Option<String>,
    relevant: usize,
    on_topic: usize,
    pipe_count: usize,
    /// Upstream requests of the pipeline call.
    requests: usize,
    /// Sequential waves of those requests (round trips).
    waves: usize,
}

struct Scored {
    ndcg: f64,
    rr: f64,
    /// Grade-2 hits in the top 8 / min(8, grade-2 nodes in the corpus).
    recall: f64,
    count: usize,
    grades: Vec<u32>,
}

fn score(corpus: &Corpus, j: &Judged, ids: &[String]) -> Scored {
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

// ---------------------------------------------------------------------------
// HTTP (a minimal HTTP/1.1 client: the stand-in crate does not depend on
// wlo-mcp, and the benchmark needs nothing more than POST + JSON).
// ---------------------------------------------------------------------------

async fn post(port: u16, path: &str, body: &str, mcp: bool) -> Result<Value, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))
        .await
        .map_err(|e| e.to_string())?;
    let accept = if mcp {
        "application/json, text/event-stream"
    } else {
        "application/json"
    };
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nAccept: {accept}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.map_err(|e| e.to_string())?;
    stream.write_all(body.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("no HTTP header end")?;
    let header = String::from_utf8_lossy(&raw[..split]).to_lowercase();
    let mut payload = raw[split + 4..].to_vec();
    if !header.starts_with("http/1.1 200") {
        return Err(format!("HTTP {}", header.lines().next().unwrap_or("")));
    }
    if header.contains("transfer-encoding: chunked") {
        payload = dechunk(&payload)?;
    }
    let text = String::from_utf8(payload).map_err(|e| e.to_string())?;
    // An SSE answer carries the JSON in `data:` lines.
    let json_text = if header.contains("text/event-stream") {
        text.lines()
            .rev()
            .filter_map(|l| l.strip_prefix("data:"))
            .map(str::trim)
            .next()
            .unwrap_or("")
            .to_string()
    } else {
        text
    };
    serde_json::from_str(&json_text).map_err(|e| format!("not JSON ({e})"))
}

fn dechunk(mut data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n").ok_or("bad chunk")?;
        let size_text = String::from_utf8_lossy(&data[..line_end]);
        let size =
            usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16).map_err(|e| e.to_string())?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Ok(out);
        }
        out.extend_from_slice(data.get(..size).ok_or("short chunk")?);
        data = data.get(size + 2..).ok_or("short chunk")?;
    }
}

/// Plain repository order: one ngsearch with the raw query and the filter URIs.
async fn plain(port: u16, j: &Judged) -> Result<Vec<String>, String> {
    let mut criteria = vec![json!({"property": "ngsearchword", "values": [j.query]})];
    criteria.extend(
        j.filters
            .iter()
            .map(|f| json!({"property": f.property, "values": [f.uri()]})),
    );
    let path = format!(
        "/edu-sharing/rest/search/v1/queries/-home-/mds_oeh/ngsearch?contentType=FILES&maxItems={K}&skipCount=0&propertyFilter=cclom%3Atitle"
    );
    let answer = post(port, &path, &json!({ "criteria": criteria }).to_string(), false).await?;
    Ok(answer["nodes"]
        .as_array()
        .map(|nodes| {
            nodes
                .iter()
                .filter_map(|n| n["ref"]["id"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default())
}

/// The pipeline: `search_wlo_content` over MCP.
async fn pipeline(port: u16, j: &Judged) -> Result<(Vec<String>, Option<String>), String> {
    let mut arguments = json!({"query": j.query, "maxResults": K, "outputFormat": "json"});
    for f in j.filters {
        arguments[f.param] = json!(f.label);
    }
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "search_wlo_content", "arguments": arguments}});
    let answer = post(port, "/mcp", &request.to_string(), true).await?;
    let result = &answer["result"];
    let text = result["content"][0]["text"].as_str().unwrap_or("");
    if result["isError"].as_bool() == Some(true) {
        return Err(format!("isError: {text}"));
    }
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("answer is not JSON ({e})"))?;
    let ids = doc["results"]
        .as_array()
        .map(|r| {
            r.iter()
                .filter_map(|n| n["nodeId"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    Ok((ids, doc["relaxedQuery"].as_str().map(str::to_string)))
}

/// The real server as a child process; killed on drop.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn spawn_server(repository_url: &str) -> Result<Server, String> {
    let bin = std::env::var("WLO_MCP_BIN").unwrap_or_else(|_| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        root.join("target/release/wlo-mcp").to_string_lossy().into_owned()
    });
    if !std::path::Path::new(&bin).exists() {
        return Err(format!(
            "wlo-mcp binary not found at {bin}. Build it first (`cargo build --release`) or set WLO_MCP_BIN."
        ));
    }
    let mut child = Command::new(&bin)
        .args(["serve", "--port", "0"])
        .env("WLO_REPOSITORY_URL", repository_url)
        .env("WLO_CACHE_MAX_MB", "0")
        .env("WLO_TOOL_DEADLINE_MS", "30000")
        .env("WLO_TIMEOUT_MS", "20000")
        .env("RUST_LOG", "warn")
        .env_remove("WLO_MCP_TOKEN")
        .env_remove("MCP_TOOL_ALLOW")
        .env_remove("MCP_TOOL_DENY")
        .env_remove("WLO_POOL_SIZE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {bin}: {e}"))?;
    let stderr = child.stderr.take().ok_or("no stderr")?;
    let mut lines = BufReader::new(stderr).lines();
    let url = loop {
        match lines.next() {
            Some(Ok(line)) => {
                if let Some(rest) = line.strip_prefix("wlo-mcp listening on ") {
                    break rest.split_whitespace().next().unwrap_or_default().to_string();
                }
            }
            _ => return Err(format!("{bin} exited before listening")),
        }
    };
    std::thread::spawn(move || for _ in lines {});
    let port = url
        .trim_end_matches("/mcp")
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| format!("no port in {url}"))?;
    Ok(Server { child, port })
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = values.collect();
    if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    }
}

fn grades_text(s: &Scored) -> String {
    if s.grades.is_empty() {
        "–".into()
    } else {
        s.grades.iter().map(|g| g.to_string()).collect::<String>()
    }
}

/// Stand-in latency per request while measuring, so that the requests of
/// one parallel wave overlap and the waves are told apart reliably.
const LATENCY_MS: u64 = 100;

/// Summary figures of a group of rows.
struct Summary {
    n: usize,
    p_ndcg: f64,
    q_ndcg: f64,
    p_mrr: f64,
    q_mrr: f64,
    p_recall: f64,
    q_recall: f64,
    p_zero: usize,
    q_zero: usize,
    requests: f64,
    waves: f64,
    max_waves: usize,
}

fn summarize(idx: &[usize], rows: &[Row], plain: &[Scored], pipe: &[Scored]) -> Summary {
    Summary {
        n: idx.len(),
        p_ndcg: mean(idx.iter().map(|i| plain[*i].ndcg)),
        q_ndcg: mean(idx.iter().map(|i| pipe[*i].ndcg)),
        p_mrr: mean(idx.iter().map(|i| plain[*i].rr)),
        q_mrr: mean(idx.iter().map(|i| pipe[*i].rr)),
        p_recall: mean(idx.iter().map(|i| plain[*i].recall)),
        q_recall: mean(idx.iter().map(|i| pipe[*i].recall)),
        p_zero: idx.iter().filter(|i| plain[**i].count == 0).count(),
        q_zero: idx.iter().filter(|i| pipe[**i].count == 0).count(),
        requests: mean(idx.iter().map(|i| rows[*i].requests as f64)),
        waves: mean(idx.iter().map(|i| rows[*i].waves as f64)),
        max_waves: idx.iter().map(|i| rows[*i].waves).max().unwrap_or(0),
    }
}

#[tokio::main]
async fn main() {
    let standin = match StandIn::start(StandInOptions::default()).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: stand-in does not start: {e}");
            std::process::exit(1);
        }
    };
    let server = match spawn_server(&standin.base_url()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    let corpus = standin.corpus();
    let counts = corpus.counts();
    let control = standin.control();
    control.set_latency(LATENCY_MS, 0);

    let judged: Vec<Judged> = Set::ALL
        .iter()
        .flat_map(|set| set.queries().iter().map(move |j| Judged { set: *set, ..*j }))
        .collect();
    let mut rows = Vec::new();
    let mut plain_scores = Vec::new();
    let mut pipe_scores = Vec::new();
    let mut failures = Vec::new();
    for j in &judged {
        let p = plain(standin.port(), j).await.unwrap_or_else(|e| {
            failures.push(format!("plain „{}“: {e}", j.query));
            Vec::new()
        });
        let mut attempt = 0;
        let (ids, relaxed, log) = loop {
            attempt += 1;
            control.clear_log();
            match pipeline(server.port, j).await {
                Ok((ids, relaxed)) => break (ids, relaxed, control.request_log()),
                Err(e) if attempt < 3 => {
                    eprintln!("retrying „{}“: {e}", j.query);
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => {
                    failures.push(format!("pipeline „{}“: {e}", j.query));
                    break (Vec::new(), None, Vec::new());
                }
            }
        };
        let sp = score(corpus, j, &p);
        let sq = score(corpus, j, &ids);
        let grades: Vec<u32> = corpus.nodes.iter().map(|n| grade(corpus, j, n)).collect();
        rows.push(Row {
            judged: *j,
            plain_ndcg: sp.ndcg,
            plain_grades: grades_text(&sp),
            pipe_ndcg: sq.ndcg,
            pipe_grades: grades_text(&sq),
            relaxed,
            relevant: grades.iter().filter(|g| **g > 0).count(),
            on_topic: grades.iter().filter(|g| **g == 2).count(),
            pipe_count: sq.count,
            requests: log.len(),
            waves: wlo_standin::sequential_waves(&log),
        });
        plain_scores.push(sp);
        pipe_scores.push(sq);
    }

    let set_idx = |set: Set| -> Vec<usize> { (0..rows.len()).filter(|i| rows[*i].judged.set == set).collect() };
    let original = set_idx(Set::Original);
    let o = summarize(&original, &rows, &plain_scores, &pipe_scores);
    let n = o.n;

    let mut out = String::new();
    out.push_str("# Relevance benchmark: plain repository order vs. the search pipeline\n\n");
    out.push_str(&format!(
        "Generated by `cargo run --release -p wlo-standin --bin relevance` against the stand-in corpus \
         (seed {}, {} content nodes, {} collections, {} subject portals). Three sets of judged German queries \
         ({} original, {} tuning, {} held-out); top {K} per query. The original set's figures are the \
         headline; the tuning and held-out sets (issue #19: compounds, hyphens, two topics, material-type \
         intents, grade words) are reported apart below.\n\n",
        corpus.seed,
        counts.content,
        counts.collections,
        counts.portals,
        n,
        TUNING.len(),
        HELD_OUT.len()
    ));
    out.push_str("* **plain** = one `ngsearch` with the raw query (and the filter URIs) sent straight to the repository, repository order.\n");
    out.push_str("* **pipeline** = `search_wlo_content` (JSON, `maxResults` 8): query expansion, parallel variants, rank fusion, zero-result rescue; filters given as labels/synonyms.\n");
    out.push_str("* **Grades** (ground truth of the corpus generator, written before any tuning): 2 = right topic (subject queries: right subject; material requests: right topic *and* the asked material type), 1 = right subject or right topic with another material, 0 = else, a violated filter or a deleted placeholder. nDCG@8 with gain 2^g−1 against the ideal ranking over the whole corpus; MRR = 1/rank of the first grade-2 hit. On-topic recall@8 (supplementary) = grade-2 hits in the top 8 / min(8, grade-2 nodes in the corpus).\n");
    out.push_str(&format!(
        "* **Requests / waves** = the pipeline's upstream requests and sequential waves (round trips) per query, from the stand-in's request log (cache off, {LATENCY_MS} ms stand-in latency so that one wave's parallel requests overlap).\n\n"
    ));
    out.push_str(
        "## Summary\n\n| | nDCG@8 | MRR | on-topic recall@8 | queries without results |\n|---|---:|---:|---:|---:|\n",
    );
    out.push_str(&format!(
        "| plain repository order | {:.3} | {:.3} | {:.3} | {} of {n} |\n",
        o.p_ndcg, o.p_mrr, o.p_recall, o.p_zero
    ));
    out.push_str(&format!(
        "| pipeline (`search_wlo_content`) | {:.3} | {:.3} | {:.3} | {} of {n} |\n",
        o.q_ndcg, o.q_mrr, o.q_recall, o.q_zero
    ));
    out.push_str(&format!(
        "| difference | {:+.3} | {:+.3} | {:+.3} | {:+} |\n\n",
        o.q_ndcg - o.p_ndcg,
        o.q_mrr - o.p_mrr,
        o.q_recall - o.p_recall,
        o.q_zero as i64 - o.p_zero as i64
    ));
    let met = |ok: bool| if ok { "met" } else { "**missed**" };
    let no_zero = |idx: &[usize]| idx.iter().all(|i| rows[*i].pipe_count > 0 || rows[*i].relevant == 0);
    out.push_str(&format!(
        "Targets: nDCG@8 ≥ 0.90 — {}; at least 0.10 above plain order — {}; no empty answer where the corpus has relevant material — {}.\n\n",
        met(o.q_ndcg >= 0.90),
        met(o.q_ndcg - o.p_ndcg >= 0.10),
        met(no_zero(&original)),
    ));
    let kinds = |idx: &[usize], out: &mut String| {
        let mut seen: Vec<&str> = Vec::new();
        for i in idx {
            if !seen.contains(&rows[*i].judged.kind) {
                seen.push(rows[*i].judged.kind);
            }
        }
        for kind in seen {
            let k: Vec<usize> = idx.iter().copied().filter(|i| rows[*i].judged.kind == kind).collect();
            out.push_str(&format!(
                "* {kind} ({}): nDCG@8 plain {:.3} → pipeline {:.3}; MRR {:.3} → {:.3}\n",
                k.len(),
                mean(k.iter().map(|i| plain_scores[*i].ndcg)),
                mean(k.iter().map(|i| pipe_scores[*i].ndcg)),
                mean(k.iter().map(|i| plain_scores[*i].rr)),
                mean(k.iter().map(|i| pipe_scores[*i].rr)),
            ));
        }
    };
    kinds(&original, &mut out);

    out.push_str("\n## All sets\n\n");
    out.push_str("| set | queries | plain nDCG@8 | pipeline nDCG@8 | MRR | on-topic recall@8 | without results (plain → pipeline) | requests / query | waves / query (max) |\n");
    out.push_str("|---|---:|---:|---:|---:|---:|---|---:|---|\n");
    for set in Set::ALL {
        let s = summarize(&set_idx(set), &rows, &plain_scores, &pipe_scores);
        out.push_str(&format!(
            "| {} | {} | {:.3} | {:.3} | {:.3} | {:.3} | {} → {} | {:.2} | {:.2} ({}) |\n",
            set.name(),
            s.n,
            s.p_ndcg,
            s.q_ndcg,
            s.q_mrr,
            s.q_recall,
            s.p_zero,
            s.q_zero,
            s.requests,
            s.waves,
            s.max_waves
        ));
    }
    let held = set_idx(Set::HeldOut);
    let h = summarize(&held, &rows, &plain_scores, &pipe_scores);
    out.push_str(&format!(
        "\nHeld-out targets: nDCG@8 ≥ 0.90 — {}; no query without results — {}.\n\n",
        met(h.q_ndcg >= 0.90),
        met(h.q_zero == 0),
    ));
    for set in [Set::Tuning, Set::HeldOut] {
        out.push_str(&format!("{}:\n\n", set.name()));
        kinds(&set_idx(set), &mut out);
        out.push('\n');
    }

    out.push_str("## Per query\n\nGrades are listed in rank order (`–` = no results).\n");
    for set in Set::ALL {
        out.push_str(&format!("\n### {}\n\n", set.name()));
        out.push_str("| # | kind | query | filters | grade 2 / ≥ 1 in corpus | plain nDCG | plain grades | pipeline nDCG | pipeline grades | relaxedQuery | requests / waves |\n");
        out.push_str("|---:|---|---|---|---:|---:|---|---:|---|---|---|\n");
        for (i, row) in set_idx(set).into_iter().map(|i| &rows[i]).enumerate() {
            let j = &row.judged;
            let filters: Vec<String> = j.filters.iter().map(|f| format!("{}={}", f.param, f.label)).collect();
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} / {} | {:.3} | {} | {:.3} | {} | {} | {} / {} |\n",
                i + 1,
                j.kind,
                j.query,
                filters.join(", "),
                row.on_topic,
                row.relevant,
                row.plain_ndcg,
                row.plain_grades,
                row.pipe_ndcg,
                row.pipe_grades,
                row.relaxed.as_deref().unwrap_or(""),
                row.requests,
                row.waves,
            ));
        }
    }
    if !failures.is_empty() {
        out.push_str("\n## Failures\n\n");
        for f in &failures {
            out.push_str(&format!("* {f}\n"));
        }
    }
    print!("{out}");
    drop(server);
}
