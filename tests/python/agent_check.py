"""Resources, prompts and completion with the official Python MCP SDK.

Starts `wlo-mcp serve --demo` and, over Streamable HTTP: lists resources and
resource templates, reads a vocabulary and wlo://portals, lists prompts, gets
one, checks that a missing required argument is an error, and asks for
argument completions (prompt arguments and the template variable).

Usage: python3 tests/python/agent_check.py path/to/wlo-mcp
"""

import asyncio
import json
import sys

from mcp import ClientSession
from demo_server import demo_session
from mcp.types import PromptReference, ResourceTemplateReference

passed = 0


def check(condition, message):
    global passed
    if not condition:
        raise SystemExit(f"FAILED: {message}\n{passed} passed, 1 failed")
    passed += 1


async def exercise(session: ClientSession) -> None:
    init = await session.initialize()
    caps = init.capabilities
    check(caps.resources is not None and caps.prompts is not None, f"capabilities {caps}")
    check(caps.completions is not None, f"completions capability {caps}")

    # Resources.
    resources = (await session.list_resources()).resources
    uris = [str(r.uri) for r in resources]
    check("wlo://vocabulary/discipline" in uris and "wlo://portals" in uris, f"resources {uris}")
    data = [r for r in resources if r.mime_type == "application/json"]
    views = [str(r.uri) for r in resources if r.mime_type == "text/html;profile=mcp-app"]
    check(len(data) == 7 and views == ["ui://wlo/cards", "ui://wlo/topic-page"], f"resources {uris}")
    view = await session.read_resource("ui://wlo/cards")
    check(view.contents[0].text.startswith("<!doctype html>"), "the cards view is an HTML document")
    templates = (await session.list_resource_templates()).resource_templates
    check([t.uri_template for t in templates] == ["wlo://vocabulary/{vocabulary}"], f"templates {templates}")

    vocab = await session.read_resource("wlo://vocabulary/discipline")
    doc = json.loads(vocab.contents[0].text)
    check(doc["vocabulary"] == "discipline", f"vocabulary doc {doc.get('vocabulary')}")
    check(any(e["label"] == "Mathematik" for e in doc["entries"]), "Mathematik in discipline")

    portals = await session.read_resource("wlo://portals")
    doc = json.loads(portals.contents[0].text)
    titles = [p["title"] for p in doc["portals"]]
    check(len(titles) >= 10 and "Mathematik" in titles, f"portals {titles}")
    check(all(len(p["nodeId"]) == 36 for p in doc["portals"]), "portal nodeIds")

    try:
        await session.read_resource("wlo://vocabulary/nope")
        check(False, "unknown resource did not fail")
    except Exception as error:  # McpError
        check("not found" in str(error).lower(), f"unknown resource error {error}")

    # Prompts.
    prompts = (await session.list_prompts()).prompts
    names = [p.name for p in prompts]
    check(names == ["unterrichtsmaterial_finden", "fachportal_erkunden", "themenseite_finden"], f"prompts {names}")
    check(all(p.description for p in prompts), "prompt descriptions")
    result = await session.get_prompt(
        "unterrichtsmaterial_finden",
        {"thema": "Photosynthese", "fach": "Bio", "bildungsstufe": "Sekundarstufe I", "materialart": "Video"},
    )
    text = result.messages[0].content.text
    check(result.messages[0].role == "user", "prompt role")
    check('search_wlo_content' in text and 'discipline="Biologie"' in text, f"prompt text {text}")
    check('learningResourceType="Video"' in text, f"prompt text {text}")
    try:
        await session.get_prompt("unterrichtsmaterial_finden", {"fach": "Mathematik"})
        check(False, "missing required argument did not fail")
    except Exception as error:
        check("thema" in str(error), f"missing argument error {error}")

    # Completion.
    ref = PromptReference(type="ref/prompt", name="unterrichtsmaterial_finden")
    c = (await session.complete(ref, {"name": "fach", "value": "Mat"})).completion
    check(c.values == ["Mathematik"] and c.total == 1 and c.has_more is False, f"completion Mat {c}")
    c = (await session.complete(ref, {"name": "bildungsstufe", "value": "Sek"})).completion
    check(c.values == ["Sekundarstufe I", "Sekundarstufe II"], f"completion Sek {c}")
    c = (await session.complete(ref, {"name": "fach", "value": ""})).completion
    check(0 < len(c.values) <= 100 and c.total == len(c.values), f"completion all {len(c.values)} {c.total}")
    template = ResourceTemplateReference(type="ref/resource", uri="wlo://vocabulary/{vocabulary}")
    c = (await session.complete(template, {"name": "vocabulary", "value": "disc"})).completion
    check(c.values == ["discipline"], f"template completion {c}")
    c = (await session.complete(PromptReference(type="ref/prompt", name="nope"), {"name": "x", "value": "y"})).completion
    check(c.values == [], f"unknown ref completion {c}")


async def main(binary: str) -> None:
    async with demo_session(binary) as session:
        await exercise(session)
    print(f"{passed} passed, 0 failed")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "target/debug/wlo-mcp"))
