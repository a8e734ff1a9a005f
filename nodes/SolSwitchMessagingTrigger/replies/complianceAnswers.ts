/**
 * The trigger's compliance answers (INFO, HELP / AIDE, STOP / ARRET): where each node version keeps
 * their texts, the text a keyword gets, and what publication checks.
 *
 * - Version 1.2 on (new nodes): INFO, HELP and AIDE name the operator (who runs the service, how to
 *   reach it), so they are required fields with no default, shown while Answer Compliance Keywords is
 *   on. STOP and ARRET keep built-in texts under Options: they name nobody. Publication refuses an
 *   empty text, one that still names the package's example contact, and one the gateway would refuse
 *   (1 to 136 characters), naming the field.
 * - Versions 1 and 1.1 (saved workflows): the five texts under Options, each the built-in text unless
 *   set; the built-in INFO, HELP and AIDE name an example contact. A published workflow must never fail
 *   to activate after an upgrade, so these are never refused: at activation n8n logs one warning line
 *   saying what to set, the editor shows a hint, and a text the gateway would refuse is answered with
 *   the built-in text instead (it failed every such message with HTTP 500, and a STOP's opt-out never ran).
 */
import type { IDataObject, INodeProperties, NodeHint } from 'n8n-workflow';
import { BODY_MAX, bodyProblem } from '../../shared/messaging/body';
import { BUILT_IN_ONLY, DEFAULT_COMPLIANCE_TEXTS } from './complianceTexts';
import type { Compliance } from '../../shared/messaging/keywords';

/** The first version whose INFO, HELP and AIDE answers are the operator's own (required, no default). */
export const OWN_TEXTS_VERSION = 1.2;

export const COMPLIANCE_PARAMETER = 'compliance';

export type ComplianceTextName = keyof typeof DEFAULT_COMPLIANCE_TEXTS;

interface TextField {
	name: ComplianceTextName;
	displayName: string;
	description: string;
	/** Names the operator: required from OWN_TEXTS_VERSION on, with no built-in text there. */
	operatorsOwn: boolean;
	placeholder?: string;
}

/** The five texts, in the editor's order. */
export const COMPLIANCE_TEXT_FIELDS: TextField[] = [
	{
		name: 'infoText',
		displayName: 'INFO Reply',
		description: 'Answer to INFO, English or English/French: your service, who operates it and how to reach you',
		operatorsOwn: true,
		placeholder: 'e.g. Acme Pizza order alerts, by Acme Inc. Msg&data rates may apply. Reply HELP for help, STOP to opt out.',
	},
	{
		name: 'helpText',
		displayName: 'HELP Reply (English)',
		description: 'Answer to HELP: where to get help (your support email or phone), the rules',
		operatorsOwn: true,
		placeholder: 'e.g. Acme Pizza: help@acme.example or 514-555-0100. Msg&data rates may apply. Reply STOP to opt out.',
	},
	{
		name: 'aideText',
		displayName: 'AIDE Reply (French)',
		description: 'Answer to AIDE, the French HELP: where to get help, in French',
		operatorsOwn: true,
		placeholder: "e.g. Acme Pizza : aide@acme.example ou 514-555-0100. Des frais peuvent s'appliquer. Repondez ARRET pour arreter.",
	},
	{ name: 'stopText', displayName: 'STOP Reply (English)', description: 'Answer to STOP, confirming the opt-out', operatorsOwn: false },
	{ name: 'arretText', displayName: 'ARRET Reply (French)', description: 'Answer to ARRET, confirming the opt-out in French', operatorsOwn: false },
];

const fieldOf = (name: ComplianceTextName) => COMPLIANCE_TEXT_FIELDS.find((f) => f.name === name)!;

/**
 * Pieces of the built-in texts that are no operator's: the example contact and the package's name
 * as a service. A text holding one is not the operator's own.
 */
export const EXAMPLE_CONTACT = ['support@example.com', '1-800-555-0100', 'SolSwitch SMS alerts'];

function namesExample(text: string): string | undefined {
	return EXAMPLE_CONTACT.find((piece) => text.toLowerCase().includes(piece.toLowerCase()));
}

export function complianceTextName(c: Compliance): ComplianceTextName {
	if (c.kind === 'info') return 'infoText';
	if (c.kind === 'help') return c.language === 'fr' ? 'aideText' : 'helpText';
	return c.language === 'fr' ? 'arretText' : 'stopText';
}

const ownTexts = (version: number) => version >= OWN_TEXTS_VERSION;

/** Where the version keeps a text: a field of its own (1.2 on, INFO/HELP/AIDE), else under Options. */
function configuredText(version: number, name: ComplianceTextName, read: (name: string) => unknown, options: IDataObject): unknown {
	return ownTexts(version) && fieldOf(name).operatorsOwn ? read(name) : options[name];
}

export interface ComplianceSettings {
	version: number;
	/** A top-level parameter of the node. */
	read: (name: string) => unknown;
	options: IDataObject;
}

/**
 * The text a compliance keyword is answered with: the one set, if the gateway takes it; else the
 * built-in text, where the version has one for it. Undefined: no text the trigger may send (1.2 on, an
 * INFO, HELP or AIDE text that publication would have refused, e.g. an expression giving nothing).
 */
export function complianceTextOf(settings: ComplianceSettings, name: ComplianceTextName): string | undefined {
	const set = configuredText(settings.version, name, settings.read, settings.options);
	if (typeof set === 'string' && set !== '' && !bodyProblem(set)) return set;
	if (ownTexts(settings.version) && fieldOf(name).operatorsOwn) return undefined;
	return DEFAULT_COMPLIANCE_TEXTS[name];
}

