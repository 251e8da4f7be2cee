// The test host page: the official AppBridge of @modelcontextprotocol/ext-apps
// in front of one sandboxed frame. MCP requests of the view (tools/call,
// resources/read) go to window.mcp, which the browser test forwards to the
// server; opened links are recorded.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

interface Mount {
  frameUrl: string;
  tool: Record<string, unknown>;
  toolInput: Record<string, unknown>;
  toolResult: Record<string, unknown>;
  theme: "light" | "dark";
  width: number;
}

declare global {
  interface Window {
    mcp(method: string, params: unknown): Promise<any>;
    mount(options: Mount): Promise<void>;
    setTheme(theme: "light" | "dark"): Promise<void>;
    teardown(): Promise<unknown>;
    opened: string[];
    sizes: { width?: number; height?: number }[];
  }
}

let bridge: AppBridge | undefined;
window.opened = [];
window.sizes = [];

window.mount = async (options: Mount) => {
  document.getElementById("frame")?.remove();
  const iframe = document.createElement("iframe");
  iframe.id = "frame";
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.style.cssText = `width:${options.width}px;height:600px;border:0;display:block`;
  iframe.src = options.frameUrl;
  document.body.append(iframe);
  const b = new AppBridge(
    null,
    { name: "wlo-mcp-test-host", version: "1.0.0" },
    { openLinks: {}, serverTools: {}, serverResources: {}, logging: {} },
    {
      hostContext: {
        theme: options.theme,
        displayMode: "inline",
        locale: "de-DE",
        platform: "web",
        toolInfo: { tool: options.tool as any },
      },
    },
  );
  b.oncalltool = (params) => window.mcp("tools/call", params);
  b.onreadresource = (params) => window.mcp("resources/read", params);
  b.onopenlink = async ({ url }) => {
    window.opened.push(url);
    return {};
  };
  b.onsizechange = (size) => {
    window.sizes.push(size);
    if (size.height) iframe.style.height = `${Math.min(size.height, 4000)}px`;
  };
  const initialized = new Promise<void>((resolve) => (b.oninitialized = () => resolve()));
  await b.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  await initialized;
  bridge = b;
  await b.sendToolInput({ arguments: options.toolInput });
  await b.sendToolResult(options.toolResult as any);
};

window.setTheme = async (theme) => {
  await bridge!.sendHostContextChange({ theme });
};

window.teardown = async () => bridge!.teardownResource({});
