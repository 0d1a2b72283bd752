//! A match's page in a real browser: headless Chromium, driven through chromedriver's
//! WebDriver API (plain HTTP on localhost). The page renders its board, names the winner,
//! and the right-arrow key, the buttons, Home and End step the board to the position after
//! each move, checked against the positions `taproom engine apply` prints for the moves
//! the match's JSON lists, read here from the notation, never from the page's own data.
//! Printed, each board shows its game's end and no controls; on a phone's width nothing
//! runs off the side.
//!
//! Chromium is `/usr/bin/chromium` and `/usr/bin/chromedriver` (Debian's `chromium` and
//! `chromium-driver`; `TAPROOM_CHROMIUM` and `TAPROOM_CHROMEDRIVER` name others). Without
//! them the test says in one line that it was skipped, and why, so that the README's test
//! command passes on a newcomer's machine; under CI (`CI` set, as CI services and
//! `.ci/run` set it) it fails instead, and `.ci/run` installs them.

use std::io::Write;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::Taproom;

/// Where a program is: the environment's word, else the Debian package's path.
fn program(var: &str, default: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| default.to_owned())
}

/// chromedriver, running on a free port of localhost; killed when dropped.
struct Driver {
    child: Child,
    base: String,
}

impl Driver {
    fn start(path: &str) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {path}: {e}"));
        let driver = Driver {
            child,
            base: format!("http://127.0.0.1:{port}"),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let ready = minreq::get(format!("{}/status", driver.base))
                .with_timeout(2)
                .send()
                .ok()
                .and_then(|r| serde_json::from_slice::<Value>(r.as_bytes()).ok())
                .is_some_and(|v| v["value"]["ready"] == true);
            if ready {
                return driver;
            }
            assert!(Instant::now() < deadline, "chromedriver never became ready");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser session; closed (Chromium quit) when dropped, before its driver goes.
struct Session<'a> {
    driver: &'a Driver,
    id: String,
}

/// WebDriver's key for the right arrow, the left arrow, Home and End.
const RIGHT: &str = "\u{E014}";
const LEFT: &str = "\u{E012}";
const HOME: &str = "\u{E011}";
const END: &str = "\u{E010}";

impl<'a> Session<'a> {
    fn new(driver: &'a Driver, chromium: &str) -> Session<'a> {
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1000,1400"],
            },
        }}});
        let v = call(&driver.base, "POST", "/session", Some(&caps));
        Session {
            driver,
            id: v["sessionId"].as_str().expect("a session").to_owned(),
        }
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let path = format!("/session/{}{path}", self.id);
        call(&self.driver.base, method, &path, body)
    }

    fn open(&self, url: &str) {
        self.call("POST", "/url", Some(&json!({ "url": url })));
    }

    /// What the script returns, run in the page.
    fn run(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(&json!({"script": script, "args": []})),
        )
    }

    fn press(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]});
        self.call("POST", "/actions", Some(&actions));
    }

    fn click(&self, css: &str) {
        let found = self.call(
            "POST",
            "/element",
            Some(&json!({"using": "css selector", "value": css})),
        );
        let element = found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .expect("the element")
            .to_owned();
        self.call(
            "POST",
            &format!("/element/{element}/click"),
            Some(&json!({})),
        );
    }

    /// A Chrome DevTools command, through chromedriver.
    fn devtools(&self, cmd: &str, params: Value) {
        self.call(
            "POST",
            "/goog/cdp/execute",
            Some(&json!({"cmd": cmd, "params": params})),
        );
    }

    /// The fill of each of board 1's spots, by index.
    fn fills(&self, spots: usize) -> Vec<String> {
        let got = self.run(&format!(
            "var out = []; for (var i = 0; i < {spots}; i++) {{ \
             var el = document.getElementById('g1-s' + i); \
             out.push(el ? el.getAttribute('fill') : 'missing'); }} return out;"
        ));
        got.as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap_or("").to_owned())
            .collect()
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let _ = minreq::delete(format!("{}/session/{}", self.driver.base, self.id))
            .with_timeout(10)
            .send();
    }
}

/// One WebDriver call: its `value`, or a panic with the driver's error.
fn call(base: &str, method: &str, path: &str, body: Option<&Value>) -> Value {
    let url = format!("{base}{path}");
    let request = match method {
        "POST" => minreq::post(url),
        "DELETE" => minreq::delete(url),
        _ => minreq::get(url),
    }
    .with_timeout(60)
    .with_header("Content-Type", "application/json");
    let request = match body {
        Some(b) => request.with_body(b.to_string()),
        None => request,
    };
    let response = request
        .send()
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    let v: Value = serde_json::from_slice(response.as_bytes())
        .unwrap_or_else(|e| panic!("{method} {path}: {e}: {:?}", response.as_str()));
    assert!(
        response.status_code == 200,
        "{method} {path}: {} {v}",
        response.status_code
    );
    v["value"].clone()
}

