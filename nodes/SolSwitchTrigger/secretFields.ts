/**
 * The callback secrets' fields, written once: the SolSwitch Callbacks API credential shows them, and
 * version 1 of the SolSwitch Trigger keeps them as node fields for its saved workflows.
 */
import type { INodeProperties } from 'n8n-workflow';

export const packetApiKeyField: INodeProperties = {
	displayName: 'Packet API Key',
	name: 'packetApiKey',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		"The key set in the switch portal's SIP packet POST settings (API management). Needed by the SIP Packet POST event kind: a POST whose APIKey differs is refused (401) and starts nothing.",
};

export const sharedSecretField: INodeProperties = {
	displayName: 'Shared Secret',
	name: 'sharedSecret',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		'Optional. When set, every callback must carry it, added to the URL pasted in the portal (?secret= followed by the secret) or in the X-SolSwitch-Secret header; others are refused (401) and start nothing.',
};
