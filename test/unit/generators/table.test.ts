/**
 * What the table now decides that node code used to write by hand: where extra fields show, the
 * credential's visibility, transport options, file attributes (validated and in the README) and the
 * dropdown names an entry may use.
 */
import type { INodeProperties } from 'n8n-workflow';
import * as ts from 'typescript';
import { join } from 'node:path';
import type { Catalog, OperationSpec } from '../../../nodes/engine/catalog/types';
import { buildCredentials } from '../../../nodes/engine/generators/credentials';
import { buildProperties, extraField } from '../../../nodes/engine/generators/properties';
import { buildRequestBody } from '../../../nodes/engine/generators/schema';
import { solSwitchCatalog } from '../../../nodes/SolSwitch/catalog';
import { solSwitchAdminCatalog } from '../../../nodes/SolSwitchAdmin/catalog';
import { messagingCatalog } from '../../../nodes/SolSwitchMessaging/catalog';
import { switchService } from '../../../nodes/shared/services';
import { LONG_OPTIONAL_LIST, operationsList, operationsTable } from '../../../scripts/readme/operationsTable';

const op = (catalog: Catalog, resource: string, operation: string) =>
	catalog.operations.find((o) => o.resource === resource && o.operation === operation)!;

describe('the table places what node code used to place by hand', () => {
	it('shows an extra field for its own operation only, keeping its conditions on other fields', () => {
		const recording = op(solSwitchCatalog, 'report', 'getRecording');
		const field = buildProperties(solSwitchCatalog).find((p) => p.name === 'binaryPropertyName' && p.displayOptions?.show?.operation?.[0] === 'getRecording');
		expect(field?.displayOptions?.show).toEqual({ resource: ['report'], operation: ['getRecording'], downloadRecordings: [true] });
		expect(recording.fields?.every((f) => !f.displayOptions?.show?.resource && !f.displayOptions?.show?.operation)).toBe(true);
	});

	it('refuses an extra field that names the resource or the operation by hand', () => {
		const field: INodeProperties = { displayName: 'X', name: 'x', type: 'string', default: '', displayOptions: { show: { operation: ['old'] } } };
		expect(() => extraField(op(solSwitchCatalog, 'call', 'hold'), field)).toThrow('Field "x" of call/hold names the operation');
	});

	it('hides the credential where the operation sends no request, by resource or by operation', () => {
		expect(buildCredentials(solSwitchCatalog)).toEqual([{ name: 'solSwitchApi', required: true, displayOptions: { hide: { resource: ['digitValidation'] } } }]);
		expect(buildCredentials(messagingCatalog)).toEqual([{ name: 'solSwitchMessagingApi', required: true, displayOptions: { hide: { operation: ['reply'] } } }]);
		expect(buildCredentials(solSwitchAdminCatalog)).toEqual([{ name: 'solSwitchApi', required: true }]);
	});

	it('refuses to hide by an operation value that needs the credential in another resource', () => {
		const reply = op(messagingCatalog, 'message', 'reply');
		const clash: OperationSpec = { ...op(solSwitchCatalog, 'call', 'hold'), resource: 'other', operation: 'reply' };
		const catalog: Catalog = {
			service: switchService,
			resources: [{ value: 'message', name: 'Message' }, { value: 'other', name: 'Other' }],
			operations: [op(messagingCatalog, 'message', 'sendSms'), reply, clash],
		};
		expect(() => buildCredentials(catalog)).toThrow('Operation value "reply" sends no request in one resource but needs the credential in other');
	});

	it('gives an operation that sends no request no path and no transport options', () => {
		const reply = op(messagingCatalog, 'message', 'reply');
		expect(reply.path).toBeUndefined();
		const options = buildProperties(messagingCatalog).find((p) => p.name === 'options' && p.displayOptions?.show?.operation?.[0] === 'reply');
		expect(options).toBeUndefined();
	});
});

describe('file attributes', () => {
	it('check what is given by hand with the generated schema, in the attributes the request carries', () => {
		const mms = op(messagingCatalog, 'message', 'sendMms');
		const given = { From: '55555', To: '15145550123', ContentName: 'a.png', ContentType: 'image/png' };
		expect(buildRequestBody(mms, { ...given, Content: 'iVBO\nRw==' })).toEqual({ ok: true, body: { ...given, Content: 'iVBORw==' } });
		expect(buildRequestBody(mms, { ...given, Content: 'abc' })).toMatchObject({ ok: false, message: 'Content must be Base64 encoded' });
		expect(buildRequestBody(mms, { ...given, ContentType: 'png', Content: 'iVBORw==' })).toMatchObject({
			ok: false,
			message: 'Content Type must be a media type such as image/jpeg (got "png")',
		});
		const fax = op(solSwitchCatalog, 'fax', 'send');
		expect(buildRequestBody(fax, { To: '5145550199', From: '5145550101', File: '' })).toMatchObject({ ok: false, message: 'File is required' });
	});

	it('are fields of their own (source, binary field, fields by hand) and rows of the README', () => {
		const names = buildProperties(solSwitchCatalog)
			.filter((p) => p.displayOptions?.show?.operation?.[0] === 'send' && p.displayOptions?.show?.resource?.[0] === 'fax')
			.map((p) => [p.name, p.displayOptions?.show?.fileSource?.[0] ?? '']);
		expect(names).toEqual(expect.arrayContaining([['fileSource', ''], ['binaryPropertyName', 'binary'], ['File', 'url']]));
		expect(operationsTable(messagingCatalog)).toContain('| `From`, `To`, `ContentName`, `ContentType`, `Content` |');
		expect(operationsTable(solSwitchCatalog)).toContain('| `To`, `From`, `File` |');
	});
});

