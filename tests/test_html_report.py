"""The HTML triage report in a real browser (headless Chromium, playwright-core).

A temporary tree whose file names and code contain markup is scanned with
loop-le-count; `lockers report --html` writes the page; tests/html_report.spec.mjs
opens it, checks that nothing from the data ran or reached the network,
filters, sets verdicts and exports; this file checks the exported triage file
line by line against docs/triage.md and feeds it to `lockers triage import`.
"""
import json
import pathlib
import re
import shutil
import subprocess

import pytest

from conftest import NPM_TEST_PACKAGES, ROOT, run_lockers, scan, cases_of

SPEC = ROOT / "tests" / "html_report.spec.mjs"
CHROMIUM = pathlib.Path("/usr/bin/chromium")
PLAYWRIGHT = ROOT / "node_modules" / "playwright-core" / "package.json"
CASES = cases_of("loop-le-count")
VERDICTS = ("bug", "intended", "false-positive")

# File names with markup (the second one nests directories to put "</script>"
# in a path), with the testcases' code, plus markup in the code itself.
MARKUP_NAMES = {
    "<img src=x onerror=alert(1)>.c": "array-declared-count-overrun.c",
    "x</script><script>alert(2)</script>.c": "radeon-packet-count-minus-one.c",
    "drivers/a&b \"q\" 'x'\u2028.c": "array-used-at-bound.c",
}
CODE_MARKUP = "/* <script>alert(3)</script> <img src=x onerror=alert(4)> &amp; </pre> */"


def lockers_has(command):
    """True if ./lockers knows the subcommand."""
    proc = run_lockers([command, "--help"])
    return "unknown command" not in proc.stderr


def ensure_chromium():
    if CHROMIUM.exists():
        return
    proc = subprocess.run(["apt-get", "install", "-y", "chromium"], capture_output=True, text=True)
    if proc.returncode or not CHROMIUM.exists():
        pytest.fail("chromium is missing and apt-get install -y chromium failed:\n" + proc.stderr[-2000:])


