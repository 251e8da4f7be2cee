//! The tests of the front ends: equal answers everywhere, full sessions,
//! fixtures, configuration errors, logs and a slow repository.

use super::*;

// ---------------------------------------------------------------- the tests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn same_answers_on_every_front_end() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let vars = base_env(&standin);
    let local = Server::spawn(&["serve", "--port", "0"], &vars);
    let vercel = Vercel::spawn(&vars);
    let lambda_handler = lambda_cold_start(&vars);
    let lambda = LambdaProcess::spawn(&vars).await;

    let mut mismatches = Vec::new();
    for scenario in SCENARIOS {
        let local_reply = {
            let response = local
                .request(reqwest::Method::POST)
                .header("content-type", "application/json")
                .header("accept", "application/json, text/event-stream")
                .body(scenario.request)
                .send()
                .await
                .expect("request to wlo-mcp serve");
            read_reply(response).await
        };
        let replies = [
            ("wlo-mcp serve", local_reply),
            (
                "vercel /mcp",
                vercel.post("/mcp", "wlo-mcp.vercel.app", scenario.request).await,
            ),
            (
                "lambda adapter",
                lambda_in_process(&lambda_handler, &post_event(scenario.request)).await,
            ),
            ("lambda binary", lambda.invoke(post_event(scenario.request)).await),
        ];
        let mut baseline = None;
        for (front_end, reply) in &replies {
            assert_eq!(
                reply.status, scenario.status,
                "{} via {front_end}: {}",
                scenario.name, reply.body
            );
            assert_eq!(
                reply.header("access-control-allow-origin"),
                Some("*"),
                "{} via {front_end}",
                scenario.name
            );
            let response = reply.json();
            (scenario.check)(&response);
            if let Some(id) = serde_json::from_str::<Value>(scenario.request)
                .ok()
                .and_then(|r| r.get("id").cloned())
            {
                assert_eq!(response["id"], id, "{} via {front_end}", scenario.name);
            }
            let part = comparable(&response);
            match &baseline {
                None => baseline = Some(part),
                Some(expected) if expected != &part => mismatches.push(format!(
                    "{} via {front_end}:\n  expected {expected}\n  got      {part}",
                    scenario.name
                )),
                Some(_) => {}
            }
        }
    }
    assert!(mismatches.is_empty(), "front ends disagree:\n{}", mismatches.join("\n"));
    assert!(
        lambda.runtime.unexpected().is_empty(),
        "{:?}",
        lambda.runtime.unexpected()
    );
}

