/**
 * Figures and names on the user pages cannot drift from their sources again (issue 30's docs review):
 * every speed ratio (×N.NN) and throughput (N msg/s) a user page quotes by hand is one `npm run bench`
 * generated (docs/benchmarks.md or a generated block); no internal goal verdicts or issue numbers on a
 * user page; the ratio column in plain words; one name for the gateway's URL setting; and every editor
 * path a page names (SolSwitch > Report > Export Call Records, Message > Send SMS, Options > Output)
 * exists in the node descriptions the editor shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';
import { brokenReason, linksOf, repository } from '../../../scripts/readme/links';
import { FIRST_STEP_MS } from '../../../nodes/SolSwitchTrigger/calls/callRecords';
import { MAX_RECORDING_BYTES } from '../../../nodes/shared/recordings';

const ROOT = path.join(__dirname, '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The pages one section of docs/index.md lists (up to the next section). */
export function listedPages(index: string, heading: string): string[] {
	const start = index.indexOf(heading);
	if (start < 0) return [];
	const next = index.indexOf('\n## ', start + heading.length);
	const section = index.slice(start, next < 0 ? undefined : next);
	return linksOf(section, 'docs/index.md')
		.map((l) => path.posix.normalize(path.posix.join('docs', l.target.split('#')[0])))
		.filter((file) => file.endsWith('.md'));
}

/** The pages docs/index.md lists "For users", with the README, the examples' page and the changelog. */
export function userPages(index: string): string[] {
	return [...new Set(['README.md', 'examples/README.md', 'CHANGELOG.md', ...listedPages(index, '## For users')])];
}

const GENERATED_BLOCK = /<!-- generated:([^ ]+):start -->[\s\S]*?<!-- generated:\1:end -->/g;

/** A page without its generated blocks: what was written by hand. */
export const handWritten = (text: string) => text.replace(GENERATED_BLOCK, '');

/** Speed ratios and throughputs as a page writes them ("×6.92", "264.0 msg/s"); ×1 alone is the parity mark. */
export function quotedFigures(text: string): string[] {
	const ratios = (text.match(/×\d+(?:\.\d+)?/g) ?? []).filter((r) => r !== '×1');
	const rates = (text.match(/\d[\d,]*(?:\.\d+)? msg\/s/g) ?? []);
	return [...ratios, ...rates];
}

/**
 * Times, sizes and memory as a page writes them ("462 ms", "22.9 s", "+85 MB", "1,077 MB", "5 min 50 s"):
 * what a measurement gives. Whole seconds ("15 s", "60 seconds") are settings and are not read.
 */
export function measuredFigures(text: string): string[] {
	return text.match(/\+?\d[\d,]*(?:\.\d+)? ?(?:ms|µs|KB|kB|MB|MiB|GB)\b|\d+\.\d+ ?s\b|\d+ min \d+ s\b/g) ?? [];
}

/**
 * Times and sizes a user page may quote by hand because they are settings or limits, not
 * measurements, each checked against its source where this package holds it.
 */
export const SETTINGS_FIGURES: Record<string, { source: string; holds: () => boolean }> = {
	'64 KB': {
		source: "the triggers' Maximum Body Size (KB) default",
		holds: () =>
			Object.values(allNodeTypes).some((t) =>
				t.description.properties.some((p) => ((p.options ?? []) as INodeProperties[]).some((o) => o.name === 'maxBodyKb' && o.default === 64)),
			),
	},
	'0.25 s': { source: "the call events' first wait for a call record (FIRST_STEP_MS)", holds: () => FIRST_STEP_MS === 250 },
	'0.5 s': { source: "the call events' second wait for a call record (FIRST_STEP_MS doubled)", holds: () => FIRST_STEP_MS * 2 === 500 },
	'32 MB': { source: "New Recording's download cap (MAX_RECORDING_BYTES)", holds: () => MAX_RECORDING_BYTES === 32 * 1024 * 1024 },
	'512 MiB': { source: "n8n's N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE default (n8n-core binary-data.config.js)", holds: () => true },
};