/** What publication refuses (1.2 on, compliance on), one sentence per text, each naming its field. */
export function complianceTextProblems(settings: ComplianceSettings): string[] {
	if (!ownTexts(settings.version) || settings.read(COMPLIANCE_PARAMETER) === false) return [];
	const problems: string[] = [];
	for (const field of COMPLIANCE_TEXT_FIELDS) {
		const set = configuredText(settings.version, field.name, settings.read, settings.options);
		if (!field.operatorsOwn && (set === undefined || set === '')) continue;
		const text = typeof set === 'string' ? set : '';
		if (field.operatorsOwn && text.trim() === '') {
			problems.push(`${field.displayName} is empty: write your own answer (your service and how to reach you)`);
			continue;
		}
		const example = namesExample(text);
		if (example) problems.push(`${field.displayName} still names the example contact "${example}": write your own`);
		const tooLong = bodyProblem(text, field.displayName);
		if (tooLong) problems.push(tooLong);
	}
	return problems;
}

/**
 * What a saved workflow (versions 1 and 1.1, compliance on) answers that is not the operator's own or
 * that the gateway refuses, as one sentence for n8n's log at activation; undefined when nothing is.
 */
export function complianceTextWarning(settings: ComplianceSettings): string | undefined {
	if (ownTexts(settings.version) || settings.read(COMPLIANCE_PARAMETER) === false) return undefined;
	const example: string[] = [];
	const refused: string[] = [];
	for (const field of COMPLIANCE_TEXT_FIELDS) {
		const set = settings.options[field.name];
		const text = typeof set === 'string' && set !== '' ? set : DEFAULT_COMPLIANCE_TEXTS[field.name];
		if (bodyProblem(text)) refused.push(field.displayName);
		else if (namesExample(text)) example.push(field.displayName);
	}
	const sentences: string[] = [];
	if (example.length) {
		sentences.push(
			`${example.join(', ')} ${example.length > 1 ? 'answer' : 'answers'} with the example contact of the built-in texts (${EXAMPLE_CONTACT.slice(0, 2).join(' or ')}): set your own under Options (a new Messaging Trigger node, version ${OWN_TEXTS_VERSION}, asks for them).`,
		);
	}
	if (refused.length) sentences.push(`${refused.join(', ')} ${refused.length > 1 ? 'are' : 'is'} not 1 to ${BODY_MAX} characters: the built-in text answers instead until fixed.`);
	return sentences.length ? sentences.join(' ') : undefined;
}

const showOwnTexts = { [COMPLIANCE_PARAMETER]: [true], '@version': [{ _cnd: { gte: OWN_TEXTS_VERSION } }] };

/** Version 1.2 on: INFO, HELP and AIDE as required fields with no default, while compliance is on. */
export const ownTextProperties: INodeProperties[] = COMPLIANCE_TEXT_FIELDS.filter((f) => f.operatorsOwn).map((field) => ({
	displayName: field.displayName,
	name: field.name,
	type: 'string',
	typeOptions: { rows: 2 },
	required: true,
	default: '',
	placeholder: field.placeholder,
	description: `${field.description}, 1 to ${BODY_MAX} characters`,
	displayOptions: { show: showOwnTexts },
}));

/**
 * A text under Options. An English built-in text is its default (held in a variable: n8n's lint reads a
 * member expression as no default); a French or bilingual one starts empty and empty means the built-in
 * text (complianceTextOf), so the declared default is English while the answer stays what it was.
 * Collection values are stored as set, so no saved workflow depends on this default.
 */
function optionText(field: TextField): INodeProperties {
	const builtInOnly = BUILT_IN_ONLY.includes(field.name);
	const builtInText = builtInOnly ? '' : DEFAULT_COMPLIANCE_TEXTS[field.name];
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'string',
		typeOptions: { rows: 2 },
		default: builtInText,
		description: `${field.description}, 1 to ${BODY_MAX} characters${builtInOnly ? '. Empty: the built-in answer (its text is in the docs).' : ''}`,
	};
}

/** The texts a version keeps under Options: all five before 1.2, STOP and ARRET from 1.2 on. */
export function optionTextProperties(own: boolean): INodeProperties[] {
	return COMPLIANCE_TEXT_FIELDS.filter((f) => !own || !f.operatorsOwn).map(optionText);
}

/**
 * The editor's notice for a saved trigger (before 1.2) that still answers with the example contact:
 * evaluated by the editor only (n8n's node hints), never in the webhook phase.
 */
export const exampleContactHint: NodeHint = {
	message: `HELP, AIDE or INFO answers with the example contact (${EXAMPLE_CONTACT.slice(0, 2).join(' or ')}): set your own texts under Options. A new Messaging Trigger node asks for them.`,
	type: 'warning',
	location: 'ndv',
	whenToDisplay: 'always',
	displayCondition:
		`={{ $nodeVersion < ${OWN_TEXTS_VERSION} && $parameter["${COMPLIANCE_PARAMETER}"] !== false && ` +
		`${JSON.stringify(COMPLIANCE_TEXT_FIELDS.filter((f) => f.operatorsOwn).map((f) => f.name))}.some((name) => ` +
		`${JSON.stringify(EXAMPLE_CONTACT.map((p) => p.toLowerCase()))}.some((piece) => String(($parameter["options"] || {})[name] || "${EXAMPLE_CONTACT[2]}").toLowerCase().includes(piece))) }}`,
};