#[tokio::test]
async fn vercel_binary_serves_a_full_session_with_public_hosts() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let mut vercel = Vercel::spawn(&base_env(&standin));
    for (path, host) in [
        ("/mcp", "wlo-mcp.vercel.app"),
        ("/api/mcp", "wlo-mcp-git-main-openeduhub.vercel.app"),
    ] {
        let r = vercel.post(path, host, SCENARIOS[0].request).await;
        assert_eq!(r.status, 200, "{path} {host}: {}", r.body);
        assert!(
            r.header("content-type")
                .is_some_and(|t| t.starts_with("application/json"))
        );
        assert!(r.header("mcp-session-id").is_none(), "no session is minted");
        assert_eq!(r.json()["result"]["serverInfo"]["name"], "wlo-mcp");

        let r = vercel
            .post(path, host, r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
            .await;
        assert_eq!(r.status, 202);
        assert!(r.body.is_empty());

        let r = vercel
            .post(path, host, r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
            .await;
        assert_eq!(r.status, 200);
        assert!(
            r.json()["result"]["tools"].as_array().is_some_and(|t| t.len() >= 10),
            "{}",
            r.body
        );

        let r = vercel.post(path, host, SCENARIOS[4].request).await;
        assert_eq!(r.status, 200);
        (SCENARIOS[4].check)(&r.json());

        let r = vercel.post(path, host, SCENARIOS[5].request).await;
        assert_eq!(r.status, 200);
        (SCENARIOS[5].check)(&r.json());

        let r = vercel
            .send(reqwest::Method::GET, path, host, &[("accept", "text/event-stream")], "")
            .await;
        assert_eq!(r.status, 405);
        assert_eq!(r.header("allow"), Some("POST, OPTIONS"));

        let preflight = [
            ("origin", "https://inspector.example"),
            ("access-control-request-method", "POST"),
        ];
        let r = vercel.send(reqwest::Method::OPTIONS, path, host, &preflight, "").await;
        assert_eq!(r.status, 204);
        assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    }
    // vercel_runtime answers its own health probe.
    let r = vercel
        .send(reqwest::Method::GET, "/_vercel/ping", "wlo-mcp.vercel.app", &[], "")
        .await;
    assert_eq!((r.status, r.body.as_str()), (200, "OK"));
    // Built once per cold start, logged to stderr.
    assert!(vercel.alive());
    assert_eq!(
        count_lines(&vercel.stderr, "wlo-mcp ready", 1),
        1,
        "{:?}",
        vercel.stderr.lock().unwrap()
    );
}

#[tokio::test]
async fn lambda_fixtures_through_the_lambda_adapter() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let cold = lambda_cold_start(&base_env(&standin));
    let Ok(handler) = &cold else { panic!("config error") };

    // The same function the binary uses for every event.
    let answer = |name: &'static str| {
        let handler = handler.clone();
        async move {
            let request = lambda_http::request::from_str(&fixture(name)).expect("lambda_http parses the fixture");
            assert!(
                request
                    .uri()
                    .host()
                    .is_some_and(|h| h.ends_with(".lambda-url.eu-central-1.on.aws"))
            );
            let response = serverless::lambda_response(&handler, request).await;
            let status = response.status().as_u16();
            let headers = response.headers().clone();
            (status, headers, response.into_body())
        }
    };
    let text = |body: &lambda_http::Body| -> Value {
        let lambda_http::Body::Text(text) = body else {
            panic!("text body expected, got {body:?}")
        };
        serde_json::from_str(text).expect("JSON body")
    };

    let (status, headers, body) = answer("initialize").await;
    assert_eq!(status, 200);
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    assert_eq!(headers["access-control-allow-origin"], "*");
    assert!(headers.get("mcp-session-id").is_none());
    let body = text(&body);
    assert_eq!(body["id"], 1);
    (SCENARIOS[0].check)(&body);

    let (status, _, body) = answer("notification_initialized").await;
    assert_eq!(status, 202);
    assert!(matches!(body, lambda_http::Body::Empty), "{body:?}");

    for name in ["tools_list", "tools_list_base64"] {
        let (status, _, body) = answer(name).await;
        assert_eq!(status, 200, "{name}");
        (SCENARIOS[3].check)(&text(&body));
    }

    let (status, _, body) = answer("tools_call_vocabulary").await;
    assert_eq!(status, 200);
    (SCENARIOS[5].check)(&text(&body));

    let (status, _, body) = answer("tools_call_health").await;
    assert_eq!(status, 200);
    (SCENARIOS[4].check)(&text(&body));

    let (status, headers, _) = answer("get").await;
    assert_eq!(status, 405);
    assert_eq!(headers["allow"], "POST, OPTIONS");

    let (status, headers, body) = answer("options").await;
    assert_eq!(status, 204);
    assert_eq!(headers["access-control-allow-origin"], "*");
    assert!(
        headers["access-control-allow-headers"]
            .to_str()
            .unwrap()
            .contains("MCP-Protocol-Version")
    );
    assert!(matches!(body, lambda_http::Body::Empty));
}

#[tokio::test]
async fn lambda_binary_under_a_mock_runtime_api() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let lambda = LambdaProcess::spawn(&base_env(&standin)).await;

    let r = lambda.invoke(fixture("initialize")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.header("content-type")
            .is_some_and(|t| t.starts_with("application/json"))
    );
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    (SCENARIOS[0].check)(&r.json());

    let r = lambda.invoke(fixture("notification_initialized")).await;
    assert_eq!((r.status, r.body.as_str()), (202, ""));

    let r = lambda.invoke(fixture("tools_list_base64")).await;
    assert_eq!(r.status, 200);
    (SCENARIOS[3].check)(&r.json());

    let r = lambda.invoke(fixture("tools_call_health")).await;
    assert_eq!(r.status, 200);
    (SCENARIOS[4].check)(&r.json());
    assert!(
        standin.control().stats().total_requests >= 1,
        "the tool call reached the stand-in"
    );

    let r = lambda.invoke(fixture("tools_call_vocabulary")).await;
    assert_eq!(r.status, 200);
    (SCENARIOS[5].check)(&r.json());

    let r = lambda.invoke(fixture("get")).await;
    assert_eq!(r.status, 405);
    let r = lambda.invoke(fixture("options")).await;
    assert_eq!(r.status, 204);

    assert!(
        lambda.runtime.unexpected().is_empty(),
        "{:?}",
        lambda.runtime.unexpected()
    );
    // One app per cold start, however many invocations.
    assert_eq!(
        count_lines(&lambda.stderr, "wlo-mcp ready", 1),
        1,
        "{:?}",
        lambda.stderr.lock().unwrap()
    );
}

