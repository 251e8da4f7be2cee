#!/usr/bin/env python3
"""Convert WLO's exported collection tree into the stand-in's real-tree data.

    scripts/wlo-tree-convert.py SOURCE_DIR > standin/data/wlo-2023.json

SOURCE_DIR holds `collection-tree-2023.json` (openeduhub's SKOS export of
August 2023, 3,209 collections keyed by node id, each
{title, description, keywords, disciplines, parent}). The stand-in serves the
result with `wlo-standin --corpus wlo-2023` (standin/src/corpus/wlo_2023.rs).

What is copied: ids, parents (the tree's shape), titles, keywords and the
discipline codes (facts). What is not: the editors' descriptions. The only
description kept is the placeholder "Beschreibungstext" that real portals
carry, a quirk of the live data, not an editor's text.

Output: one JSON document, one collection per line, in the export's order
(node ids ascending), so that a later export diffs line by line. Keys:
`id`, `parent`, `title`; `keywords`, `disciplines` (suffixes of
http://w3id.org/openeduhub/vocabs/discipline/) and `description` only when
not empty. Titles and keywords are kept byte for byte (trailing blanks too).
"""

import json
import sys

ROOT = "5e40e372-735c-4b17-bbf7-e827a5702b57"
DISCIPLINE = "http://w3id.org/openeduhub/vocabs/discipline/"
PLACEHOLDER = "Beschreibungstext"


def record(node_id, node):
    out = {"id": node_id, "parent": node["parent"], "title": node["title"]}
    if node["keywords"]:
        out["keywords"] = node["keywords"]
    codes = []
    for uri in node["disciplines"]:
        if not uri.startswith(DISCIPLINE):
            sys.exit(f"{node_id}: discipline outside the vocabulary: {uri}")
        codes.append(uri[len(DISCIPLINE):])
    if codes:
        out["disciplines"] = codes
    if node["description"].strip() == PLACEHOLDER:
        out["description"] = PLACEHOLDER
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    with open(f"{sys.argv[1]}/collection-tree-2023.json", encoding="utf-8") as f:
        tree = json.load(f)
    for node_id, node in tree.items():
        if node["parent"] != ROOT and node["parent"] not in tree:
            sys.exit(f"{node_id}: parent {node['parent']} is not in the tree")
    lines = [json.dumps(record(k, v), ensure_ascii=False, separators=(",", ":")) for k, v in tree.items()]
    sys.stdout.write('{"root":"%s","collections":[\n' % ROOT)
    sys.stdout.write(",\n".join(lines))
    sys.stdout.write("\n]}\n")


if __name__ == "__main__":
    main()
