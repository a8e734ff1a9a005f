// What a user sees in n8n's node panel before opening a node: its icon (light and dark theme) and
// the codex (*.node.json: category, subcategory, the aliases the panel's search matches).
import fs from 'node:fs';
import path from 'node:path';
import type { INodeType } from 'n8n-workflow';

const root = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
	name: string;
	n8n: { nodes: string[] };
};

/** Each node of package.json's n8n.nodes, from its source next to its codex file. */
const nodes = pkg.n8n.nodes.map((built) => {
	const source = built.replace(/^dist\//, '').replace(/\.js$/, '');
	const module = require(path.join(root, source)) as Record<string, new () => INodeType>;
	const [type] = Object.values(module);
	const description = new type().description;
	const codex = JSON.parse(fs.readFileSync(path.join(root, `${source}.json`), 'utf8')) as {
		node: string;
		categories: string[];
		subcategories?: Record<string, string[]>;
		alias?: string[];
	};
	return { dir: path.join(root, path.dirname(source)), description, codex };
});

const iconFile = (dir: string, icon: string) => path.resolve(dir, icon.replace(/^file:/, ''));

describe('icons', () => {
	it.each(nodes.map((n) => [n.description.displayName, n]))('%s has a light and a dark SVG that exist and differ', (_, node) => {
		const icon = node.description.icon as { light: string; dark: string };
		const light = fs.readFileSync(iconFile(node.dir, icon.light), 'utf8');
		const dark = fs.readFileSync(iconFile(node.dir, icon.dark), 'utf8');
		for (const svg of [light, dark]) expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 60 60">[\s\S]*<\/svg>\s*$/);
		expect(light).not.toBe(dark);
	});

	it('tells the five nodes apart: no two nodes share an icon', () => {
		for (const theme of ['light', 'dark'] as const) {
			const contents = nodes.map((n) => fs.readFileSync(iconFile(n.dir, (n.description.icon as Record<string, string>)[theme]), 'utf8'));
			expect(new Set(contents).size).toBe(nodes.length);
		}
	});
});

/** Whether a node has n8n's send-and-wait operation (an `operation` option valued sendAndWait). */
function hasSendAndWait(description: INodeType['description']): boolean {
	return description.properties.some((p) => p.name === 'operation' && (p.options ?? []).some((o) => 'value' in o && o.value === 'sendAndWait'));
}

describe('codex', () => {
	it("puts SolSwitch Messaging in the node panel's Human in the Loop section, Send and Wait under its default resource", () => {
		const messaging = nodes.find((n) => n.description.name === 'solSwitchMessaging')!;
		expect(hasSendAndWait(messaging.description)).toBe(true);
		expect(messaging.codex.subcategories?.HITL).toEqual(['Human in the Loop']);
		// The panel's action is picked by operation value only: it must be an operation of the default resource.
		const resource = messaging.description.properties.find((p) => p.name === 'resource')!;
		const operation = messaging.description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.default as string))!;
		expect((operation.options ?? []).map((o) => ('value' in o ? o.value : undefined))).toContain('sendAndWait');
		// n8n checks the resume URL's signature on the stored operation value: it must not be the default.
		expect(operation.default).not.toBe('sendAndWait');
		expect(nodes.filter((n) => hasSendAndWait(n.description)).map((n) => n.description.name)).toEqual(['solSwitch', 'solSwitchMessaging']);
	});

	it.each(nodes.map((n) => [n.description.displayName, n]))('%s: its codex names it, with a subcategory and aliases', (_, node) => {
		expect(node.codex.node).toBe(`${pkg.name}.${node.description.name}`);
		// n8n files send-and-wait nodes under Human in the Loop (codex category HITL), no others.
		expect(node.codex.categories).toEqual(hasSendAndWait(node.description) ? ['Communication', 'HITL'] : ['Communication']);
		expect(Object.keys(node.codex.subcategories ?? {})).toEqual(node.codex.categories);
		expect(Object.values(node.codex.subcategories ?? {}).flat().length).toBeGreaterThan(0);
		expect(node.codex.alias?.length).toBeGreaterThan(5);
	});

	// The words a user types in the node panel (issue 12) and the nodes they should find.
	it.each([
		['SMS', ['SolSwitch Messaging', 'SolSwitch Messaging Trigger']],
		['text', ['SolSwitch Messaging', 'SolSwitch Messaging Trigger']],
		['call', ['SolSwitch', 'SolSwitch Trigger']],
		['fax', ['SolSwitch']],
		['PBX', ['SolSwitch', 'SolSwitch Admin', 'SolSwitch Trigger']],
		['VoIP', ['SolSwitch', 'SolSwitch Admin', 'SolSwitch Trigger']],
		['phone', ['SolSwitch', 'SolSwitch Messaging', 'SolSwitch Trigger']],
	])('typing "%s" finds %j by alias', (word, expected) => {
		const found = nodes.filter((n) => n.codex.alias?.some((a) => a.toLowerCase() === word.toLowerCase())).map((n) => n.description.displayName);
		expect(found.sort()).toEqual([...expected].sort());
	});
});
