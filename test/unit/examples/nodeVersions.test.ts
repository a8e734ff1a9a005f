// The examples as a new user imports them (issue 36): every node of this package at the version a new
// node gets, read from the node classes (their defaultVersion, else their newest version); the
// Messaging Triggers (1.2 on) with the INFO, HELP and AIDE texts left to the user, which the sandbox's
// import fills with demo texts (scripts/start/demoTexts.ts); sticky notes as n8n's template rules ask
// (one overview note with "How it works" and "Setup").
import path from 'node:path';
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { OWN_TEXTS_VERSION } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceAnswers';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { exampleFiles, exampleSlug, readExample } from '../../../scripts/start/examples';
import { fillDemoTexts, OWN_TEXTS_VERSION as DEMO_TEXTS_FROM, SANDBOX_DEMO_TEXTS } from '../../../scripts/start/demoTexts';

const ROOT = path.join(__dirname, '../../..');
const PREFIX = 'n8n-nodes-solswitch.';

/** Node name (e.g. solSwitchMessaging) -> the version a new node gets, from the classes package.json declares. */
function newestVersions(): Record<string, number> {
	const versions: Record<string, number> = {};
	for (const built of (require(path.join(ROOT, 'package.json')) as { n8n: { nodes: string[] } }).n8n.nodes) {
		const source = path.join(ROOT, built.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
		const NodeClass = Object.values(require(source) as Record<string, new () => INodeType>)[0];
		const description = new NodeClass().description as INodeTypeDescription;
		const all = Array.isArray(description.version) ? description.version : [description.version];
		versions[description.name] = description.defaultVersion ?? Math.max(...all);
	}
	return versions;
}

type Node = { name: string; type: string; typeVersion: number; parameters: Record<string, unknown> };
const examples = exampleFiles().map((file) => ({ slug: exampleSlug(file), workflow: readExample(file) as unknown as { nodes: Node[] } }));

test('the node classes give a version for each of the five nodes', () => {
	expect(newestVersions()).toEqual({ solSwitch: 2, solSwitchAdmin: 3, solSwitchTrigger: 2, solSwitchMessaging: 2, solSwitchMessagingTrigger: 1.2 });
});

test.each(examples.map((e) => [e.slug, e.workflow] as const))('%s: every node of the package is at the version a new node gets', (_slug, workflow) => {
	const newest = newestVersions();
	const own = workflow.nodes.filter((n) => n.type.startsWith(PREFIX));
	expect(own.length).toBeGreaterThan(0);
	// n8n's AI tool variants (solSwitchTool, solSwitchMessagingTool, solSwitchMessagingHitlTool) carry their node's versions.
	const stale = own
		.map((n) => ({ node: n.name, type: n.type, at: n.typeVersion, newest: newest[n.type.slice(PREFIX.length).replace(/(Hitl)?Tool$/, '')] }))
		.filter((n) => n.at !== n.newest);
	expect(stale).toEqual([]);
});

test.each(examples.map((e) => [e.slug, e.workflow] as const))('%s: one overview note with How it works and Setup', (_slug, workflow) => {
	const notes = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote').map((n) => String(n.parameters.content));
	const overviews = notes.filter((text) => /^## .+\n### How it works\n1\. /m.test(text) && /\n### Setup\n/.test(text));
	expect(overviews).toHaveLength(1);
});

const triggers = examples.flatMap((e) => e.workflow.nodes.filter((n) => n.type === `${PREFIX}solSwitchMessagingTrigger`).map((n) => [e.slug, n] as const));

test('three examples carry a Messaging Trigger', () => {
	expect(triggers.map(([slug]) => slug).sort()).toEqual(['ai-sms-assistant', 'sms-auto-reply', 'sms-side-effect-once']);
});

test.each(triggers)('%s: the Messaging Trigger leaves INFO, HELP and AIDE to the user, and no text names the example contact', (_slug, node) => {
	expect(node.typeVersion).toBeGreaterThanOrEqual(OWN_TEXTS_VERSION);
	expect(node.parameters).toMatchObject({ compliance: true, infoText: '', helpText: '', aideText: '' });
	expect(JSON.stringify(node)).not.toMatch(/support@example\.com|1-800-555-0100/);
});

describe('the sandbox demo texts (scripts/start/demoTexts.ts)', () => {
	const trigger = (typeVersion: number, parameters: Record<string, unknown>) => ({
		name: 't',
		nodes: [{ name: 'SMS In', type: `${PREFIX}solSwitchMessagingTrigger`, typeVersion, parameters }],
		connections: {},
	});

	test('start at the version the trigger starts asking for them', () => {
		expect(DEMO_TEXTS_FROM).toBe(OWN_TEXTS_VERSION);
	});

	test('fill the empty texts of a 1.2 trigger, keep a text already written, and leave a 1.1 trigger alone', () => {
		const workflow = trigger(1.2, { infoText: '', helpText: 'Acme: 514-555-0100.' });
		fillDemoTexts(workflow);
		expect(workflow.nodes[0].parameters).toEqual({ infoText: SANDBOX_DEMO_TEXTS.infoText, helpText: 'Acme: 514-555-0100.', aideText: SANDBOX_DEMO_TEXTS.aideText });
		const old = trigger(1.1, {});
		fillDemoTexts(old);
		expect(old.nodes[0].parameters).toEqual({});
	});

	test('say they are the sandbox\'s, name no contact, and fit one SMS (1 to 136 characters, plain ASCII)', () => {
		for (const text of Object.values(SANDBOX_DEMO_TEXTS)) {
			expect(text).toMatch(/sandbox|bac a sable/);
			expect(text).not.toMatch(/@|\d{3}-\d{4}|example/);
			expect(text.length).toBeLessThanOrEqual(136);
			expect(text).toMatch(/^[\x20-\x7e]+$/);
			expect(Object.values(DEFAULT_COMPLIANCE_TEXTS)).not.toContain(text);
		}
	});
});
