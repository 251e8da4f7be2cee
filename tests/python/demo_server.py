"""Shared by the Python checks: run `wlo-mcp serve --demo` and open an MCP session to it."""

import contextlib
import subprocess

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client


@contextlib.asynccontextmanager
async def demo_session(binary: str):
    """Start `wlo-mcp serve --demo --port 0`, yield a ClientSession over HTTP, stop the server."""
    proc = subprocess.Popen(
        [binary, "serve", "--demo", "--port", "0"],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
    )
    try:
        url = None
        for line in proc.stderr:
            if line.startswith("wlo-mcp listening on "):
                url = line.split()[3]
                break
        if url is None:
            raise SystemExit("FAILED: the server printed no address")
        async with streamable_http_client(url) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                yield session
    finally:
        proc.terminate()
        proc.wait(timeout=10)
