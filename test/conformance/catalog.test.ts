/**
 * The catalogs against the documents, both ways (issue 14): every function of the documents is in a
 * catalog at its path and every catalog entry is a function of the documents; required, optional and
 * conditional attributes are the documents'; every rule the catalog applies is one the documents
 * state, and every rule the documents state is applied. The documents' side is documentTable.ts,
 * written from the documents; this file only says which catalog rule is which document rule.
 */
import { solSwitchCatalog } from '../../nodes/SolSwitch/catalog';
import { solSwitchAdminCatalog } from '../../nodes/SolSwitchAdmin/catalog';
import { messagingCatalog } from '../../nodes/SolSwitchMessaging/catalog';
import { RULES } from '../../nodes/shared/catalog/rules';
import type { AttributeRule, AttributeSpec, Catalog, CrossRule, OperationSpec } from '../../nodes/engine/catalog/types';
import { DOCUMENT_FUNCTIONS, type DocumentFunction, type DocumentRule } from './documentTable';

/** Which catalog rule implements which rule of the documents. A rule not listed here is an invented one. */
const RULE_NAMES = new Map<AttributeRule, DocumentRule>([
	[RULES.numeric, 'numeric'],
	// The gateway's "Numeric" From and To: digits are what is sent, reached from the ways people write a
	// number (spaces, dashes, parentheses, a leading +) by the one helper that matches replies too; the
	// 3-to-15-digit bounds (shortest short codes, E.164's longest) refuse only what no gateway takes.
	[RULES.phoneNumber, 'numeric'],
	[RULES.extension, 'extension3to5'],
	[RULES.extensionOrLong, 'extension10to49'],
	[RULES.nanp, 'nanp'],
	[RULES.dtmf, 'dtmf'],
	[RULES.faxNumber, 'noHyphens'],
	[RULES.body, 'body136'],
	[RULES.voicemailPassword, 'digits3to7'],
	[RULES.givenId, 'digits3to6'],
	[RULES.cidInternalOverride, 'digits3to10'],
	[RULES.roamingCode, 'digitsUpTo50'],
	[RULES.ldPasscode, 'digitsUpTo10'],
	[RULES.npa, 'areaCode'],
	[RULES.email, 'email'],
	[RULES.emails, 'emails'],
	[RULES.domainName, 'domainName'],
	[RULES.ipOrSubnet, 'addressOrSubnet'],
	[RULES.countryCode, 'countryCode'],
	[RULES.firewallPosition, 'positionFrom2'],
]);

/** Rules written in place (not in the registry), known by their sentence. */
const RULE_TEXTS = new Map<string, DocumentRule>([
	['must be a file name with an extension', 'fileNameWithExtension'],
	['must be a media type such as image/jpeg', 'mediaType'],
]);

/**
 * Rules the catalog applies that go beyond the documents, each kept on purpose and listed here so
 * that any other one fails: a new deviation has to be argued for, here, in review.
 */
const KNOWN_DEVIATIONS: Record<string, string> = {
	// "A single plain string equal to one of the options": one line is the document's; the 256-character
	// cap is shared with the SolSwitch Trigger (DV_OPTION_MAX), which turns a longer answer into the
	// Fallback Option: the action refuses it first so that the caller is not routed by the fallback silently.
	'digit validation reply Option': RULES.dvOption.text,
};

/** Rules that "noHyphens" also accepts (a phone number written as digits only has no hyphens). */
const SATISFIES: Partial<Record<DocumentRule, DocumentRule[]>> = { noHyphens: ['numeric'] };

interface Located {
	catalog: string;
	op: OperationSpec;
}

const CATALOGS: Array<[string, Catalog]> = [
	['SolSwitch', solSwitchCatalog],
	['SolSwitch Admin', solSwitchAdminCatalog],
	['SolSwitch Messaging', messagingCatalog],
];

/** The answers given to a waiting callback (no request, no path), by the document's name for them. */
const LOCAL_ANSWERS: Record<string, string> = {
	'Answer Digit Validation': 'digit validation reply',
	'Reply to Message': 'MO callback response',
};

/** An entry's path as the document writes it. */
function documentPath(name: string, op: OperationSpec): string {
	if (op.local) return LOCAL_ANSWERS[op.name] ?? `(no path: ${op.name})`;
	return name === 'SolSwitch Messaging' ? op.path : `/api/${op.path}/`;
}

/** The request attributes of an entry: a 'file' attribute stands for the attributes it becomes. */
function requestAttributes(op: OperationSpec): AttributeSpec<string>[] {
	return op.attributes.flatMap((a): AttributeSpec<string>[] => (a.type === 'file' && a.file ? a.file.manual.map((m) => ({ ...m, required: true })) : [a]));
}

/**
 * Operations that are no function of the documents but one documented function plus n8n's waiting
 * (Send and Wait: an MT SMS, then the execution waits for the reply the trigger routes back; Call and
 * Wait: a New Call from a Digit Validation, then the execution waits for its keypress). Each must
 * send through the documented function it names, with attributes that function has.
 */
