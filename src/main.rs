//! The `wlo-mcp` command line: `serve` (Streamable HTTP), `stdio`, `tools`, `call`.

use std::net::SocketAddr;
use std::process::ExitCode;

use clap::{Args as ClapArgs, Parser, Subcommand};
use wlo_mcp::app::App;
use wlo_mcp::config::{Config, ConfigError};
use wlo_mcp::tools::{self, Args};
use wlo_mcp::transport::http::{HttpHandler, HttpOptions};

const ENV_HELP: &str = "\
Environment (read once at start):
  WLO_REPOSITORY_URL      edu-sharing base URL [default: https://redaktion.openeduhub.net/edu-sharing]
  WLO_ROOT_COLLECTION_ID  root of the collection tree, a UUID [default: 5e40e372-735c-4b17-bbf7-e827a5702b57]
  WLO_POOL_SIZE           candidates per search variant, 1-100 [default: 25]
  WLO_TIMEOUT_MS          timeout of one upstream request [default: 8000]
  WLO_TOOL_DEADLINE_MS    deadline of one whole tool call [default: 9000]
  WLO_MAX_CONCURRENCY     upstream requests in flight per process [default: 64]
  WLO_MAX_IN_FLIGHT       HTTP requests answered at once; more wait up to 5 s, then 503 [default: 64]
  WLO_CACHE_MAX_MB        response cache size, 0 disables [default: 16]
  WLO_CACHE_TTL_TREE_S    cache lifetime of portals, children, metadata [default: 300]
  WLO_CACHE_TTL_SEARCH_S  cache lifetime of searches [default: 60]
  WLO_FETCH_MAX_CHARS     longest text 'fetch' answers, 1000-10000000 [default: 100000]
  WLO_MCP_TOKEN           if set, HTTP requests need 'Authorization: Bearer <token>'
  MCP_TOOL_ALLOW          comma list: offer only these tools (an unknown name stops the start;
                          'search,fetch' for a ChatGPT connector)
  MCP_TOOL_DENY           comma list: never offer these tools (wins over ALLOW)
  PORT                    HTTP port for 'serve' when --port is not given [default: 3000]
  RUST_LOG                log filter, logs go to stderr [default: info]
  TOKIO_WORKER_THREADS    threads of 'serve'/'stdio', 1-1024 [default: 1; more only pays off
                          for many concurrent clients on one process]";

/// MCP server for WirLernenOnline.de (WLO): search and browse open educational resources.
#[derive(Parser)]
#[command(name = "wlo-mcp", version, about, after_help = ENV_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve MCP over Streamable HTTP at http://HOST:PORT/mcp (stateless, JSON responses).
    #[command(after_help = ENV_HELP)]
    Serve {
        /// Address to bind. On a loopback address, foreign Host headers are refused (DNS-rebinding protection).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Port to bind (0 picks a free port). Beats the PORT variable.
        #[arg(long)]
        port: Option<u16>,
        #[command(flatten)]
        demo: Demo,
    },
    /// Serve MCP over stdio: newline-delimited JSON-RPC on stdin/stdout (Claude Desktop).
    #[command(after_help = ENV_HELP)]
    Stdio {
        #[command(flatten)]
        demo: Demo,
    },
    /// List the tools with one-line descriptions.
    Tools,
    /// Run one tool and print its output; exits 1 when the result is an error.
    #[command(after_help = ENV_HELP)]
    Call {
        /// Tool name, e.g. search_wlo_content.
        tool: String,
        /// Arguments as a JSON object, e.g. '{"query":"Bruchrechnung"}'.
        #[arg(default_value = "{}")]
        arguments: String,
        #[command(flatten)]
        demo: Demo,
    },
}

#[derive(ClapArgs)]
struct Demo {
    /// Run against a built-in edu-sharing stand-in on a free loopback port instead of
    /// WLO_REPOSITORY_URL (for machines without internet).
    #[arg(long)]
    demo: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    wlo_mcp::transport::init_stderr_logging();
    let config = match &cli.command {
        // `tools` only needs the tool filter: a bad repository or tuning value
        // must not stop it (serve, stdio and call reject it below).
        Command::Tools => Config::from_lookup(|name| {
            matches!(name, "MCP_TOOL_ALLOW" | "MCP_TOOL_DENY")
                .then(|| std::env::var(name).ok())
                .flatten()
        }),
        _ => Config::from_env(),
    };
    let config = match config.and_then(tools::check_tool_filter) {
        Ok(config) => config,
        Err(error) => return config_error(&error),
    };
    let mut builder = match config.worker_threads {
        1 => tokio::runtime::Builder::new_current_thread(),
        threads => {
            let mut builder = tokio::runtime::Builder::new_multi_thread();
            builder.worker_threads(threads);
            builder
        }
    };
    let runtime = match builder.enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(run(cli.command, config))
}