def ensure_playwright():
    if not shutil.which("node"):
        pytest.fail("node is missing: apt-get install -y nodejs npm (the browser test runs on node)")
    if PLAYWRIGHT.exists():
        return
    if not shutil.which("npm"):
        pytest.fail("npm is missing: apt-get install -y npm (needed to install playwright-core)")
    proc = subprocess.run(["npm", "install", "--prefix", str(ROOT), "--no-save", "--no-audit", "--no-fund", *NPM_TEST_PACKAGES],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    if proc.returncode or not PLAYWRIGHT.exists():
        pytest.fail("npm install --no-save playwright-core failed:\n" + proc.stderr[-2000:])


def markup_tree(tmp_path):
    tree = tmp_path / "tree"
    for name, case in MARKUP_NAMES.items():
        dest = tree / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        text = (CASES / case).read_text()
        # Markup on the line before the first loop, inside the shown context.
        dest.write_text(text.replace("\tfor (", "\t" + CODE_MARKUP + "\n\tfor (", 1))
    return tree


def build_report(outdir, html):
    """lockers report --html FILE -o OUTDIR (reads OUTDIR/lockers.json)."""
    run_lockers(["report", "--html", html, "-o", outdir], check_rc=0)


def check_triage_format(text, findings, verdicts):
    """docs/triage.md: a # comment first, then seven tab-separated fields a line, sorted by id."""
    assert text.endswith("\n"), "the export ends with a newline"
    lines = text[:-1].split("\n")
    assert lines[0].startswith("#"), "the export starts with a # comment line"
    body = [l for l in lines if not l.startswith("#")]
    assert all(l.strip() for l in body), "no blank lines"
    by_id = {f["id"]: f for f in findings}
    ids = []
    for l in body:
        fields = l.split("\t")
        assert len(fields) == 7, "seven tab-separated fields: %r" % l
        fid, verdict, rule, path, function, key, why = fields
        assert re.fullmatch(r"[0-9a-f]{12}", fid), l
        assert verdict in VERDICTS, l
        assert "\r" not in l
        f = by_id[fid]
        assert (rule, path, function, key) == (f["rule"], f["path"], f["function"], f["key"]), l
        assert why == verdicts[fid][1]
        assert verdict == verdicts[fid][0]
        ids.append(fid)
    assert ids == sorted(ids), "lines sorted by id"
    assert set(ids) == set(verdicts), "one line per verdict set"


@pytest.fixture(scope="module")
def exported(tmp_path_factory, lockers_built):
    """Scan the markup tree, write the report, drive it in Chromium; the exported file."""
    if not lockers_has("report"):
        pytest.skip("lockers report not built yet")
    ensure_chromium()
    ensure_playwright()
    tmp_path = tmp_path_factory.mktemp("html")
    tree = markup_tree(tmp_path)
    out = tmp_path / "out"
    _, report = scan(tree, out, rules=["loop-le-count"])
    findings = report["findings"]
    paths = {f["path"] for f in findings}
    assert set(MARKUP_NAMES) <= paths, "every markup-named file has a finding: %s" % sorted(paths)

    html = tmp_path / "report.html"
    build_report(out, html)
    page = html.read_text()
    for name in MARKUP_NAMES:
        assert name not in page, "file name not escaped: %r" % name
    assert "<script>alert" not in page and "<img" not in page, "markup from the tree left raw"
    assert "\u2028" not in page.split('id="lockers-data">', 1)[1], "U+2028 raw in the data block"
    assert not re.search(r"(src|href)=\"?(https?:)?//", page), "no external URL"

    # Two verdicts, chosen so that the export must reorder them (sorted by
    # id), with reasons holding markup, a tab and spaces to trim.
    ranked = sorted(findings, key=lambda f: f["id"], reverse=True)
    chosen = [ranked[0], ranked[-1]]
    verdicts = {chosen[0]["id"]: ("bug", "writes one past slots[] <end>"),
                chosen[1]["id"]: ("intended", "count holds count-1 & the\tloop is right ")}
    scores = sorted({f["score"] for f in findings})
    plan = {
        "report": str(html),
        "downloadDir": str(tmp_path / "downloads"),
        "userDataDir": str(tmp_path / "chromium-profile"),
        "chromium": str(CHROMIUM),
        "findings": [{"id": f["id"], "rule": f["rule"], "path": f["path"], "score": f["score"]}
                     for f in findings],
        "verdicts": [{"id": k, "verdict": v, "why": w} for k, (v, w) in verdicts.items()],
        "scoreThresholds": [0, scores[len(scores) // 2], scores[-1], 101],
        "dirPrefix": "drivers/",
        "codeSnippets": [CODE_MARKUP],
    }
    (tmp_path / "downloads").mkdir()
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(json.dumps(plan))
    proc = subprocess.run(["node", str(SPEC), str(plan_file)], capture_output=True, text=True,
                          timeout=600, cwd=ROOT)
    assert proc.returncode == 0, "browser checks failed:\n" + proc.stderr[-6000:]
    # split("\n"), not splitlines(): a path may hold U+2028.
    result = json.loads(proc.stdout.strip().split("\n")[-1])
    return {
        "tmp": tmp_path,
        "tree": tree,
        "findings": findings,
        "suggested": result["suggested"],
        "file": pathlib.Path(result["exported"]),
        # The page turns tabs into spaces and trims the reason.
        "verdicts": {k: (v, w.replace("\t", " ").strip()) for k, (v, w) in verdicts.items()},
    }


def test_html_report_exports_triage_file(exported):
    assert exported["suggested"] == "lockers-triage.txt"
    text = exported["file"].read_text(encoding="utf-8")
    check_triage_format(text, exported["findings"], exported["verdicts"])


def test_exported_triage_file_imports(exported):
    if not lockers_has("triage"):
        pytest.skip("lockers triage not built yet (the export's format is checked above)")
    tree, text = exported["tree"], exported["file"].read_text(encoding="utf-8")
    triage = tree / "lockers-triage.txt"
    run_lockers(["triage", "import", "--triage", triage, exported["file"]], check_rc=0)
    kept = [l for l in triage.read_text().split("\n") if l and not l.startswith("#")]
    want = [l for l in text.split("\n") if l and not l.startswith("#")]
    assert kept == want, "the imported triage file holds the exported verdicts"
    _, again = scan(tree, exported["tmp"] / "out2", rules=["loop-le-count"],
                    extra=["--all", "--triage", triage])
    got = {f["id"]: (f.get("verdict"), f.get("verdict_why"))
           for f in again["findings"] if f.get("verdict")}
    assert got == exported["verdicts"], "the next scan attaches the imported verdicts"