const COMPOSITES: Record<string, string> = { 'Send and Wait for Response': 'SolSwitch Messaging', 'Call and Wait for Keypress': 'SolSwitch' };

const allEntries: Located[] = CATALOGS.flatMap(([name, catalog]) => catalog.operations.map((op) => ({ catalog: name, op })));
const composites = allEntries.filter((e) => COMPOSITES[e.op.name] === e.catalog && e.op.sendsThrough !== undefined);
const entries = allEntries.filter((e) => !composites.includes(e));
const byPath = new Map(entries.map((e) => [documentPath(e.catalog, e.op), e]));

function requiredness(attribute: AttributeSpec<string>): 'R' | 'O' | string {
	const r = attribute.required;
	if (r === true) return 'R';
	if (r && typeof r === 'object') return `when ${r.when} in ${r.in.map(String).join('|')}`;
	return 'O';
}

/** A cross rule as documentTable.ts writes it. */
function crossRuleText(rule: CrossRule): string {
	switch (rule.kind) {
		case 'atLeastOne':
			return `atLeastOne: ${rule.attributes.join(', ')}`;
		case 'together':
			return `together: ${rule.attributes.join(', ')}`;
		case 'notBoth':
			return `notBoth: ${rule.first} / ${rule.second.join(', ')}`;
		case 'needsWhenSet':
			return `needsWhenSet: ${rule.needs} if ${rule.attribute} not ${rule.except.join('|')}`;
		case 'ruleWhen':
			return `ruleWhen: ${rule.message} when ${rule.when} is ${rule.is}`.replace(/ for an? \w+ rule when/, ' when');
	}
}

function catalogRuleOf(attribute: AttributeSpec<string>): DocumentRule | 'invented' | undefined {
	if (!attribute.rule) return undefined;
	return RULE_NAMES.get(attribute.rule) ?? RULE_TEXTS.get(attribute.rule.text) ?? 'invented';
}

/** The rule the document states holds in the catalog: the named rule, or an integer field for "numeric". */
function implemented(wanted: DocumentRule, attribute: AttributeSpec<string>): boolean {
	const got = catalogRuleOf(attribute);
	if (got === wanted || (got && SATISFIES[wanted]?.includes(got as DocumentRule))) return true;
	return wanted === 'numeric' && attribute.type === 'integer' && got === undefined;
}

/** Differences of attributes and their requiredness, as sentences (none when the entry is right). */
function attributeProblems(fn: DocumentFunction, op: OperationSpec): string[] {
	const documented: Record<string, string> = {};
	for (const name of fn.required) documented[name] = 'R';
	for (const name of fn.optional) documented[name] = 'O';
	for (const [name, c] of Object.entries(fn.conditional ?? {})) documented[name] = `when ${c.when} in ${c.in.join('|')}`;
	const catalog = Object.fromEntries(requestAttributes(op).map((a) => [a.name, requiredness(a)]));
	const problems: string[] = [];
	for (const [name, how] of Object.entries(documented)) {
		if (!(name in catalog)) problems.push(`${name}: the document lists it (${how}), the catalog lacks it`);
		else if (catalog[name] !== how) problems.push(`${name}: the document says ${how}, the catalog ${catalog[name]}`);
	}
	for (const name of Object.keys(catalog)) if (!(name in documented)) problems.push(`${name}: the catalog adds it, the document does not list it`);
	return problems;
}

/** Rules applied that the document does not state, and stated rules not applied. */
function ruleProblems(fn: DocumentFunction, op: OperationSpec): string[] {
	const stated = fn.rules ?? {};
	const problems: string[] = [];
	for (const attribute of requestAttributes(op)) {
		const got = catalogRuleOf(attribute);
		const wanted = stated[attribute.name];
		if (fn.checkedWhenSent?.includes(attribute.name)) {
			if (got) problems.push(`${attribute.name}: checked before the answer is known (${got}); the document's rule applies where it is sent`);
			continue;
		}
		// A listed deviation stands for the stated rule plus its argued extra.
		if (got && KNOWN_DEVIATIONS[`${fn.path} ${attribute.name}`] === attribute.rule!.text) continue;
		if (got && !wanted) problems.push(`${attribute.name}: a rule the document does not state (${got === 'invented' ? attribute.rule!.text : got})`);
		else if (wanted && !implemented(wanted, attribute)) problems.push(`${attribute.name}: the document states ${wanted}, the catalog has ${got ?? 'none'}`);
	}
	const cross = (op.rules ?? []).map(crossRuleText);
	for (const rule of cross) if (!fn.crossRules?.includes(rule)) problems.push(`a rule the document does not state: ${rule}`);
	for (const rule of fn.crossRules ?? []) if (!cross.includes(rule)) problems.push(`the document states ${rule}, the catalog lacks it`);
	return problems;
}

