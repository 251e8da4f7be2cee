// Node's fetch (undici, the transport of the official TypeScript MCP SDK)
// writes a request's whole body before it reads the answer. When the server
// refuses a request from its headers and closes the connection with the body
// unread, the client got EPIPE instead of the answer; `wlo-mcp serve` now
// reads out and discards what is left (lingering close,
// src/transport/linger.rs). This check sends 20 POSTs of 4 MiB at once
// without the token the server asks for and expects 401 every time.
//
//   node tests/node/early_refusal.mjs target/debug/wlo-mcp
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const binary = process.argv[2] ?? "target/debug/wlo-mcp";
const CLIENTS = 20;
const BODY_BYTES = 4 * 1024 * 1024;

const server = spawn(binary, ["serve", "--port", "0"], {
  env: {
    ...process.env,
    WLO_MCP_TOKEN: "node-check",
    // Nothing listens on port 1: no request reaches a repository.
    WLO_REPOSITORY_URL: "http://127.0.0.1:1/edu-sharing",
    RUST_LOG: "warn",
  },
  stdio: ["ignore", "ignore", "pipe"],
});

try {
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no 'listening on' line within 30 s")), 30_000);
    createInterface({ input: server.stderr }).on("line", (line) => {
      const found = line.match(/^wlo-mcp listening on (\S+)/);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    server.on("exit", (code) => reject(new Error(`wlo-mcp exited with ${code}`)));
  });
  const body = new Uint8Array(BODY_BYTES).fill(0x20);
  const answers = await Promise.allSettled(
    Array.from({ length: CLIENTS }, async () => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body,
      });
      await response.arrayBuffer();
      return String(response.status);
    }),
  );
  const seen = answers.map((a) =>
    a.status === "fulfilled" ? a.value : `error (${a.reason?.cause?.code ?? a.reason?.message ?? a.reason})`,
  );
  const counts = Object.entries(
    seen.reduce((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}),
  ).map(([s, n]) => `${n}× ${s}`);
  console.log(`Node ${process.version} fetch, ${CLIENTS} × 4 MiB without a token: ${counts.join(", ")}`);
  if (seen.some((s) => s !== "401")) {
    console.error("FAIL: every client must read the 401");
    process.exitCode = 1;
  }
} finally {
  server.kill();
}
