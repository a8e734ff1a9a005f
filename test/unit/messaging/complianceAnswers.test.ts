/**
 * The compliance answers are the operator's own (issue 26): from node version 1.2 INFO, HELP and AIDE
 * are required fields with no default, and publication refuses an empty text, the example contact, or
 * a text the gateway refuses, naming the field; saved workflows (1 and 1.1) are never refused, warn
 * once (a log line, an editor hint), and answer with the built-in text where theirs breaks the rule.
 */
import { NodeHelpers, Workflow, type IDataObject, type INode, type INodeParameters } from 'n8n-workflow';
import {
	complianceTextOf,
	complianceTextProblems,
	complianceTextWarning,
	exampleContactHint,
	type ComplianceSettings,
} from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceAnswers';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_IN_ONLY, DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { packageNodeTypes } from '../../../scripts/n8n-engine/n8nCore';
import { allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';

const OWN = {
	infoText: 'Acme Pizza order alerts, by Acme Inc. Reply HELP for help, STOP to opt out.',
	helpText: 'Acme Pizza: help@acme.ca or 514-555-0100. Reply STOP to opt out.',
	aideText: 'Acme Pizza : aide@acme.ca ou 514-555-0100. Repondez ARRET pour arreter.',
};

function settings(version: number, top: Record<string, unknown> = {}, options: IDataObject = {}): ComplianceSettings {
	return { version, read: (name) => (name in top ? top[name] : name === 'compliance' ? true : ''), options };
}

describe('version 1.2: publication', () => {
	it('refuses the texts left empty, naming each field', () => {
		expect(complianceTextProblems(settings(1.2))).toEqual([
			'INFO Reply is empty: write your own answer (your service and how to reach you)',
			'HELP Reply (English) is empty: write your own answer (your service and how to reach you)',
			'AIDE Reply (French) is empty: write your own answer (your service and how to reach you)',
		]);
	});

	it('refuses the example contact, whichever piece of it is left, in any case', () => {
		expect(complianceTextProblems(settings(1.2, { ...OWN, helpText: DEFAULT_COMPLIANCE_TEXTS.helpText }))).toEqual([
			'HELP Reply (English) still names the example contact "support@example.com": write your own',
		]);
		expect(complianceTextProblems(settings(1.2, { ...OWN, aideText: 'Aide: appelez le 1-800-555-0100' }))).toEqual([
			'AIDE Reply (French) still names the example contact "1-800-555-0100": write your own',
		]);
		expect(complianceTextProblems(settings(1.2, { ...OWN, infoText: DEFAULT_COMPLIANCE_TEXTS.infoText.toUpperCase() }))).toEqual([
			'INFO Reply still names the example contact "SolSwitch SMS alerts": write your own',
		]);
	});

	it('refuses a text the gateway would refuse (STOP over 136 characters: review D4), naming the field', () => {
		expect(complianceTextProblems(settings(1.2, OWN, { stopText: 's'.repeat(140) }))).toEqual(['STOP Reply (English) must be 1 to 136 characters (it has 140)']);
		expect(complianceTextProblems(settings(1.2, { ...OWN, helpText: 'h'.repeat(137) }))).toEqual(['HELP Reply (English) must be 1 to 136 characters (it has 137)']);
	});

	it("takes the operator's own texts, with STOP and ARRET built in or set", () => {
		expect(complianceTextProblems(settings(1.2, OWN))).toEqual([]);
		expect(complianceTextProblems(settings(1.2, OWN, { stopText: 'Acme: you are unsubscribed.' }))).toEqual([]);
	});

	it('checks nothing while Answer Compliance Keywords is off', () => {
		expect(complianceTextProblems(settings(1.2, { compliance: false }))).toEqual([]);
	});

	it('is never a reason to refuse a saved workflow (1 and 1.1), whatever its texts', () => {
		expect(complianceTextProblems(settings(1.1, {}, { stopText: 's'.repeat(140) }))).toEqual([]);
		expect(complianceTextProblems(settings(1))).toEqual([]);
	});
});

describe('versions 1 and 1.1: one warning at activation', () => {
	it('names the texts that still give the example contact, and says where to set them', () => {
		expect(complianceTextWarning(settings(1.1))).toBe(
			'INFO Reply, HELP Reply (English), AIDE Reply (French) answer with the example contact of the built-in texts (support@example.com or 1-800-555-0100): set your own under Options (a new Messaging Trigger node, version 1.2, asks for them).',
		);
		expect(complianceTextWarning(settings(1, {}, { helpText: OWN.helpText, infoText: OWN.infoText }))).toMatch(/^AIDE Reply \(French\) answers with the example contact/);
	});

	it('names a text the gateway refuses, which the built-in text answers instead', () => {
		expect(complianceTextWarning(settings(1.1, {}, { ...OWN, stopText: 's'.repeat(140) }))).toBe(
			'STOP Reply (English) is not 1 to 136 characters: the built-in text answers instead until fixed.',
		);
	});

	it('says nothing when the texts are the operator\'s own, when compliance is off, and from 1.2 on', () => {
		expect(complianceTextWarning(settings(1.1, {}, OWN))).toBeUndefined();
		expect(complianceTextWarning(settings(1.1, { compliance: false }))).toBeUndefined();
		expect(complianceTextWarning(settings(1.2))).toBeUndefined();
	});
});

describe('the text a keyword is answered with', () => {
	it('the one set; before 1.2 the built-in text when unset or refused by the gateway (a STOP is always answered)', () => {
		expect(complianceTextOf(settings(1.1, {}, OWN), 'helpText')).toBe(OWN.helpText);
		expect(complianceTextOf(settings(1.1), 'helpText')).toBe(DEFAULT_COMPLIANCE_TEXTS.helpText);
		expect(complianceTextOf(settings(1.1, {}, { stopText: 's'.repeat(140) }), 'stopText')).toBe(DEFAULT_COMPLIANCE_TEXTS.stopText);
	});

	it('from 1.2: INFO, HELP and AIDE from their own fields, never the example; STOP and ARRET built in unless set', () => {
		expect(complianceTextOf(settings(1.2, OWN, { helpText: 'old option' }), 'helpText')).toBe(OWN.helpText);
		expect(complianceTextOf(settings(1.2), 'helpText')).toBeUndefined();
		expect(complianceTextOf(settings(1.2, OWN), 'stopText')).toBe(DEFAULT_COMPLIANCE_TEXTS.stopText);
		expect(complianceTextOf(settings(1.2, OWN, { arretText: 'Acme : desabonne.' }), 'arretText')).toBe('Acme : desabonne.');
	});
});

describe('the editor', () => {
	const description = allNodeTypes.solSwitchMessagingTrigger.description;
	const node = (typeVersion: number, parameters: INodeParameters): INode => ({
		id: 'n',
		name: 'SMS In',
		type: 'n8n-nodes-solswitch.solSwitchMessagingTrigger',
		typeVersion,
		position: [0, 0],
		parameters,
	});
	/** The parameters n8n gives a node of this version (defaults filled, hidden ones dropped). */
	const parametersOf = (typeVersion: number, parameters: INodeParameters) =>
		NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node(typeVersion, parameters), description)!;

	it('new nodes get 1.2; saved workflows keep 1 and 1.1', () => {
		expect(description.defaultVersion).toBe(1.2);
		expect(description.version).toEqual([1, 1.1, 1.2]);
	});

	it('1.2: INFO, HELP and AIDE are required, empty fields while compliance is on; Options keep only STOP and ARRET', () => {
		const own = description.properties.filter((p) => ['infoText', 'helpText', 'aideText'].includes(p.name));
		expect(own.map((p) => [p.displayName, p.required, p.default])).toEqual([
			['INFO Reply', true, ''],
			['HELP Reply (English)', true, ''],
			['AIDE Reply (French)', true, ''],
		]);
		const on = parametersOf(1.2, { compliance: true });
		expect(on).toMatchObject({ infoText: '', helpText: '', aideText: '' });
		expect(parametersOf(1.2, { compliance: false })).not.toHaveProperty('helpText');
		expect(parametersOf(1.1, { compliance: true })).not.toHaveProperty('helpText');
		const options = (version: number) =>
			description.properties
				.filter((p) => p.name === 'options' && NodeHelpers.displayParameter({}, p, node(version, {}), description))
				.flatMap((p) => (p.options ?? []).map((o) => (o as { name: string }).name));
		expect(options(1.2)).toEqual(expect.arrayContaining(['stopText', 'arretText']));
		expect(options(1.2)).not.toEqual(expect.arrayContaining(['helpText']));
		expect(options(1.1)).toEqual(expect.arrayContaining(['infoText', 'helpText', 'aideText', 'stopText', 'arretText']));
	});

	it('declares English defaults only (n8n verification): the French and bilingual texts start empty and say so', () => {
		const texts = description.properties
			.filter((p) => p.name === 'options')
			.flatMap((p) => (p.options ?? []) as Array<{ name: string; default?: unknown; description?: string }>)
			.filter((o) => ['infoText', 'helpText', 'aideText', 'stopText', 'arretText'].includes(o.name));
		expect(texts.length).toBe(7);
		for (const o of texts) {
			expect(String(o.default)).not.toMatch(/Repondez|Vous etes|Aide:|desabonne/);
			if (['infoText', 'aideText', 'arretText'].includes(o.name)) {
				expect(o.default).toBe('');
				expect(o.description).toMatch(/Empty: the built-in answer/);
			}
		}
	});

	it('the docs give the built-in French and bilingual texts as copy-ready values, word for word', () => {
		const page = readFileSync(join(__dirname, '../../../docs/nodes/solswitch-messaging-trigger.md'), 'utf8');
		for (const name of BUILT_IN_ONLY) expect(page).toContain(`\`${DEFAULT_COMPLIANCE_TEXTS[name]}\``);
	});

	it('a saved 1 or 1.1 workflow still answers INFO, AIDE and ARRET with the built-in texts, the options unset or empty as the editor now starts them', () => {
		for (const version of [1, 1.1]) {
			for (const name of ['infoText', 'aideText', 'arretText'] as const) {
				expect(complianceTextOf(settings(version), name)).toBe(DEFAULT_COMPLIANCE_TEXTS[name]);
				expect(complianceTextOf(settings(version, {}, { [name]: '' }), name)).toBe(DEFAULT_COMPLIANCE_TEXTS[name]);
			}
		}
		expect(DEFAULT_COMPLIANCE_TEXTS.infoText).toMatch(/Repondez AIDE/);
		expect(complianceTextOf(settings(1.2, OWN, { arretText: '' }), 'arretText')).toBe(DEFAULT_COMPLIANCE_TEXTS.arretText);
	});

	it('a saved node that still answers with the example contact shows a warning (evaluated as n8n evaluates hints)', () => {
		const shown = (typeVersion: number, parameters: INodeParameters) => {
			const workflow = new Workflow({ nodes: [node(typeVersion, parameters)], connections: {}, active: false, nodeTypes: packageNodeTypes });
			return workflow.expression.getSimpleParameterValue(workflow.getNode('SMS In')!, exampleContactHint.displayCondition!, 'internal', {});
		};
		expect(shown(1.1, { compliance: true, options: {} })).toBe(true);
		expect(shown(1, { compliance: true, options: { ...OWN, helpText: DEFAULT_COMPLIANCE_TEXTS.helpText } })).toBe(true);
		expect(shown(1.1, { compliance: true, options: OWN })).toBe(false);
		expect(shown(1.1, { compliance: false, options: {} })).toBe(false);
		expect(shown(1.2, { compliance: true, ...OWN, options: {} })).toBe(false);
	});
});
