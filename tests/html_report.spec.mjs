// Drive the HTML triage report in headless Chromium (playwright-core, Debian's
// chromium; no browser download). Run by tests/test_html_report.py:
//
//   node tests/html_report.spec.mjs PLAN.json
//
// PLAN.json: {report, downloadDir, userDataDir, chromium, findings: [{id, rule,
// path, score}], verdicts: [{id, verdict, why}], dirPrefix}
// The script checks what only a browser can (no script from the data runs,
// no network, filters, verdict buttons, export, persistence across a reload),
// prints one JSON line {ok, exported, suggested, log} on stdout, and exits 1
// with the reason on stderr at the first failed check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', 'package.json'));
const { chromium } = require('playwright-core');

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const log = [];

function check(cond, what) {
	if (!cond)
		throw new Error('check failed: ' + what);
	log.push('ok: ' + what);
}

async function visibleIds(page) {
	return page.$$eval('section.finding', (els) =>
		els.filter((e) => !e.hidden).map((e) => e.id.slice(2)));
}

function sameSet(a, b) {
	return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

async function setFilters(page, { rule = '', dir = '', score = '0', verdict = 'all' }) {
	await page.selectOption('#f-rule', rule);
	await page.fill('#f-dir', dir);
	await page.fill('#f-score', score);
	await page.selectOption('#f-verdict', verdict);
}

async function main() {
	const context = await chromium.launchPersistentContext(plan.userDataDir, {
		executablePath: plan.chromium,
		headless: true,
		acceptDownloads: true,
		downloadsPath: plan.downloadDir,
		timeout: 120000,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
			'--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
	const dialogs = [], network = [], errors = [], violations = [];
	// Anything but the page itself (file:) and its own export (blob:) is a leak.
	await context.route('**/*', (route) => {
		const url = route.request().url();
		if (url.startsWith('file:') || url.startsWith('blob:') || url.startsWith('data:'))
			return route.continue();
		network.push(url);
		return route.abort();
	});
	await context.addInitScript(() => {
		window.__violations = [];
		document.addEventListener('securitypolicyviolation', (e) =>
			window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
	});
	const page = context.pages()[0] || await context.newPage();
	page.setDefaultTimeout(60000);
	page.on('dialog', (d) => { dialogs.push(d.type() + ': ' + d.message()); d.dismiss().catch(() => {}); });
	page.on('pageerror', (e) => errors.push(String(e)));
	page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });

	const url = pathToFileURL(plan.report).href;
	await page.goto(url);
	await page.waitForSelector('body[data-ready="1"]', { state: 'attached' });

	// Nothing from the scanned tree became markup or ran.
	const all = plan.findings.map((f) => f.id);
	check(sameSet(await visibleIds(page), all), 'every finding shown at first, ' + all.length);
	check((await page.$$eval('img', (e) => e.length)) === 0, 'no <img> element from the data');
	check((await page.$$eval('script', (e) => e.length)) === 2, 'only the page\'s two <script> elements');
	check((await page.$$eval('[onerror],[onload],[onclick]', (e) => e.length)) === 0,
		'no event-handler attribute in the DOM');
	for (const f of plan.findings) {
		const loc = await page.textContent('#f-' + f.id + ' .loc');
		check(loc.startsWith(f.path + ':'), 'path shown as text: ' + f.path);
	}
	for (const s of plan.codeSnippets || []) {
		const found = await page.$$eval('pre.code', (els, t) => els.some((e) => e.textContent.includes(t)), s);
		check(found, 'code shown as text: ' + s);
	}
	check((await page.$$eval('.line.hit', (e) => e.length)) >= 1, 'the finding\'s line is marked');

	// Filters: by rule, by minimum score, by directory.
	const rules = [...new Set(plan.findings.map((f) => f.rule))];
	for (const r of rules) {
		await setFilters(page, { rule: r });
		check(sameSet(await visibleIds(page), plan.findings.filter((f) => f.rule === r).map((f) => f.id)),
			'rule filter ' + r);
	}
	for (const min of plan.scoreThresholds) {
		await setFilters(page, { score: String(min) });
		const want = plan.findings.filter((f) => f.score >= min).map((f) => f.id);
		check(sameSet(await visibleIds(page), want), 'score filter >= ' + min + ': ' + want.length);
		const shown = await page.textContent('#shown');
		check(shown === want.length + ' of ' + all.length + ' shown', 'counter says ' + shown);
	}
	if (plan.dirPrefix) {
		await setFilters(page, { dir: plan.dirPrefix });
		const want = plan.findings.filter((f) => f.path.startsWith(plan.dirPrefix)).map((f) => f.id);
		check(want.length > 0 && sameSet(await visibleIds(page), want), 'directory filter ' + plan.dirPrefix);
	}
	await setFilters(page, {});

	// Verdicts: a reason is required; then the badge and the verdict filter follow.
	const first = plan.verdicts[0];
	await page.click('#f-' + first.id + ' button[data-verdict="' + first.verdict + '"]');
	check((await page.textContent('#f-' + first.id + ' .err')).includes('why'), 'a verdict without a reason is refused');
	check((await page.textContent('#f-' + first.id + ' .verdict')) === 'none', 'no verdict recorded without a reason');
	for (const v of plan.verdicts) {
		await page.fill('#f-' + v.id + ' input.why', v.why);
		await page.click('#f-' + v.id + ' button[data-verdict="' + v.verdict + '"]');
		const badge = await page.textContent('#f-' + v.id + ' .verdict');
		check(badge.startsWith(v.verdict + ': ' + v.why.replace(/[\t\r\n]/g, ' ').trim()), 'verdict badge ' + v.id + ' ' + badge);
	}
	const marked = plan.verdicts.map((v) => v.id);
	for (const verdict of ['bug', 'intended', 'false-positive']) {
		await setFilters(page, { verdict });
		check(sameSet(await visibleIds(page), plan.verdicts.filter((v) => v.verdict === verdict).map((v) => v.id)),
			'verdict filter ' + verdict);
	}
	await setFilters(page, { verdict: 'none' });
	check(sameSet(await visibleIds(page), all.filter((id) => !marked.includes(id))), 'verdict filter none');
	await setFilters(page, {});

	// The verdicts survive a reload (kept in the browser's storage).
	await page.reload();
	await page.waitForSelector('body[data-ready="1"]', { state: 'attached' });
	for (const v of plan.verdicts)
		check((await page.textContent('#f-' + v.id + ' .verdict')).startsWith(v.verdict + ':'),
			'verdict kept across a reload ' + v.id);

	// Export: a download, not a navigation.
	const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
	const exported = path.join(plan.downloadDir, 'exported-triage.txt');
	await download.saveAs(exported);
	check((await page.textContent('#export-status')).startsWith(plan.verdicts.length + ' verdicts'),
		'export status counts the verdicts');

	const pageViolations = await page.evaluate(() => window.__violations);
	check(dialogs.length === 0, 'no dialog opened: ' + JSON.stringify(dialogs));
	check(network.length === 0, 'no network request: ' + JSON.stringify(network));
	check(pageViolations.length === 0, 'no Content-Security-Policy violation: ' + JSON.stringify(pageViolations));
	check(errors.length === 0, 'no script error: ' + JSON.stringify(errors));
	await context.close();
	process.stdout.write(JSON.stringify({ ok: true, exported, suggested: download.suggestedFilename(), log }) + '\n');
}

main().catch((e) => {
	process.stderr.write(log.join('\n') + '\n' + (e && e.stack ? e.stack : String(e)) + '\n');
	process.exit(1);
});
