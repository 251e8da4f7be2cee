//! The packaging files: what deployments leave out, and limits that agree.

use super::*;

// ------------------------------------------------------------ packaging files

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// What git and a Vercel upload leave out, and what a Vercel deployment may
/// serve as static files (scripts/vercel-build-check.sh checks the real build).
#[test]
fn packaging_keeps_secrets_and_builds_out() {
    for file in [".gitignore", ".vercelignore"] {
        let text = repo_file(file);
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for entry in [".env", ".aws-sam/", "target/", ".vercel/"] {
            assert!(lines.contains(&entry), "{file} lacks {entry}");
        }
    }
    // .vercelignore: everything out, then only the build inputs back in.
    let text = repo_file(".vercelignore");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(lines.first(), Some(&"/*"), "{text}");
    let allowed = [
        "api",
        "src",
        "standin",
        "bench",
        "fakes",
        "data",
        "public",
        "Cargo.toml",
        "Cargo.lock",
        "vercel.json",
    ];
    let let_in: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with('!'))
        .map(|l| l.trim_start_matches("!/").trim_end_matches('/'))
        .collect();
    for path in &let_in {
        assert!(allowed.contains(path), ".vercelignore lets {path} in");
    }
    // Cargo loads every workspace member and path dependency, even those the
    // function never compiles: the upload must hold each (scripts/package-check.sh
    // builds from the real upload in CI).
    let manifest = repo_file("Cargo.toml");
    let members = manifest
        .split("members = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("workspace members");
    let paths = manifest
        .split("path = \"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next());
    let quoted = members.split('"').skip(1).step_by(2);
    for path in quoted.chain(paths) {
        let top = path.split('/').next().unwrap();
        if top == "." {
            continue;
        }
        assert!(
            let_in.contains(&top),
            ".vercelignore leaves out {path}, which Cargo.toml needs"
        );
    }
    // Static files come from public/ alone: a landing page that names the endpoint.
    let public: Vec<String> = std::fs::read_dir(format!("{}/public", env!("CARGO_MANIFEST_DIR")))
        .expect("public/ exists")
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(public, ["index.html"]);
    assert!(repo_file("public/index.html").contains("/mcp"));
}

/// One function time limit, stated alike in vercel.json, template.yaml,
/// .env.example and docs/deploy.md, with the deadline's ceiling below it.
#[test]
fn time_limits_agree_across_the_deploy_files() {
    let vercel: Value = serde_json::from_str(&repo_file("vercel.json")).unwrap();
    let max_duration = vercel["functions"]["api/mcp.rs"]["maxDuration"]
        .as_u64()
        .expect("maxDuration");
    let template = repo_file("template.yaml");
    let timeout: u64 = template
        .lines()
        .find_map(|l| l.trim().strip_prefix("Timeout:"))
        .and_then(|v| v.trim().parse().ok())
        .expect("Timeout in template.yaml");
    assert_eq!(max_duration, timeout, "vercel.json and template.yaml differ");
    let deadline_max: u64 = template
        .split("ToolDeadlineMs:")
        .nth(1)
        .and_then(|rest| rest.lines().find_map(|l| l.trim().strip_prefix("MaxValue:")))
        .and_then(|v| v.trim().parse().ok())
        .expect("ToolDeadlineMs MaxValue");
    assert!(
        deadline_max + 3000 <= timeout * 1000,
        "deadline {deadline_max} ms + 2 s cap + margin > {timeout} s"
    );
    let env_example = repo_file(".env.example");
    assert!(
        env_example.contains(&format!("{timeout} s")),
        ".env.example must state the {timeout} s limit"
    );
    assert!(
        env_example.contains(&format!("at most {deadline_max}")),
        ".env.example: deadline ceiling"
    );
    assert!(
        env_example.contains("check the current"),
        ".env.example: tell the reader to check the plan's limits"
    );
    let deploy = repo_file("docs/deploy.md");
    assert!(deploy.contains(&format!("`maxDuration: {timeout}`")) && deploy.contains(&format!("`Timeout: {timeout}`")));
    assert!(deploy.contains("Check the current limits for your plan"));
    for text in [&env_example, &deploy] {
        assert!(
            !text.contains("Hobby: 10 s") && !text.contains("Both platforms allow"),
            "a stale limit"
        );
    }
}

/// The README's test command is what CI runs, and it needs nothing beyond rustup.
#[test]
fn ci_runs_the_readme_test_command() {
    let readme = repo_file("README.md");
    let quick_start = readme
        .split("## Quick start")
        .nth(1)
        .expect("Quick start")
        .split("\n## ")
        .next()
        .unwrap();
    let command = quick_start
        .lines()
        .filter_map(|l| l.split('#').next().map(str::trim))
        .find(|l| l.starts_with("cargo ") && l.contains("test"))
        .expect("a test command in the Quick start");
    assert_eq!(
        command, "cargo test --workspace",
        "the README's test command must run on a rustup-only machine"
    );
    let ci = repo_file(".ci/run");
    assert!(
        ci.lines()
            .any(|l| !l.trim_start().starts_with('#') && l.contains(command)),
        ".ci/run does not run `{command}`"
    );
}