/** Lines a user page must not carry: the project's own goal verdicts and issue numbers. */
export function internalLines(text: string): string[] {
	return text.split('\n').filter((line) => /\bissue\s*#?\d+|\bthe issue's\b|\bgoals?\b.*\b(met|missed)\b|Times better/i.test(line));
}

const users = userPages(read('docs/index.md'));
/** The measurement pages, listed apart: their hand-written ratios and names are checked as the users' are. */
const pages = [...users, ...listedPages(read('docs/index.md'), '## Measurements')];
const generatedFigures = [read('docs/benchmarks.md'), ...pages.flatMap((p) => read(p).match(GENERATED_BLOCK) ?? [])].join('\n');

describe('which pages the checks read', () => {
	it('the user pages of docs/index.md, the README, the examples and the changelog, then the measurement pages; generated pages count as sources', () => {
		expect(users).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'docs/queue-mode.md', 'docs/send-and-wait.md', 'docs/nodes/solswitch.md']));
		expect(users).not.toContain('docs/performance.md');
		expect(pages).toEqual(expect.arrayContaining([...users, 'docs/performance.md', 'docs/tuning.md']));
		expect(pages).not.toContain('docs/development.md');
		expect(pages).not.toContain('docs/bench-goals.md');
	});

	it('finds figures, goal verdicts and issue numbers, and leaves the parity mark alone', () => {
		expect(quotedFigures('legacy HELP ×1.67 here, ×6.92 there, near ×1, 82.5 msg/s and 1,234.5 msg/s')).toEqual(['×1.67', '×6.92', '82.5 msg/s', '1,234.5 msg/s']);
		expect(internalLines('a\n## Goals (issue 13)\n- Bulk: ×1.2 (goal ≥ ×1.5): missed.\nthe issue\'s "≤ 0.5×"\n| Times better |\nfine')).toHaveLength(4);
		expect(handWritten('a <!-- generated:x:y:start -->\n×9.99\n<!-- generated:x:y:end --> b')).toBe('a  b');
		expect(measuredFigures('Missed Call 462 ms, 22.9 s (+85 MB), 1,077 MB, 2.9 GB, 5 min 50 s; Ring Timeout 25 s, 60 seconds')).toEqual([
			'462 ms',
			'22.9 s',
			'+85 MB',
			'1,077 MB',
			'2.9 GB',
			'5 min 50 s',
		]);
	});
});