/// The fill of each spot of a Tides of War board in `notation` (`.BBBB./W.BBBB/… w`:
/// ranks 6 down to 1, files a to f), in the picture's order of spots (a1, b1, … f1, a2,
/// …): White's stones ivory, Black's near black, an empty square none.
fn tides_fills(notation: &str) -> Vec<String> {
    let board = notation.split_whitespace().next().expect("a board");
    let ranks: Vec<&str> = board.split('/').collect();
    assert_eq!(ranks.len(), 6, "{notation}");
    let mut fills = Vec::new();
    for rank in ranks.iter().rev() {
        assert_eq!(rank.chars().count(), 6, "{notation}");
        for c in rank.chars() {
            fills.push(
                match c {
                    'W' => "#f6f1e4",
                    'B' => "#242220",
                    '.' => "none",
                    _ => panic!("{c} in {notation}"),
                }
                .to_owned(),
            );
        }
    }
    fills
}

/// The position after the first `n` of `moves` from `start`, as the engine prints it.
fn position_after(start: &str, moves: &[String], n: usize) -> String {
    let mut args = vec![
        "engine".to_owned(),
        "apply".to_owned(),
        "tides-of-war".to_owned(),
        "--position".to_owned(),
        start.to_owned(),
    ];
    args.extend(moves[..n].iter().cloned());
    let out = Taproom::new().args(&args).ok().stdout;
    out.lines().next().expect("a position").to_owned()
}

/// What the browser test does on this machine.
#[derive(Debug, PartialEq)]
enum Browser {
    /// Chromium and its driver are here: the test runs.
    Run,
    /// They are not, on a newcomer's machine: the test says so in one line and passes.
    Skip,
    /// They are not, under CI: the test fails.
    Required,
}

/// Whether the browser test runs, is skipped or fails, given whether Chromium and its
/// driver are present and the value of `CI` (set, and not empty, `0` or `false`, as CI
/// services set it, means CI).
fn without_a_browser(present: bool, ci: Option<&str>) -> Browser {
    let under_ci =
        ci.is_some_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"));
    match (present, under_ci) {
        (true, _) => Browser::Run,
        (false, false) => Browser::Skip,
        (false, true) => Browser::Required,
    }
}

#[test]
fn the_browser_test_is_required_under_ci_and_skipped_elsewhere() {
    assert_eq!(without_a_browser(true, None), Browser::Run);
    assert_eq!(without_a_browser(true, Some("true")), Browser::Run);
    assert_eq!(without_a_browser(false, None), Browser::Skip);
    assert_eq!(without_a_browser(false, Some("")), Browser::Skip);
    assert_eq!(without_a_browser(false, Some("false")), Browser::Skip);
    assert_eq!(without_a_browser(false, Some("0")), Browser::Skip);
    assert_eq!(without_a_browser(false, Some("true")), Browser::Required);
    assert_eq!(without_a_browser(false, Some("1")), Browser::Required);
}

