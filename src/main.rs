//! The `wlo-mcp` command line: `serve` (Streamable HTTP), `stdio`, `tools`, `call`.

use std::process::ExitCode;

use clap::{Args as ClapArgs, Parser, Subcommand};
use wlo_mcp::app::App;
use wlo_mcp::config::{self, Config, ConfigError};
use wlo_mcp::tools::{self, Args};

/// MCP server for WirLernenOnline.de (WLO): search and browse open educational resources.
#[derive(Parser)]
#[command(name = "wlo-mcp", version, about, after_help = config::env_help())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve MCP over Streamable HTTP at http://HOST:PORT/mcp (stateless, JSON responses).
    #[command(after_help = config::env_help())]
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
    #[command(after_help = config::env_help())]
    Stdio {
        #[command(flatten)]
        demo: Demo,
    },
    /// List the tools with one-line descriptions.
    Tools,
    /// Run one tool and print its output; exits 1 when the result is an error.
    #[command(after_help = config::env_help())]
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
    /// What the demo stand-in holds: `generated` (a German corpus with materials and topic pages)
    /// or `wlo-2023` (WLO's real collection tree of 2023: collections only, keyword search by whole words).
    #[arg(long, requires = "demo", value_name = "CORPUS", default_value = "generated", value_parser = demo_corpus)]
    corpus: wlo_standin::CorpusKind,
}

fn demo_corpus(name: &str) -> Result<wlo_standin::CorpusKind, String> {
    wlo_standin::CorpusKind::parse(name).ok_or_else(|| "expected generated or wlo-2023".to_string())
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
            let (config, _standin) = match with_demo(config, &demo).await {
                Ok(pair) => pair,
                Err(code) => return code,
            };
            let port = match port.map(Ok).unwrap_or_else(config::port_from_env) {
                Ok(port) => port,
                Err(error) => return config_error(&error),
            };
            warn_config(&config);
            match wlo_mcp::transport::local::serve_on(App::new(config), &host, port, demo.demo).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(wlo_mcp::transport::local::ServeError::Host(message)) => {
                    eprintln!("error: {message}");
                    ExitCode::from(2)
                }
                Err(wlo_mcp::transport::local::ServeError::Listen(message)) => {
                    eprintln!("error: {message}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Stdio { demo } => {
            let (config, _standin) = match with_demo(config, &demo).await {
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
            let (config, _standin) = match with_demo(config, &demo).await {
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
/// The real tree's keyword search matches whole words: the strict reading of
/// WLO's index, the one the relevance benchmark measures.
async fn with_demo(mut config: Config, demo: &Demo) -> Result<(Config, Option<wlo_standin::StandIn>), ExitCode> {
    if !demo.demo {
        return Ok((config, None));
    }
    let options = wlo_standin::StandInOptions {
        corpus: demo.corpus,
        match_mode: match demo.corpus {
            wlo_standin::CorpusKind::Generated => wlo_standin::MatchMode::Substring,
            wlo_standin::CorpusKind::Wlo2023 => wlo_standin::MatchMode::WholeWord,
        },
        ..wlo_standin::StandInOptions::default()
    };
    match wlo_standin::StandIn::start(options).await {
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

fn warn_config(config: &Config) {
    for warning in &config.warnings {
        tracing::warn!("{warning}");
    }
}

fn config_error(error: &ConfigError) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(2)
}
