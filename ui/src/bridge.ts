// A small MCP Apps bridge (specification 2026-01-26): JSON-RPC 2.0 over
// postMessage with the host window. It covers what the views use:
// ui/initialize, the tool-input/tool-result/host-context notifications,
// ui/open-link, tools/call through the host, size changes and teardown.
// docs/ui.md says why this is hand-written instead of the SDK's App class.

export const PROTOCOL_VERSION = "2026-01-26";

type Json = Record<string, unknown>;
interface Message {
  jsonrpc: "2.0";
  id?: number | string;
  method?: string;
  params?: Json;
  result?: Json;
  error?: { code: number; message: string };
}

export interface Handlers {
  toolInput(args: Json): void;
  toolResult(result: Json): void;
  toolCancelled(reason: string): void;
  hostContext(context: Json): void;
  teardown(): void;
}

let nextId = 1;
const pending = new Map<number, { resolve(v: Json): void; reject(e: Error): void }>();
let handlers: Handlers | undefined;

function post(message: Message): void {
  window.parent.postMessage(message, "*");
}

export function request(method: string, params: Json): Promise<Json> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    post({ jsonrpc: "2.0", id, method, params });
  });
}

export function notify(method: string, params: Json): void {
  post({ jsonrpc: "2.0", method, params });
}

function onRequest(message: Message): void {
  const reply = (result: Json) => post({ jsonrpc: "2.0", id: message.id, result });
  switch (message.method) {
    case "ui/resource-teardown":
      handlers?.teardown();
      reply({});
      return;
    case "ping":
      reply({});
      return;
    default:
      post({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } });
  }
}

function onNotification(message: Message): void {
  const params = message.params ?? {};
  switch (message.method) {
    case "ui/notifications/tool-input":
      handlers?.toolInput((params.arguments as Json) ?? {});
      break;
    case "ui/notifications/tool-result":
      handlers?.toolResult(params);
      break;
    case "ui/notifications/tool-cancelled":
      handlers?.toolCancelled(String(params.reason ?? ""));
      break;
    case "ui/notifications/host-context-changed":
      handlers?.hostContext(params);
      break;
  }
}

function onMessage(event: MessageEvent): void {
  if (event.source !== window.parent) return;
  const message = event.data as Message;
  if (!message || message.jsonrpc !== "2.0") return;
  if (message.method !== undefined) {
    if (message.id !== undefined && message.id !== null) onRequest(message);
    else onNotification(message);
    return;
  }
  const waiting = typeof message.id === "number" ? pending.get(message.id) : undefined;
  if (!waiting) return;
  pending.delete(message.id as number);
  if (message.error) waiting.reject(new Error(message.error.message));
  else waiting.resolve(message.result ?? {});
}

/** Connect to the host: listen, initialize, and report back. */
export async function connect(h: Handlers): Promise<Json> {
  handlers = h;
  window.addEventListener("message", onMessage);
  const result = await request("ui/initialize", {
    appInfo: { name: "wlo-mcp-views", version: "1.0.0" },
    appCapabilities: { availableDisplayModes: ["inline"] },
    protocolVersion: PROTOCOL_VERSION,
  });
  notify("ui/notifications/initialized", {});
  return result;
}

export function disconnect(): void {
  window.removeEventListener("message", onMessage);
}