const fnLabel = (fn: DocumentFunction) => `${fn.document}: ${fn.name} (${fn.path})`;

describe('catalog paths against the documents', () => {
	it('every function of the documents is a catalog entry at its path', () => {
		const missing = DOCUMENT_FUNCTIONS.filter((fn) => !byPath.has(fn.path)).map(fnLabel);
		expect(missing).toEqual([]);
	});

	it('every catalog entry is a function of the documents, each path once', () => {
		const documentPaths = new Set(DOCUMENT_FUNCTIONS.map((fn) => fn.path));
		const extra = entries.filter((e) => !documentPaths.has(documentPath(e.catalog, e.op))).map((e) => `${e.catalog} ${e.op.resource} > ${e.op.operation} (${e.op.path})`);
		expect(extra).toEqual([]);
		expect(byPath.size).toBe(entries.length);
		expect(DOCUMENT_FUNCTIONS.length).toBe(new Set(DOCUMENT_FUNCTIONS.map((fn) => fn.path)).size);
	});
});

describe('operations built on a documented function', () => {
	it('are the ones listed, each sending through a documented function with attributes it has', () => {
		expect(composites.map((e) => e.op.name).sort()).toEqual(Object.keys(COMPOSITES).sort());
		for (const e of composites) {
			const fn = DOCUMENT_FUNCTIONS.find((f) => f.path === e.op.sendsThrough);
			expect(fn).toBeDefined();
			const known = new Set([...fn!.required, ...fn!.optional, ...Object.keys(fn!.conditional ?? {})]);
			expect(requestAttributes(e.op).map((a) => a.name).filter((name) => !known.has(name))).toEqual([]);
		}
	});
});

describe.each(DOCUMENT_FUNCTIONS.map((fn) => [fnLabel(fn), fn] as const))('%s', (_label, fn) => {
	const entry = () => {
		const found = byPath.get(fn.path);
		if (!found) throw new Error(`no catalog entry at ${fn.path}`);
		return found.op;
	};

	it('has the attributes the document lists, required, optional or conditional as it says', () => {
		expect(attributeProblems(fn, entry())).toEqual([]);
	});

	it('applies exactly the rules the document states', () => {
		expect(ruleProblems(fn, entry())).toEqual([]);
	});

	if (fn.checkedWhenSent) {
		it('checks the stated rule where the answer is sent', () => {
			expect(entry().local).toBeDefined();
		});
	}
});

describe('the check itself catches each kind of difference', () => {
	const newCall = DOCUMENT_FUNCTIONS.find((fn) => fn.path === '/api/newcall/')!;
	const op = () => byPath.get('/api/newcall/')!.op;
	const withAttributes = (attributes: AttributeSpec<string>[]): OperationSpec => ({ ...op(), attributes } as OperationSpec);

	it('a required attribute the catalog lacks, or makes optional', () => {
		expect(attributeProblems(newCall, withAttributes(op().attributes.filter((a) => a.name !== 'Destination')))).toEqual([
			'Destination: the document lists it (R), the catalog lacks it',
		]);
		const optionalDestination = op().attributes.map((a) => (a.name === 'Destination' ? { ...a, required: undefined } : a));
		expect(attributeProblems(newCall, withAttributes(optionalDestination))).toEqual(['Destination: the document says R, the catalog O']);
	});

	it('an optional attribute the catalog lacks or adds', () => {
		expect(attributeProblems(newCall, withAttributes(op().attributes.filter((a) => a.name !== 'CIDName')))).toEqual([
			'CIDName: the document lists it (O), the catalog lacks it',
		]);
		expect(attributeProblems(newCall, withAttributes([...op().attributes, { name: 'Priority', type: 'string', description: '' }]))).toEqual([
			'Priority: the catalog adds it, the document does not list it',
		]);
	});

	it('a rule the document does not state, a stated one missing, a cross rule added', () => {
		const invented = op().attributes.map((a) => (a.name === 'CIDName' ? { ...a, rule: RULES.numeric } : a));
		expect(ruleProblems(newCall, withAttributes(invented))).toEqual(['CIDName: a rule the document does not state (numeric)']);
		const missing = op().attributes.map((a) => (a.name === 'Extension' ? { ...a, rule: undefined } : a));
		expect(ruleProblems(newCall, withAttributes(missing))).toEqual(['Extension: the document states extension3to5, the catalog has none']);
		const cross: OperationSpec = { ...op(), rules: [{ kind: 'together', attributes: ['CIDName', 'CIDNum'], message: '' }] };
		expect(ruleProblems(newCall, cross)).toEqual(['a rule the document does not state: together: CIDName, CIDNum']);
	});

	it('a wrong path: the document function is not found at its path', () => {
		expect(documentPath('SolSwitch', { ...op(), path: 'newcal' } as OperationSpec)).not.toBe(newCall.path);
	});
});
