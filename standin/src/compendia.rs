//! Editorial compendium texts (`ccm:oeh_collection_compendium_text`): one
//! Markdown string per collection, following the editors' three-part
//! convention (topic knowledge; competences and curricula; presentation).

use crate::rng::SplitMix64;

/// "Klimawandel": one H1, H2 sections with H3 subsections, one section
/// longer than 2 000 characters, short table-row paragraphs and a fenced
/// code block whose lines start with `#`.
pub fn structured() -> String {
    let mut s = String::from(
        "# Klimawandel\n\n\
         Diese Sammlung bündelt geprüfte, frei zugängliche Materialien zum Klimawandel: Erklärvideos, \
         Arbeitsblätter, interaktive Übungen und Unterrichtsentwürfe. Der Text ordnet das Thema fachlich ein, \
         nennt die Bezüge zu den Lehrplänen und erklärt, wie die Inhalte der Sammlung angeordnet sind.\n\n\
         ## Fachliche Einordnung\n\n",
    );
    // A long section: capped at 2 000 characters in the outline view.
    for i in 1..=6 {
        s.push_str(&format!(
            "Absatz {i} zur fachlichen Einordnung: Der Klimawandel beschreibt die langfristige Veränderung des \
             Klimas der Erde. Messreihen der Temperatur, des Meeresspiegels und der Eisbedeckung zeigen seit \
             Beginn der Industrialisierung einen deutlichen Trend, den die Forschung vor allem auf die \
             Verbrennung fossiler Energieträger zurückführt.\n\n"
        ));
    }
    s.push_str(
        "### Treibhauseffekt\n\n\
         Der natürliche Treibhauseffekt hält die Erde bewohnbar. Kohlendioxid, Methan und Wasserdampf lassen \
         das Sonnenlicht passieren und halten einen Teil der Wärmestrahlung zurück. Der zusätzliche, vom \
         Menschen verursachte Treibhauseffekt verstärkt diese Wirkung und erwärmt die Atmosphäre.\n\n\
         ### Folgen für Ökosysteme\n\n\
         Steigende Temperaturen verschieben Lebensräume: Korallenriffe bleichen aus, Gletscher schmelzen, \
         Arten wandern in höhere Lagen. Die Materialien zeigen Fallbeispiele aus den Alpen, der Arktis und \
         dem Wattenmeer und verbinden sie mit Daten, die Schülerinnen und Schüler selbst auswerten.\n\n\
         ## Kompetenzen und Lehrpläne\n\n\
         Die Lehrpläne der Länder verankern das Thema in Geografie, Biologie, Physik und Politik. Die Tabelle \
         nennt Beispiele.\n\n\
         | Bundesland | Klasse | Schwerpunkt |\n\n\
         | Bayern | 8 | Klimazonen und Treibhauseffekt |\n\n\
         | Niedersachsen | 9 | Klimaschutz und Energiewende |\n\n\
         | Sachsen | 10 | Klimamodelle und Szenarien |\n\n\
         | Berlin | 9 | Klimagerechtigkeit |\n\n\
         ### Sekundarstufe I\n\n\
         In der Sekundarstufe I beschreiben die Lernenden Ursachen und Folgen des Klimawandels, lesen \
         Klimadiagramme und bewerten einfache Maßnahmen des Klimaschutzes in Schule und Alltag.\n\n\
         ### Sekundarstufe II\n\n\
         In der Sekundarstufe II analysieren die Lernenden Klimamodelle, vergleichen Emissionsszenarien und \
         erörtern politische Strategien zwischen Anpassung und Vermeidung.\n\n\
         ## Darstellung der Inhalte\n\n\
         Die Sammlung ist in drei Lernpfade gegliedert: Grundlagen, Folgen und Handeln. Jeder Pfad beginnt \
         mit einem Erklärvideo und endet mit einer Übung zur Selbstkontrolle. Die Datenauswertung nutzt ein \
         kleines Skript:\n\n\
         ```python\n\
         # Temperaturanomalie berechnen\n\
         ## Mittelwert der Referenzperiode\n\
         anomalie = messwert - referenz\n\
         ```\n\n\
         ## Methodische Hinweise\n\n\
         Für den Einstieg eignet sich eine Mindmap zu Alltagserfahrungen mit Hitze, Starkregen und Dürre. \
         Projekttage zum Energiesparen an der eigenen Schule verbinden Wissen und Handeln.\n",
    );
    s
}

