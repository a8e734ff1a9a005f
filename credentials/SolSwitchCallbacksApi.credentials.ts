import type { ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

/**
 * The secrets the switch's callbacks carry to the SolSwitch Trigger (switch-calls-reporting.md,
 * "Calls from the switch to an external application"). Kept in a credential, not in node fields, so
 * n8n stores them encrypted and never in the workflow JSON or the copy saved with each execution.
 * Nothing is sent with them: the switch calls n8n, so there is no authenticate block and no test.
 */
export class SolSwitchCallbacksApi implements ICredentialType {
	name = 'solSwitchCallbacksApi';

	displayName = 'SolSwitch Callbacks API';

	icon: Icon = { light: 'file:../icons/solswitch.svg', dark: 'file:../icons/solswitch.dark.svg' };

	documentationUrl = 'https://github.com/solswitch/n8n-nodes-solswitch#solswitch-callbacks-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Packet API Key',
			name: 'packetApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"The key set in the switch portal's SIP packet POST settings (API management). Needed by the SIP Packet POST event kind: a POST whose APIKey differs is refused.",
		},
		{
			displayName: 'Shared Secret',
			name: 'sharedSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Optional. When set, every callback must carry it, as ?secret=<secret> added to the URL pasted in the portal or in the X-SolSwitch-Secret header.',
		},
	];
}
