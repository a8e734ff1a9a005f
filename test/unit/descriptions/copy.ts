/**
 * Checks of the editor's words that n8n's lint rules lack, over every node description the
 * generators build: the article before a word ("a extension"), sentence style (a capital first,
 * no raw API fragments such as "Switch default: 0." or a rule glued on in brackets), no field
 * described by its own name, and no two fields with one name shown for the same operation.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { CREDENTIALS, NODES } from './render';

type Show = Record<string, unknown[] | undefined>;

/** Lower-case words after "a" that take "an" and the other way round; acronyms are left alone (a DID, an SMS). */
export function articleFinding(text: string): string | undefined {
	// An acronym written in lower case ("a did", "a sip account") is a generated label gone wrong.
	const lowered = /\ban? (did|sip|sms|mms|cdr|dv|ivr)\b/.exec(text);
	if (lowered) return `"${lowered[0]}" should keep the acronym in capitals`;
	const an = /\ba ([aeio][a-z]+|u(?!s|ni|r)[a-z]+)\b/.exec(text);
	if (an) return `"a ${an[1]}" should be "an ${an[1]}"`;
	const a = /\ban ((?![aeiouh])[a-z]+|u(?:s|ni)[a-z]*)\b/.exec(text);
	if (a) return `"an ${a[1]}" should be "a ${a[1]}"`;
	return undefined;
}

/** A description as a person writes it: a capital first, no raw fragments glued on. */
export function sentenceFinding(text: string): string | undefined {
	if (/^[a-z]/.test(text)) return 'starts with a lower-case letter';
	if (/Switch default:/.test(text)) return 'raw "Switch default:" fragment';
	if (/\([^()]*[^.]\.\)/.test(text)) return 'a sentence in brackets';
	if (/[a-z0-9)] [A-Z][a-z]+ default:/.test(text)) return 'two sentences run together';
	return undefined;
}

const normal = (s: string) => s.toLowerCase().replace(/\((ms|seconds?|minutes?|days?)\)/g, '').replace(/[^a-z0-9]+/g, ' ').trim();

interface Described {
	where: string;
	name: string;
	description?: string;
	action?: string;
	placeholders?: string[];
}

function* described(prefix: string, properties: Array<INodeProperties | INodePropertyCollection | INodePropertyOptions>): Generator<Described> {
	for (const p of properties) {
		const name = 'displayName' in p ? p.displayName : p.name;
		const where = `${prefix} > ${name}`;
		const description = 'description' in p ? (p.description as string | undefined) : undefined;
		const placeholders = [
			'placeholder' in p ? (p.placeholder as string | undefined) : undefined,
			...(('modes' in p ? p.modes : undefined) ?? []).map((m) => m.placeholder),
		].filter((t): t is string => typeof t === 'string');
		yield { where, name, description, action: 'action' in p ? (p.action as string) : undefined, placeholders };
		const children = 'options' in p ? p.options : 'values' in p ? p.values : undefined;
		if (Array.isArray(children)) yield* described(where, children as INodeProperties[]);
	}
}

/** Whether two show conditions can hold at once (every key both name shares a value). */
function overlap(a: Show, b: Show): boolean {
	return Object.keys(a)
		.filter((k) => k in b)
		.every((k) => (a[k] ?? []).some((v) => (b[k] ?? []).includes(v)));
}

/** Fields (top level, and those inside a collection shown with it) of one operation, with their conditions. */
function fieldsOf(properties: INodeProperties[], resource: string, operation: string): Array<{ name: string; show: Show }> {
	const fields: Array<{ name: string; show: Show }> = [];
	for (const p of properties) {
		const show = (p.displayOptions?.show ?? {}) as Show;
		if (show.resource && !show.resource.includes(resource)) continue;
		if (show.operation && !show.operation.includes(operation)) continue;
		if (p.name === 'resource' || p.name === 'operation') continue;
		const rest = Object.fromEntries(Object.entries(show).filter(([k]) => k !== 'resource' && k !== 'operation'));
		fields.push({ name: p.displayName, show: rest });
		if (p.type === 'collection') {
			for (const o of (p.options ?? []) as INodeProperties[]) fields.push({ name: o.displayName, show: rest });
		}
	}
	return fields;
}

export function duplicateNames(node: INodeType): string[] {
	const { properties, displayName } = node.description;
	const found: string[] = [];
	const operations = properties.filter((p) => p.name === 'operation');
	for (const opProperty of operations) {
		const resources = ((opProperty.displayOptions?.show?.resource ?? [undefined]) as Array<string | undefined>);
		for (const resource of resources) {
			for (const option of (opProperty.options ?? []) as INodePropertyOptions[]) {
				const fields = fieldsOf(properties, resource ?? '', String(option.value));
				fields.forEach((f, i) => {
					const twin = fields.slice(i + 1).find((g) => normal(g.name) === normal(f.name) && overlap(f.show, g.show));
					if (twin) found.push(`${displayName} ${resource}/${option.value}: "${f.name}" and "${twin.name}"`);
				});
			}
		}
	}
	return found;
}

/** Every finding, one line each (empty when the words are right). */
export function copyFindings(): string[] {
	const findings: string[] = [];
	const sources: Array<[string, INodeProperties[]]> = [
		...NODES.map((N) => {
			const d = new N().description;
			return [d.displayName, d.properties] as [string, INodeProperties[]];
		}),
		...CREDENTIALS.map((C) => {
			const c = new C();
			return [c.displayName, c.properties] as [string, INodeProperties[]];
		}),
	];
	for (const [node, properties] of sources) {
		for (const d of described(node, properties)) {
			for (const text of d.placeholders ?? []) {
				const problem = articleFinding(text);
				if (problem) findings.push(`${d.where}: placeholder ${problem}: "${text}"`);
			}
			for (const text of [d.action, d.description]) {
				if (!text) continue;
				const problem = articleFinding(text) ?? sentenceFinding(text);
				if (problem) findings.push(`${d.where}: ${problem}: "${text}"`);
			}
			// The first sentence says something the name does not ("Fill limit. Fill Limit must be ..." does not).
			const first = d.description?.split('. ')[0];
			if (first && normal(first) === normal(d.name)) findings.push(`${d.where}: the description repeats the name`);
		}
	}
	for (const N of NODES) findings.push(...duplicateNames(new N()));
	return findings;
}
