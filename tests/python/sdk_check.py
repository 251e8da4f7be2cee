"""End-to-end check with the official Python MCP SDK (CI runs it).

Starts `wlo-mcp serve --demo` and `wlo-mcp stdio --demo`, then, over both
transports: initialize, list tools, call lookup_wlo_vocabulary and
wlo_health_check, and (when the server offers them) list and read resources,
list prompts and ask for a completion.

Usage: python3 tests/python/sdk_check.py path/to/wlo-mcp
"""

import asyncio
import json
import sys

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from demo_server import demo_session


def check(condition, message):
    if not condition:
        raise SystemExit(f"FAILED: {message}")


def is_error(result) -> bool:
    return bool(getattr(result, "is_error", None) or getattr(result, "isError", None))


async def exercise(session: ClientSession, transport: str) -> int:
    init = await session.initialize()
    info = getattr(init, "server_info", None) or getattr(init, "serverInfo")
    check(info.name == "wlo-mcp", f"{transport}: serverInfo {info}")
    tools = (await session.list_tools()).tools
    names = {t.name for t in tools}
    check({"lookup_wlo_vocabulary", "wlo_health_check"} <= names, f"{transport}: tools {names}")

    vocab = await session.call_tool("lookup_wlo_vocabulary", {"vocabulary": "discipline", "query": "Mathe"})
    check(not is_error(vocab), f"{transport}: vocabulary call failed")
    check("Mathematik" in vocab.content[0].text, f"{transport}: vocabulary text")

    health = await session.call_tool("wlo_health_check", {})
    check(not is_error(health), f"{transport}: health isError")
    doc = json.loads(health.content[0].text)
    check(doc["ok"] is True and doc["rootResolved"] == "Portale", f"{transport}: health {doc}")
    checks = 6

    caps = init.capabilities
    if caps.resources is not None:
        resources = (await session.list_resources()).resources
        check(len(resources) > 0, f"{transport}: no resources")
        first = await session.read_resource(resources[0].uri)
        check(len(first.contents) > 0, f"{transport}: empty resource")
        checks += 2
    if caps.prompts is not None:
        prompts = (await session.list_prompts()).prompts
        check(len(prompts) > 0, f"{transport}: no prompts")
        checks += 1
    print(f"{transport}: {checks} checks passed")
    return checks


async def over_http(binary: str) -> int:
    async with demo_session(binary) as session:
        return await exercise(session, "http")


async def over_stdio(binary: str) -> int:
    params = StdioServerParameters(command=binary, args=["stdio", "--demo"], env={"RUST_LOG": "warn"})
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            return await exercise(session, "stdio")


async def main(binary: str) -> None:
    total = await over_http(binary) + await over_stdio(binary)
    print(f"{total} passed, 0 failed")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "target/debug/wlo-mcp"))
