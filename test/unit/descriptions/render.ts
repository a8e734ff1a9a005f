/**
 * Writes the descriptions the generators build at load time out as source files, the form n8n's lint
 * rules read: `export class X implements INodeType { description: INodeTypeDescription = {...} }` for
 * each node, the credential classes with their fields. Rules that read source (labels, defaults,
 * sentence style...) then see every resource, operation and field a user sees in the editor.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ICredentialType, INodeType } from 'n8n-workflow';

const REPO = join(__dirname, '..', '..', '..');

/**
 * Every node and credential the package declares (package.json `n8n`), loaded from its TypeScript
 * source: a node or credential added to the package is rendered and linted without touching this file.
 */
function declared<T>(kind: 'nodes' | 'credentials'): Array<new () => T> {
	const files = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { n8n: Record<string, string[]> }).n8n[kind];
	return files.map((file) => {
		const source = join(REPO, file.replace(/^dist\//, '').replace(/\.js$/, ''));
		const className = basename(source).replace(/\.(node|credentials)$/, '');
		// The sources package.json names, compiled by ts-jest like every other import of the tests.
		const exported = (require(source) as Record<string, new () => T>)[className];
		if (!exported) throw new Error(`${source} exports no class ${className}`);
		return exported;
	});
}

export const NODES = declared<INodeType>('nodes');
export const CREDENTIALS = declared<ICredentialType>('credentials');

/** Connection types as the node sources spell them (n8n's rule wants the constant, not the string). */
const CONNECTION = { main: 'NodeConnectionTypes.Main' } as Record<string, string>;

/**
 * A value as a TypeScript literal: objects and arrays spelled out, functions as their source,
 * RegExps as literals; `inputs`/`outputs` entries as NodeConnectionTypes constants.
 */
export function literal(value: unknown, indent = '', key = ''): string {
	const inner = `${indent}\t`;
	if (value === undefined) return 'undefined';
	if ((key === 'inputs' || key === 'outputs') && Array.isArray(value)) {
		return `[${value.map((v) => (typeof v === 'string' && CONNECTION[v]) || literal(v, inner)).join(', ')}]`;
	}
	if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
	if (typeof value === 'function') return value.toString();
	if (value instanceof RegExp) return value.toString();
	if (Array.isArray(value)) {
		if (!value.length) return '[]';
		return `[\n${value.map((v) => `${inner}${literal(v, inner)},`).join('\n')}\n${indent}]`;
	}
	const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
	if (!entries.length) return '{}';
	const name = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : literal(k));
	const member = (k: string, v: unknown) => {
		// A method written in shorthand (`async checkExists() {...}`) is its own member syntax.
		if (typeof v === 'function' && !/^(async\s+)?(function\b|\(|[\w$]+\s*=>)/.test(v.toString())) return v.toString();
		return `${name(k)}: ${literal(v, inner, k)}`;
	};
	return `{\n${entries.map(([k, v]) => `${inner}${member(k, v)},`).join('\n')}\n${indent}}`;
}

/** The node's description and the members beside it (methods, webhookMethods) that the rules read. */
function nodeSource(name: string, node: INodeType): string {
	const members = Object.entries(node)
		.filter(([k, v]) => k !== 'description' && v !== undefined)
		.map(([k, v]) => `\t${k} = ${literal(v, '\t')};`);
	return [
		"import { NodeConnectionTypes } from 'n8n-workflow';",
		"import type { INodeType, INodeTypeDescription } from 'n8n-workflow';",
		'',
		`export class ${name} implements INodeType {`,
		`\tdescription: INodeTypeDescription = ${literal(node.description, '\t')};`,
		...members.map((m) => `\n${m}`),
		'}',
		'',
	].join('\n');
}

function credentialSource(name: string, credential: ICredentialType): string {
	const fields = Object.entries(credential)
		.filter(([, v]) => v !== undefined)
		.map(([k, v]) => `\t${k} = ${literal(v, '\t')};`);
	return [
		"import type { ICredentialType } from 'n8n-workflow';",
		'',
		`export class ${name} implements ICredentialType {`,
		fields.join('\n\n'),
		'}',
		'',
	].join('\n');
}

/** Renders every node and credential under `root` (nodes/<Name>/<Name>.node.ts, credentials/<Name>.credentials.ts). */
export function renderAll(root: string): string[] {
	const files: string[] = [];
	// The icons, where the rendered files' relative `file:` paths find them (as in the repository).
	cpSync(join(REPO, 'icons'), join(root, 'icons'), { recursive: true });
	for (const NodeClass of NODES) {
		const dir = join(root, 'nodes', NodeClass.name);
		mkdirSync(dir, { recursive: true });
		const file = join(dir, `${NodeClass.name}.node.ts`);
		writeFileSync(file, nodeSource(NodeClass.name, new NodeClass()));
		files.push(file);
	}
	mkdirSync(join(root, 'credentials'), { recursive: true });
	for (const CredentialClass of CREDENTIALS) {
		const file = join(root, 'credentials', `${CredentialClass.name}.credentials.ts`);
		writeFileSync(file, credentialSource(CredentialClass.name, new CredentialClass()));
		files.push(file);
	}
	return files;
}
