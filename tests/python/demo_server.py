"""Shared by the Python checks: run `wlo-mcp serve --demo` and connect to it."""

import contextlib
import subprocess

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client


@contextlib.contextmanager
def demo_url(binary: str):
    """Start `wlo-mcp serve --demo --port 0`, yield its MCP URL, stop the server."""
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
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@contextlib.asynccontextmanager
async def demo_session(binary: str):
    """Yield a ClientSession over HTTP to `wlo-mcp serve --demo`."""
    with demo_url(binary) as url:
        async with streamable_http_client(url) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                yield session
