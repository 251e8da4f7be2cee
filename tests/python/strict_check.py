"""Every tool converts to an OpenAI strict function schema (CI runs it).

Starts `wlo-mcp serve --demo`, connects the OpenAI Agents SDK (`openai-agents`)
to it over Streamable HTTP and lets an Agent with
`mcp_config={"convert_schemas_to_strict": True}` turn the server's tools into
function tools, the way an application does. The SDK does not fail when a
schema cannot be made strict: it logs "Error converting MCP schema to strict
mode" and keeps the tool non-strict. This check fails if any tool came out
non-strict, and names the reason the SDK gave.

Usage: python3 tests/python/strict_check.py path/to/wlo-mcp
"""

import asyncio
import copy
import logging
import sys

from agents import Agent, RunContextWrapper
from agents.mcp import MCPServerStreamableHttp
from agents.strict_schema import ensure_strict_json_schema
from demo_server import demo_url


class Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def closed_everywhere(schema, path="inputSchema"):
    """Paths of objects in `schema` that do not say `additionalProperties: false`."""
    open_paths = []
    if isinstance(schema, dict):
        if schema.get("type") == "object" and schema.get("additionalProperties") is not False:
            open_paths.append(path)
        for key, value in schema.items():
            open_paths += closed_everywhere(value, f"{path}.{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            open_paths += closed_everywhere(value, f"{path}[{i}]")
    return open_paths


async def main(binary: str) -> None:
    collect = Collect()
    sdk_log = logging.getLogger("openai.agents")
    sdk_log.addHandler(collect)
    sdk_log.setLevel(logging.DEBUG)
    failed, passed = [], 0
    with demo_url(binary) as url:
        async with MCPServerStreamableHttp(params={"url": url}, name="wlo") as server:
            raw = await server.list_tools()
            agent = Agent(name="wlo", mcp_servers=[server], mcp_config={"convert_schemas_to_strict": True})
            tools = await agent.get_mcp_tools(RunContextWrapper(context=None))

    if len(raw) < 10 or len(tools) != len(raw):
        raise SystemExit(f"FAILED: {len(raw)} tools listed, {len(tools)} converted")
    # The raw input schema (the attribute is `input_schema` in newer `mcp`, `inputSchema` before).
    by_name = {t.name: getattr(t, "input_schema", None) or getattr(t, "inputSchema") for t in raw}
    for tool in tools:
        # What the SDK decided: strict, or the silent non-strict fallback.
        if not tool.strict_json_schema:
            reason = next((m for m in collect.messages if "strict" in m), "no reason logged")
            try:  # the converter's own words (the SDK logs them only with tool data logging on)
                ensure_strict_json_schema(copy.deepcopy(by_name[tool.name]), _reject_open_objects=True)
            except Exception as error:  # noqa: BLE001 - any refusal is the reason
                reason = f"{type(error).__name__}: {error}"
            failed.append(f"{tool.name}: the Agents SDK kept it non-strict ({reason})")
            continue
        # The converter on the raw schema must not have to change what it accepts:
        # every object is already closed, so strict mode only adds `required`.
        open_paths = closed_everywhere(by_name[tool.name])
        if open_paths:
            failed.append(f"{tool.name}: objects without additionalProperties:false: {open_paths}")
            continue
        strict = ensure_strict_json_schema(copy.deepcopy(by_name[tool.name]))
        if strict.get("additionalProperties") is not False:
            failed.append(f"{tool.name}: converted schema is not closed: {strict}")
            continue
        passed += 1
    for line in failed:
        print(f"FAILED: {line}")
    print("strict function schemas (OpenAI Agents SDK):")
    print(f"{passed} passed, {len(failed)} failed")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "target/debug/wlo-mcp"))