#[test]
fn the_page_steps_its_board_in_a_browser() {
    let chromium = program("TAPROOM_CHROMIUM", "/usr/bin/chromium");
    let chromedriver = program("TAPROOM_CHROMEDRIVER", "/usr/bin/chromedriver");
    let present = Path::new(&chromium).exists() && Path::new(&chromedriver).exists();
    match without_a_browser(present, std::env::var("CI").ok().as_deref()) {
        Browser::Run => {}
        Browser::Skip => {
            // Straight to the terminal, past the test harness's capture of a passing
            // test's output, so that the newcomer sees it.
            let _ = writeln!(
                std::io::stderr(),
                "skipped the browser test: no {chromium} or {chromedriver} (Debian's \
                 chromium and chromium-driver); under CI it is required"
            );
            return;
        }
        Browser::Required => panic!(
            "the browser test needs {chromium} and {chromedriver} under CI (CI is set): \
             install Debian's chromium and chromium-driver (`apt-get install chromium \
             chromium-driver`), or name them in TAPROOM_CHROMIUM and TAPROOM_CHROMEDRIVER"
        ),
    }
    // Pip and Sister Ysolde never cheat (honesty 10): every still after the start is a
    // move, then the result.
    let args = ["tides", "Pip", "Ysolde", "--seed", "5", "--best-of", "1"];
    let log: Value = serde_json::from_str(
        &Taproom::new()
            .arg("play")
            .args(args)
            .args(["--format", "json"])
            .ok()
            .stdout,
    )
    .unwrap();
    let game = &log["games"][0];
    assert!(game.get("asides").is_none(), "nothing but moves: {game}");
    let start = game["start"].as_str().unwrap().to_owned();
    let moves: Vec<String> = game["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["mv"].as_str().unwrap().to_owned())
        .collect();
    let winner = log["winner"].as_str().expect("a winner").to_owned();
    let page = Taproom::new()
        .arg("replay")
        .args(args)
        .args(["--format", "html"])
        .ok()
        .stdout;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("match.html");
    std::fs::write(&file, &page).unwrap();

    let driver = Driver::start(&chromedriver);
    let session = Session::new(&driver, &chromium);
    session.open(&format!("file://{}", file.display()));
    // The script inflates the stills, then marks the page live.
    let deadline = Instant::now() + Duration::from_secs(20);
    while session.run("return document.documentElement.classList.contains('live');") != true {
        assert!(Instant::now() < deadline, "the page's script never started");
        std::thread::sleep(Duration::from_millis(50));
    }

    // It renders: one board, its SVG in the DOM with its 36 squares' spots.
    let spots = session.run(
        "return document.querySelectorAll('#g1-board .picture svg circle[id^=\"g1-s\"]').length;",
    );
    assert_eq!(spots, 36);
    let text = session.run("return document.body.innerText;");
    let text = text.as_str().unwrap();
    assert!(text.contains(&format!("{winner}, best of 1")), "{text}");
    assert!(text.contains("The result"), "{text}");

    let scores: Vec<Vec<u64>> = game["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s["scores"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_u64().unwrap())
                .collect()
        })
        .collect();
    let words = |id: &str| {
        let v = session.run(&format!(
            "return document.getElementById('{id}').textContent;"
        ));
        v.as_str().unwrap().to_owned()
    };
    let board_after = |n: usize| {
        let expected = tides_fills(&position_after(&start, &moves, n));
        assert_eq!(session.fills(36), expected, "after {n} moves");
    };
    // A still after a move: its board, and the caption and the panel are the step's,
    // each seat's stones as the log counts them.
    let shown = |n: usize| {
        board_after(n);
        if n > 0 {
            let caption = words("g1-c0");
            let step = format!("Step {n} of {}.", moves.len());
            assert!(caption.starts_with(&step), "{caption}");
            for (seat, stones) in scores[n - 1].iter().enumerate() {
                let line = words(&format!("g1-p{seat}"));
                assert!(line.contains(&format!(": {stones} stone")), "{n}: {line}");
            }
        }
    };
    shown(0);
    assert_eq!(session.fills(36), tides_fills(&start));
    // The right arrow steps on a move at a time.
    for n in 1..=4 {
        session.press(RIGHT);
        shown(n);
    }
    let count = session.run("return document.querySelector('#g1-board output').textContent;");
    let stills = moves.len() + 2;
    assert_eq!(count, format!("5 / {stills}"));
    session.press(LEFT);
    shown(3);
    session.click("#g1-board button[data-go='on']");
    shown(4);
    for n in 5..=moves.len() {
        session.press(RIGHT);
        shown(n);
    }
    session.press(HOME);
    shown(0);
    // The end: the last position, the result as the caption.
    session.press(END);
    board_after(moves.len());
    let result = [words("g1-c0"), words("g1-c1")].join(" ");
    assert!(result.contains("wins"), "the result's caption: {result}");
    session.press(HOME);
    shown(0);

    // Printed, the board shows the game's end, and after it the start again; the print
    // stylesheet hides the controls.
    session.run("window.dispatchEvent(new Event('beforeprint')); return 0;");
    board_after(moves.len());
    session.run("window.dispatchEvent(new Event('afterprint')); return 0;");
    shown(0);
    session.devtools("Emulation.setEmulatedMedia", json!({"media": "print"}));
    let display = session
        .run("return getComputedStyle(document.querySelector('#g1-board .controls')).display;");
    assert_eq!(display, "none");
    session.devtools("Emulation.setEmulatedMedia", json!({"media": ""}));

    // On a phone's width, the board fits and nothing runs off the side.
    session.devtools(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": true}),
    );
    let fits = session.run(
        "var w = document.documentElement.clientWidth; \
         var svg = document.querySelector('#g1-board svg').getBoundingClientRect(); \
         return [w, document.documentElement.scrollWidth, svg.right];",
    );
    let [w, scroll, right] = [0, 1, 2].map(|i| fits[i].as_f64().unwrap());
    assert!(w <= 400.0, "the phone's width: {fits}");
    assert!(scroll <= w && right <= w, "wider than the phone: {fits}");
}