describe('dropdown names', () => {
	it('do not compile when a catalog entry names a listSearch method the node lacks', () => {
		const root = join(__dirname, '../../..');
		const file = join(root, 'test/unit/generators/__loadCheck.ts');
		const source = [
			"import type { OperationSpec } from '../../../nodes/engine/catalog/types';",
			"import type { AdminLists } from '../../../nodes/SolSwitchAdmin/methods/listSearch';",
			"import { recordId } from '../../../nodes/SolSwitchAdmin/catalog/fields';",
			"export const good = recordId('customers', 'ok');",
			"export const bad: OperationSpec<AdminLists> = { resource: 'r', operation: 'o', name: 'N', action: 'a', path: 'p', response: { kind: 'status' },",
			"  attributes: [{ name: 'ID', type: 'digits', description: 'd', load: 'noSuchList' }] };",
		].join('\n');
		const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, target: ts.ScriptTarget.ES2022, types: [] };
		const host = ts.createCompilerHost(options);
		const read = host.readFile.bind(host);
		host.readFile = (name) => (name === file ? source : read(name));
		const exists = host.fileExists.bind(host);
		host.fileExists = (name) => name === file || exists(name);
		const program = ts.createProgram([file], options, host);
		const messages = ts
			.getPreEmitDiagnostics(program, program.getSourceFile(file))
			.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
		expect(messages).toHaveLength(1);
		expect(messages[0]).toContain("'\"noSuchList\"' is not assignable to type '");
	}, 60000);
});

describe('rows that say what the editor asks', () => {
	it('Send and Wait lists the fields the editor asks: Message (sent as Body) and the Messaging Trigger URL', () => {
		const row = operationsTable(messagingCatalog)
			.split('\n')
			.find((line) => line.startsWith('| Message | Send and Wait for Response |'))!;
		expect(row).toContain('| `From`, `To`, Message (sent as `Body`), Messaging Trigger URL |');
	});

	it('an Update that takes every field of Create says so instead of repeating them, and names the ones it lacks', () => {
		const rows = operationsTable(solSwitchAdminCatalog).split('\n');
		const row = (start: string) => rows.find((line) => line.startsWith(start))!;
		expect(row('| Extension | Update |')).toContain('| `ID` | every field of Create | global or customer key |');
		expect(row('| DID | Update |')).toContain('| `ID` | every field of Create but `DID` | global key |');
		// Create keeps its own cell and never points back at Update, and a short list of its own stays names.
		expect(row('| DID | Create |')).not.toContain('every field of');
		expect(row('| Extension | Delete |')).toContain('| `ID` | `Customer` |');
		expect(row('| Firewall Rule | Create |')).toContain('| `Position`, `Web`, `SysAdmin`, `Provisioning`, `SIP` |');
		// The claim holds: the Update's optional fields are Create's, less the ones named.
		const names = (resource: string, operation: string) => solSwitchAdminCatalog.operations.find((o) => o.resource === resource && o.operation === operation)!.attributes.map((a) => a.name);
		expect(names('extension', 'edit').filter((n) => n !== 'ID').sort()).toEqual(names('extension', 'add').sort());
		expect(names('did', 'edit').filter((n) => n !== 'ID').sort()).toEqual(names('did', 'add').filter((n) => n !== 'DID').sort());
	});

	it('a long list of optional fields is their count, and the count is what the editor lists under Additional Fields', () => {
		const rows = operationsTable(solSwitchAdminCatalog).split('\n');
		const createExtension = rows.find((line) => line.startsWith('| Extension | Create |'))!;
		const editor = buildProperties(solSwitchAdminCatalog).filter(
			(p) => p.name === 'additionalFields' && p.displayOptions?.show?.resource?.[0] === 'extension' && p.displayOptions?.show?.operation?.[0] === 'add',
		);
		const counts = editor.map((p) => (p.options ?? []).length);
		expect(counts.length).toBeGreaterThan(0);
		expect(new Set(counts).size).toBe(1);
		expect(counts[0]).toBeGreaterThan(LONG_OPTIONAL_LIST);
		expect(createExtension).toContain(`| ${counts[0]} fields, under Additional Fields |`);
		expect(createExtension).not.toContain('`CIDName`');
		// No Path column: seven cells on every row, the interface function naming the call.
		expect(rows[0]).toBe('| Resource | Editor operation | Action | Interface function | Required | Optional | Key scope |');
		for (const line of rows.slice(2)) expect(line.split(' | ')).toHaveLength(7);
	});

	it('a retired resource (Legacy) is named with the node versions that still offer it, in the table and the README list', () => {
		expect(operationsTable(solSwitchAdminCatalog)).toContain('| Legacy (Deprecated), node versions 1 and 2 only | Add DID |');
		expect(operationsList(solSwitchAdminCatalog)).toContain('- Legacy (Deprecated), node versions 1 and 2 only: Add DID,');
		expect(operationsList(solSwitchAdminCatalog)).toContain('- DID: ');
	});
});
