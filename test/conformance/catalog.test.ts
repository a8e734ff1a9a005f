/**
 * The catalogs against the documents, both ways (issue 14): every function of the documents is in a
 * catalog at its path and every catalog entry is a function of the documents; required, optional and
 * conditional attributes are the documents'; every rule the catalog applies is one the documents
 * state, and every rule the documents state is applied. The documents' side is documentTable.ts,
 * written from the documents; this file only says which catalog rule is which document rule.
 */
import { solSwitchCatalog } from '../../nodes/SolSwitch/catalog';
import { OPTION_RULE } from '../../nodes/SolSwitch/catalog/digitValidation';
import { solSwitchAdminCatalog } from '../../nodes/SolSwitchAdmin/catalog';
import { ADMIN_RULES } from '../../nodes/SolSwitchAdmin/catalog/fields';
import { messagingCatalog } from '../../nodes/SolSwitchMessaging/catalog';
import { BODY_RULE } from '../../nodes/SolSwitchMessaging/catalog/messages';
import { RULES } from '../../nodes/engine/catalog/rules';
import type { AttributeRule, AttributeSpec, Catalog, CrossRule, OperationSpec } from '../../nodes/engine/catalog/types';
import { DOCUMENT_FUNCTIONS, type DocumentFunction, type DocumentRule } from './documentTable';

/** Which catalog rule implements which rule of the documents. A rule not listed here is an invented one. */
const RULE_NAMES = new Map<AttributeRule, DocumentRule>([
	[RULES.numeric, 'numeric'],
	[RULES.extension, 'extension3to5'],
	[RULES.extensionOrLong, 'extension10to49'],
	[RULES.nanp, 'nanp'],
	[RULES.dtmf, 'dtmf'],
	[RULES.faxNumber, 'noHyphens'],
	[BODY_RULE, 'body136'],
	[ADMIN_RULES.voicemailPassword, 'digits3to7'],
	[ADMIN_RULES.givenId, 'digits3to6'],
	[ADMIN_RULES.cidInternalOverride, 'digits3to10'],
	[ADMIN_RULES.roamingCode, 'digitsUpTo50'],
	[ADMIN_RULES.ldPasscode, 'digitsUpTo10'],
	[ADMIN_RULES.npa, 'areaCode'],
	[ADMIN_RULES.email, 'email'],
	[ADMIN_RULES.emails, 'emails'],
	[ADMIN_RULES.domainName, 'domainName'],
	[ADMIN_RULES.ipOrSubnet, 'addressOrSubnet'],
	[ADMIN_RULES.countryCode, 'countryCode'],
	[ADMIN_RULES.firewallPosition, 'positionFrom2'],
	[OPTION_RULE, 'singleLine'],
]);

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

/** An entry's path as the document writes it. */
function documentPath(name: string, op: OperationSpec): string {
	if (op.local) return op.path.replace(/^\/?\(?|\)$/g, '');
	return name === 'SolSwitch Messaging' ? op.path : `/api/${op.path}/`;
}

const entries: Located[] = CATALOGS.flatMap(([name, catalog]) => catalog.operations.map((op) => ({ catalog: name, op })));
const byPath = new Map(entries.map((e) => [documentPath(e.catalog, e.op), e]));

function requiredness(attribute: AttributeSpec): 'R' | 'O' | string {
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

function catalogRuleOf(attribute: AttributeSpec): DocumentRule | 'invented' | undefined {
	if (!attribute.rule) return undefined;
	return RULE_NAMES.get(attribute.rule) ?? 'invented';
}

/** The rule the document states holds in the catalog: the named rule, or an integer field for "numeric". */
function implemented(wanted: DocumentRule, attribute: AttributeSpec): boolean {
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
	const catalog = Object.fromEntries(op.attributes.map((a) => [a.name, requiredness(a)]));
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
	for (const attribute of op.attributes) {
		const got = catalogRuleOf(attribute);
		const wanted = stated[attribute.name];
		if (fn.checkedWhenSent?.includes(attribute.name)) {
			if (got) problems.push(`${attribute.name}: checked before the answer is known (${got}); the document's rule applies where it is sent`);
			continue;
		}
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

describe.each(DOCUMENT_FUNCTIONS.map((fn) => [fnLabel(fn), fn] as const))('%s', (_label, fn) => {
	const entry = () => {
		const found = byPath.get(fn.path);
		if (!found) throw new Error(`no catalog entry at ${fn.path}`);
		return found.op;
	};

	it('has the attributes the document lists, required, optional or conditional as it says', () => {
		expect(attributeProblems(fn, entry())).toEqual([]);
	});

	if (fn.fromFile) {
		it(`builds ${fn.fromFile.join(', ')} from a file (node fields and a preparer)`, () => {
			expect(entry().prepare).toBeDefined();
			expect(entry().fields?.length).toBeGreaterThan(0);
		});
	}

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
	const withAttributes = (attributes: AttributeSpec[]): OperationSpec => ({ ...op(), attributes });

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
		expect(documentPath('SolSwitch', { ...op(), path: 'newcal' })).not.toBe(newCall.path);
	});
});