describe('figures on user pages', () => {
	it.each(pages)('%s: every ratio and msg/s written by hand is one the benchmark generated', (file) => {
		const missing = quotedFigures(handWritten(read(file))).filter((figure) => !generatedFigures.includes(figure));
		expect(missing).toEqual([]);
	});

	it.each(users)('%s: every time, size and memory figure written by hand is one the benchmark generated, or a setting', (file) => {
		const missing = measuredFigures(handWritten(read(file))).filter((figure) => !generatedFigures.includes(figure) && !(figure in SETTINGS_FIGURES));
		expect(missing).toEqual([]);
	});

	it('the settings quoted as figures hold in the code', () => {
		for (const [figure, setting] of Object.entries(SETTINGS_FIGURES)) expect([figure, setting.source, setting.holds()]).toEqual([figure, setting.source, true]);
	});

	it.each([...pages, 'docs/benchmarks.md'])('%s: no goal verdicts, issue numbers or "Times better"', (file) => {
		expect(internalLines(read(file))).toEqual([]);
	});

	it('the goals live on the maintainers\' page, generated beside the figures', () => {
		expect(read('docs/bench-goals.md')).toMatch(/^# Benchmark goals \(for maintainers\)/);
		expect(read('docs/index.md').split('## For maintainers')[1]).toContain('(bench-goals.md)');
	});
});

describe('names on user pages', () => {
	const nodes = Object.values(allNodeTypes).map((t) => t.description);
	const props = (properties: INodeProperties[]): INodeProperties[] =>
		properties.flatMap((p) => [p, ...(p.type === 'collection' || p.type === 'fixedCollection' ? props(((p.options ?? []) as INodeProperties[]).flatMap((o) => ('values' in o ? (o.values as INodeProperties[]) : [o]))) : [])]);
	const optionNames = (p: INodeProperties) => ((p.options ?? []) as INodePropertyOptions[]).map((o) => o.name);
	/** Resource name -> what may follow it: its operations' names, and every field name of its node. */
	const afterResource = new Map<string, Set<string>>();
	const resourcesOfNode = new Map<string, Set<string>>();
	for (const node of nodes) {
		const fields = props(node.properties).map((p) => p.displayName);
		for (const resource of node.properties.filter((p) => p.name === 'resource').flatMap((p) => p.options as INodePropertyOptions[])) {
			const operations = node.properties
				.filter((p) => p.name === 'operation' && (p.displayOptions?.show?.resource ?? []).includes(resource.value))
				.flatMap(optionNames);
			const known = afterResource.get(resource.name) ?? new Set<string>();
			for (const name of [...operations, ...fields]) known.add(name);
			afterResource.set(resource.name, known);
			resourcesOfNode.set(node.displayName, new Set([...(resourcesOfNode.get(node.displayName) ?? []), resource.name]));
		}
	}
	const collectionChildren = new Set(
		nodes.flatMap((n) => n.properties.filter((p) => p.type === 'collection').flatMap((p) => (p.options as INodeProperties[]).map((o) => o.displayName))),
	);
	/** Whether `rest` starts with one of the names, whole: "Lookups" is not "Lookup". */
	const startsWithOne = (rest: string, names: Iterable<string>) => [...names].some((name) => rest.startsWith(name) && !/^[\w]/.test(rest.slice(name.length)));

	/** "Node > Resource", "Resource > Operation or field", "Options > Option": the ones the editor lacks. */
	function unknownPaths(text: string): string[] {
		const plain = text.replace(/\*\*|`/g, '').replace(/\*([^*]+)\*/g, '$1').replace(/\n(?!\n)\s*/g, ' ');
		const found: string[] = [];
		const nodeNames = [...resourcesOfNode.keys()].sort((a, b) => b.length - a.length);
		for (const m of plain.matchAll(/(SolSwitch(?: [A-Z][a-z]+)*) > ([^\n]{0,60})/g)) {
			const node = nodeNames.find((n) => m[1] === n);
			if (node && !startsWithOne(m[2], resourcesOfNode.get(node)!)) found.push(m[0]);
		}
		for (const [resource, known] of afterResource) {
			const at = new RegExp(`(?<![\\w>] ?)${resource.replace(/[()]/g, '\\$&')} > ([^\\n]{0,60})`, 'g');
			for (const m of plain.matchAll(at)) if (!startsWithOne(m[1], known)) found.push(m[0]);
		}
		for (const m of plain.matchAll(/\b(?:Options|Additional Fields) > ([^\n]{0,60})/g)) {
			if (!startsWithOne(m[1], collectionChildren)) found.push(m[0]);
		}
		return found;
	}

	it('finds a path the editor does not have', () => {
		expect(unknownPaths('SolSwitch > CDR > Export writes it')).toEqual(['SolSwitch > CDR > Export writes it']);
		expect(unknownPaths('Options > Frobnicate')).toEqual(['Options > Frobnicate']);
		expect(unknownPaths('SolSwitch Admin > Lookups > Check Time Rule')).toEqual(['SolSwitch Admin > Lookups > Check Time Rule']);
		expect(unknownPaths('Options > Outputs')).toEqual(['Options > Outputs']);
		expect(unknownPaths('SolSwitch Admin > Lookup > Check Time Rule')).toEqual([]);
		expect(unknownPaths('SolSwitch > Report > Export Call Records, Options > Output > CSV File, Message > Send and Wait for Response')).toEqual([]);
	});

	it.each(pages)('%s: every editor path it names exists in the node descriptions', (file) => {
		expect(unknownPaths(handWritten(read(file)))).toEqual([]);
	});

	it.each(pages)('%s: the gateway\'s URL setting has one name, the incoming message URL', (file) => {
		const text = file === 'docs/glossary.md' ? read(file).replace(/^\| \*\*Incoming message URL\*\*.*$/m, '') : read(file);
		expect(text.match(/provider URL|MO URL/g) ?? []).toEqual([]);
	});

	it('the README names no interface function where the editor says otherwise (Export Call Records, not CDR Export)', () => {
		expect(read('README.md')).not.toMatch(/CDR Export/);
		expect(read('examples/README.md')).not.toMatch(/CDR Export/);
	});
});

describe('the Send and Wait recipe', () => {
	it('is linked from the README (on npm: by absolute URL) and from the node\'s Messaging Trigger URL field, and the links land', () => {
		const repo = repository(ROOT);
		const recipe = 'https://github.com/solswitch/n8n-nodes-solswitch/blob/main/docs/send-and-wait.md#set-it-up-step-by-step';
		expect(read('README.md')).toContain(recipe);
		const field = allNodeTypes.solSwitchMessaging.description.properties.find((p) => p.name === 'triggerUrl')!;
		expect(field.description).toContain(`<a href="${recipe}" target="_blank">`);
		expect(brokenReason(repo, { from: 'nodes/SolSwitchMessaging/sendAndWait/properties.ts', target: recipe })).toBeUndefined();
	});

	it('numbers its steps and covers what a real approval needs', () => {
		const page = read('docs/send-and-wait.md');
		const recipe = page.slice(page.indexOf('## Set it up, step by step'), page.indexOf('## The node\'s fields'));
		expect(recipe.match(/^ ?\d+\. \*\*/gm)).toHaveLength(10);
		for (const topic of ['WEBHOOK_URL', 'Inbound Key', 'published', 'incoming message URL', 'Messaging Trigger URL', 'Limit Wait Time', 'late reply', '10 waits per number and code', '4-digit pin']) {
			expect(recipe).toContain(topic);
		}
	});

	it('the Approve by SMS example carries sticky notes, as every example does', () => {
		for (const file of fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.endsWith('.json'))) {
			const workflow = JSON.parse(read(`examples/${file}`)) as { nodes: Array<{ type: string; parameters: { content?: string } }> };
			const notes = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote');
			expect([file, notes.length > 0]).toEqual([file, true]);
		}
	});
});

describe('the README on npm', () => {
	it('shows one picture by an absolute raw URL of a file in docs/images, and says what npm test needs and how long it takes', () => {
		const readme = read('README.md');
		const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]);
		expect(images).toEqual([expect.stringMatching(/^https:\/\/raw\.githubusercontent\.com\/solswitch\/n8n-nodes-solswitch\/main\/docs\/images\/[\w-]+\.png$/)]);
		expect(brokenReason(repository(ROOT), { from: 'README.md', target: images[0] })).toBeUndefined();
		expect(readme).toMatch(/`npm test`[\s\S]*PostgreSQL, Redis, HAProxy and Chromium[\s\S]*about 40 minutes on 2 cores/);
	});
});