/// Section themes of the long compendium ("Französische Revolution").
const THEMES: &[(&str, &str)] = &[
    ("Ursachen der Revolution", "Staatsverschuldung"),
    ("Die Generalstände", "Generalstände"),
    ("Der Ballhausschwur", "Ballhausschwur"),
    ("Der Sturm auf die Bastille", "Bastille"),
    ("Die Erklärung der Menschenrechte", "Menschenrechte"),
    ("Olympe de Gouges", "Frauenrechte"),
    ("Die Verfassung von 1791", "Verfassung"),
    ("Die Flucht des Königs", "Varennes"),
    ("Krieg gegen Österreich", "Revolutionskriege"),
    ("Die Schreckensherrschaft", "Terreur"),
    ("Robespierre und die Jakobiner", "Jakobiner"),
    ("Das Direktorium", "Direktorium"),
    ("Der Aufstieg Napoleons", "Napoleon"),
    ("Alltag in Paris", "Sansculotten"),
    ("Bilder und Karikaturen", "Karikaturen"),
    ("Lehrplan Bayern", "Bayern"),
    ("Lehrplan Nordrhein-Westfalen", "Nordrhein-Westfalen"),
    ("Lehrplan Baden-Württemberg", "Baden-Württemberg"),
    ("Quellenarbeit im Unterricht", "Quellenkritik"),
    ("Darstellung der Inhalte", "Lernpfade"),
];

const SENTENCES: &[&str] = &[
    "Das Stichwort {t} steht im Mittelpunkt dieses Abschnitts und wird an Quellen aus den Jahren 1789 bis 1799 erläutert.",
    "Die Materialien der Sammlung verbinden {t} mit Fragen, die Schülerinnen und Schüler aus ihrer eigenen Lebenswelt kennen.",
    "Ein Erklärvideo führt in {t} ein, ein Arbeitsblatt sichert die wichtigsten Begriffe und Zusammenhänge.",
    "Historikerinnen und Historiker bewerten {t} bis heute unterschiedlich, was sich gut für eine Diskussion eignet.",
    "Zeitgenössische Flugschriften zeigen, wie die Menschen in Paris und auf dem Land über {t} dachten.",
    "Eine Zeitleiste ordnet {t} in den Verlauf der Revolution ein und macht Ursachen und Folgen sichtbar.",
    "Für die Differenzierung gibt es zu {t} Aufgaben auf drei Niveaustufen mit Lösungshinweisen.",
    "Die Redaktion empfiehlt, {t} mit einer kurzen Quellenanalyse in Partnerarbeit zu erschließen.",
];

/// "Französische Revolution": one H1 and twenty H2 sections of five
/// paragraphs each, longer than 65 000 characters in all.
pub fn long(rng: &mut SplitMix64) -> String {
    let mut s = String::from(
        "# Französische Revolution\n\n\
         Die Französische Revolution von 1789 gehört zu den zentralen Themen des Geschichtsunterrichts. Dieser \
         Text erläutert die fachlichen Schwerpunkte, die Bezüge zu den Lehrplänen und den Aufbau der Sammlung.\n\n",
    );
    for (title, term) in THEMES {
        s.push_str(&format!("## {title}\n\n"));
        for p in 0..5 {
            let mut order: Vec<usize> = (0..SENTENCES.len()).collect();
            for k in (1..order.len()).rev() {
                let j = rng.below(k as u64 + 1) as usize;
                order.swap(k, j);
            }
            let mut paragraph = format!("{title}, Teil {}: ", p + 1);
            for (k, i) in order.iter().take(6).enumerate() {
                if k > 0 {
                    paragraph.push(' ');
                }
                paragraph.push_str(&SENTENCES[*i].replace("{t}", term));
            }
            s.push_str(&paragraph);
            s.push_str("\n\n");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_long_text_exceeds_the_largest_seen() {
        let text = long(&mut SplitMix64::new(1));
        assert!(text.chars().count() > 65_000, "{}", text.chars().count());
        assert_eq!(text.matches("\n## ").count(), THEMES.len());
        assert_eq!(text, long(&mut SplitMix64::new(1)));
    }

    #[test]
    fn the_structured_text_has_its_features() {
        let text = structured();
        assert_eq!(
            text.lines().filter(|l| l.starts_with("# ")).count(),
            2,
            "H1 and one code line"
        );
        assert!(text.contains("```python\n# Temperaturanomalie"));
        assert!(text.contains("\n\n| Bayern | 8 | Klimazonen und Treibhauseffekt |\n\n"));
    }
}