async fn run(command: Command, config: Config) -> ExitCode {
    match command {
        Command::Tools => {
            let app = App::new(config);
            for spec in tools::enabled_specs(&app) {
                let first = spec.description.split(". ").next().unwrap_or(spec.description);
                println!("{:<24} {}", spec.name, first.trim_end_matches('.'));
            }
            ExitCode::SUCCESS
        }
        Command::Serve { host, port, demo } => {
            let (config, _standin) = match with_demo(config, demo.demo).await {
                Ok(pair) => pair,
                Err(code) => return code,
            };
            let port = match port.map(Ok).unwrap_or_else(port_from_env) {
                Ok(port) => port,
                Err(error) => return config_error(&error),
            };
            serve(config, &host, port, demo.demo).await
        }
        Command::Stdio { demo } => {
            let (config, _standin) = match with_demo(config, demo.demo).await {
                Ok(pair) => pair,
                Err(code) => return code,
            };
            if demo.demo {
                tracing::info!(repository = %config.repository_url, "stdio against the built-in demo stand-in");
            }
            warn_config(&config);
            match wlo_mcp::transport::stdio::serve(App::new(config)).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("error: stdio transport: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Call { tool, arguments, demo } => {
            let (config, _standin) = match with_demo(config, demo.demo).await {
                Ok(pair) => pair,
                Err(code) => return code,
            };
            let args = match serde_json::from_str::<serde_json::Value>(&arguments) {
                Ok(serde_json::Value::Object(map)) => Args::new(map),
                _ => {
                    eprintln!("error: the arguments must be a JSON object, e.g. '{{\"query\":\"Bruchrechnung\"}}'");
                    return ExitCode::from(2);
                }
            };
            let app = App::new(config);
            let Some(response) = tools::call_by_name(&app, &tool, args).await else {
                eprintln!("error: unknown tool '{tool}' (see 'wlo-mcp tools')");
                return ExitCode::from(2);
            };
            println!("{}", response.rendered_text());
            if response.is_error {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
    }
}

/// With `--demo`, start the in-process stand-in and point the config at it.
async fn with_demo(mut config: Config, demo: bool) -> Result<(Config, Option<wlo_standin::StandIn>), ExitCode> {
    if !demo {
        return Ok((config, None));
    }
    match wlo_standin::StandIn::start(wlo_standin::StandInOptions::default()).await {
        Ok(standin) => {
            config.repository_url = standin.base_url();
            if let Some(root) = wlo_mcp::ids::NodeId::parse(wlo_mcp::config::DEFAULT_ROOT_COLLECTION_ID) {
                config.root_collection_id = root;
            }
            Ok((config, Some(standin)))
        }
        Err(error) => {
            eprintln!("error: cannot start the demo stand-in: {error}");
            Err(ExitCode::FAILURE)
        }
    }
}

async fn serve(config: Config, host: &str, port: u16, demo: bool) -> ExitCode {
    let ip: std::net::IpAddr = match host.trim_matches(|c| c == '[' || c == ']').parse() {
        Ok(ip) => ip,
        Err(_) if host == "localhost" => std::net::Ipv4Addr::LOCALHOST.into(),
        Err(_) => {
            eprintln!("error: invalid --host '{host}': expected an IP address such as 127.0.0.1 or 0.0.0.0");
            return ExitCode::from(2);
        }
    };
    let listener = match tokio::net::TcpListener::bind(SocketAddr::new(ip, port)).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("error: cannot listen on {host}:{port}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let local = listener.local_addr().map(|a| a.port()).unwrap_or(port);
    warn_config(&config);
    let repository = config.repository_url.clone();
    let handler = HttpHandler::new(
        App::new(config),
        HttpOptions {
            loopback_host_check: ip.is_loopback(),
        },
    );
    let shown_host = if ip.is_ipv6() {
        format!("[{ip}]")
    } else {
        ip.to_string()
    };
    if demo {
        eprintln!("wlo-mcp listening on http://{shown_host}:{local}/mcp (demo: built-in stand-in at {repository})");
    } else {
        eprintln!("wlo-mcp listening on http://{shown_host}:{local}/mcp");
    }

    wlo_mcp::transport::local::serve(listener, handler, shutdown_signal()).await;
    ExitCode::SUCCESS
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => {
                let _ = ctrl_c.await;
                return;
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

fn port_from_env() -> Result<u16, ConfigError> {
    match std::env::var("PORT") {
        Ok(value) if !value.trim().is_empty() => value.trim().parse().map_err(|_| ConfigError {
            variable: "PORT",
            message: format!("'{}' is not a port number (0-65535)", value.trim()),
        }),
        _ => Ok(3000),
    }
}

fn warn_config(config: &Config) {
    for warning in &config.warnings {
        tracing::warn!("{warning}");
    }
}

fn config_error(error: &ConfigError) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(2)
}
