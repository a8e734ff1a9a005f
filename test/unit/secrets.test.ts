/**
 * Every secret in a credential: no node field is masked (typeOptions.password) except where a
 * credential cannot hold the value, and every field that holds a key, a secret or a password is
 * masked. The exceptions, and why:
 * - catalog attributes of type password (SIP account passwords, the voicemail password, a trunk's
 *   Auto Learn API Key): values a workflow writes into the switch's records, one per record, often
 *   mapped from earlier nodes: data the node sends, not n8n's authentication;
 * - the SolSwitch Trigger's version 1 Packet API Key and Shared Secret: shown for version 1 only, so
 *   saved workflows keep their values; version 2 reads them from the SolSwitch Callbacks API credential.
 */
import type { INodeProperties, INodeType } from 'n8n-workflow';
import { solSwitchCatalog } from '../../nodes/SolSwitch/catalog';
import { solSwitchAdminCatalog } from '../../nodes/SolSwitchAdmin/catalog';
import { messagingCatalog } from '../../nodes/SolSwitchMessaging/catalog';
import { checkCallbackSecrets } from '../../nodes/SolSwitchTrigger/credentialTest';
import { allCredentialTypes, allNodeTypes } from '../../scripts/n8n-engine/packageTypes';

interface Found {
	node: string;
	path: string[];
	property: INodeProperties;
	/** The collections the field sits in, outermost first. */
	parents: INodeProperties[];
}

function walk(node: string, properties: INodeProperties[], path: string[] = [], parents: INodeProperties[] = []): Found[] {
	return properties.flatMap((property) => {
		const here: Found = { node, path: [...path, property.name], property, parents };
		const children = (property.options ?? []).flatMap((option) => {
			if ('type' in option && 'displayName' in option) return walk(node, [option as INodeProperties], [...path, property.name], [...parents, property]);
			if ('values' in option) return walk(node, option.values, [...path, property.name, option.name], [...parents, property]);
			return [];
		});
		return [here, ...children];
	});
}

const fields = Object.entries(allNodeTypes).flatMap(([name, type]: [string, INodeType]) => walk(name, type.description.properties));
const masked = fields.filter((f) => f.property.typeOptions?.password === true);

const catalogSecrets = new Set(
	[solSwitchCatalog, solSwitchAdminCatalog, messagingCatalog].flatMap((c) => c.operations.flatMap((o) => o.attributes.filter((a) => a.type === 'password').map((a) => a.name))),
);

const onlyVersion1 = (f: Found) =>
	[f.property, ...f.parents].some((p) => JSON.stringify(p.displayOptions?.show?.['@version']) === '[1]');

describe('every secret in a credential', () => {
	it('finds the masked fields to check (the walk reaches collections)', () => {
		expect(masked.map((f) => `${f.node}:${f.property.name}`)).toEqual(
			expect.arrayContaining(['solSwitchAdmin:AutoLearnAPIKey', 'solSwitchTrigger:packetApiKey', 'solSwitchTrigger:sharedSecret']),
		);
	});

	it('no node field is masked except record values sent to the switch and version 1 trigger fields', () => {
		const unexplained = masked.filter((f) => !(f.node === 'solSwitchAdmin' && catalogSecrets.has(f.property.name)) && !(f.node === 'solSwitchTrigger' && onlyVersion1(f)));
		expect(unexplained.map((f) => `${f.node}:${f.path.join('.')}`)).toEqual([]);
	});

	it('the version 1 trigger secrets are not shown from version 2 on', () => {
		const triggerSecrets = masked.filter((f) => f.node === 'solSwitchTrigger');
		expect(triggerSecrets.length).toBeGreaterThan(0);
		expect(triggerSecrets.every(onlyVersion1)).toBe(true);
	});

	it('every text field holding a key, a secret or a password is masked, in nodes and credentials', () => {
		const credentialFields = Object.entries(allCredentialTypes).flatMap(([name, type]) => walk(name, type.properties));
		const secretLike = [...fields, ...credentialFields].filter(
			(f) => f.property.type === 'string' && /(api ?key|^key$|secret|password)/i.test(`${f.property.displayName}`) && !/type/i.test(f.property.name),
		);
		expect(secretLike.length).toBeGreaterThan(5);
		expect(secretLike.filter((f) => f.property.typeOptions?.password !== true).map((f) => `${f.node}:${f.path.join('.')}`)).toEqual([]);
	});

	it('the SolSwitch Trigger offers the SolSwitch Callbacks API credential, which masks both secrets (and the SolSwitch API one for the call events only)', () => {
		expect(allNodeTypes.solSwitchTrigger.description.credentials).toEqual([
			{ name: 'solSwitchCallbacksApi', required: false, testedBy: 'solSwitchCallbacksApiTest' },
			{ name: 'solSwitchApi', required: true, displayOptions: { show: { event: ['missed-call', 'call-ended', 'new-recording', 'call-events'] } } },
		]);
		const credential = allCredentialTypes.solSwitchCallbacksApi;
		expect(credential.properties.map((p) => [p.name, p.typeOptions?.password])).toEqual([
			['packetApiKey', true],
			['sharedSecret', true],
		]);
	});

	it('the credential\'s test refuses no secret at all and a Shared Secret that would change in a URL', () => {
		expect(checkCallbackSecrets({ packetApiKey: '', sharedSecret: '' }).status).toBe('Error');
		expect(checkCallbackSecrets({ packetApiKey: '', sharedSecret: 'a&b' })).toEqual({
			status: 'Error',
			message: 'The Shared Secret has characters that change in a URL (such as &, #, + or spaces): use letters, digits and - . _ ~',
		});
		expect(checkCallbackSecrets({ packetApiKey: 'k', sharedSecret: '' }).status).toBe('OK');
		expect(checkCallbackSecrets({ packetApiKey: '', sharedSecret: 'N0t-guessable_~.' }).status).toBe('OK');
	});
});