#[tokio::test]
async fn config_error_answers_500_on_every_request_and_logs_once() {
    let vars = common::env(&[("WLO_ROOT_COLLECTION_ID", "not-a-uuid"), ("RUST_LOG", "info")]);
    let assert_config_error = |r: &Reply| {
        assert_eq!(r.status, 500, "{}", r.body);
        assert_eq!(r.header("access-control-allow-origin"), Some("*"));
        let body = r.json();
        assert_eq!(body["jsonrpc"], "2.0");
        assert_eq!(body["error"]["code"], -32603);
        assert_eq!(body["error"]["data"]["variable"], "WLO_ROOT_COLLECTION_ID");
        assert!(
            body["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("WLO_ROOT_COLLECTION_ID") && m.contains("not-a-uuid"))
        );
    };

    let mut vercel = Vercel::spawn(&vars);
    for body in [SCENARIOS[0].request, SCENARIOS[3].request] {
        assert_config_error(&vercel.post("/mcp", "wlo-mcp.vercel.app", body).await);
    }
    assert_config_error(
        &vercel
            .send(reqwest::Method::GET, "/mcp", "wlo-mcp.vercel.app", &[], "")
            .await,
    );
    assert!(vercel.alive(), "a config error must not end the process");

    let lambda = LambdaProcess::spawn(&vars).await;
    for name in ["initialize", "tools_call_health"] {
        assert_config_error(&lambda.invoke(fixture(name)).await);
    }
    assert!(
        lambda.runtime.unexpected().is_empty(),
        "no init error: {:?}",
        lambda.runtime.unexpected()
    );

    let cold = lambda_cold_start(&vars);
    assert_config_error(&lambda_in_process(&cold, &fixture("tools_list")).await);

    for stderr in [&vercel.stderr, &lambda.stderr] {
        let count = count_lines(stderr, "WLO_ROOT_COLLECTION_ID", 1);
        assert_eq!(count, 1, "logged once: {:?}", stderr.lock().unwrap());
    }
}

/// Logs piped to a file or a platform (CloudWatch, Vercel) carry no ANSI
/// colour codes, from every entry point.
#[tokio::test]
async fn piped_logs_carry_no_colour_codes() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let vars = base_env(&standin);
    let lambda = LambdaProcess::spawn(&vars).await;
    assert_eq!(lambda.invoke(fixture("initialize")).await.status, 200);
    let vercel = Vercel::spawn(&vars);
    assert_eq!(
        vercel
            .post("/mcp", "wlo-mcp.vercel.app", SCENARIOS[0].request)
            .await
            .status,
        200
    );
    let local = Command::new(env!("CARGO_BIN_EXE_wlo-mcp"))
        .args(["stdio", "--demo"])
        .env("RUST_LOG", "info")
        .stdin(Stdio::null())
        .output()
        .expect("wlo-mcp stdio runs");
    let local: Vec<String> = String::from_utf8_lossy(&local.stderr)
        .lines()
        .map(str::to_string)
        .collect();
    count_lines(&lambda.stderr, "wlo-mcp ready", 1);
    count_lines(&vercel.stderr, "wlo-mcp ready", 1);
    for (front_end, lines) in [
        ("lambda", lambda.stderr.lock().unwrap().clone()),
        ("vercel", vercel.stderr.lock().unwrap().clone()),
        ("wlo-mcp", local),
    ] {
        assert!(
            lines.iter().any(|l| l.contains("INFO")),
            "{front_end}: an info line was logged: {lines:?}"
        );
        for line in &lines {
            assert!(
                !line.contains("\u{1b}["),
                "{front_end}: colour codes in a piped log: {line:?}"
            );
        }
    }
}

/// Started by hand outside Lambda, the `lambda` binary says where it belongs
/// in one line and exits with 2, without a panic or backtrace.
#[test]
fn lambda_binary_outside_lambda_explains_itself() {
    for extra in [&[][..], &[("AWS_LAMBDA_FUNCTION_NAME", "wlo-mcp")][..]] {
        let output = Command::new(env!("CARGO_BIN_EXE_lambda"))
            .env_clear()
            .envs(extra.iter().copied())
            .env("RUST_BACKTRACE", "1")
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .output()
            .expect("the lambda binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("must run inside AWS Lambda") && stderr.contains("cargo lambda watch"),
            "{stderr}"
        );
        assert!(stderr.contains("AWS_LAMBDA_RUNTIME_API"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(output.stdout.is_empty());
    }
}

#[tokio::test]
async fn slow_repository_gives_a_german_error_answer_not_a_504() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    standin.control().set_fault(wlo_standin::Fault::Slow);
    let vars = with(&base_env(&standin), &[("WLO_TOOL_DEADLINE_MS", "400")]);
    let vercel = Vercel::spawn(&vars);
    let cold = lambda_cold_start(&vars);
    let request = SCENARIOS[4].request;
    for (front_end, reply) in [
        ("vercel", vercel.post("/mcp", "wlo-mcp.vercel.app", request).await),
        ("lambda", lambda_in_process(&cold, &post_event(request)).await),
    ] {
        assert_eq!(reply.status, 200, "{front_end}: {}", reply.body);
        let result = &reply.json()["result"];
        assert_eq!(result["isError"], true, "{front_end}: {result}");
        let text = result["content"][0]["text"].as_str().unwrap_or_default();
        assert!(text.contains("Zeitüberschreitung"), "{front_end}: {text}");
    }
}
