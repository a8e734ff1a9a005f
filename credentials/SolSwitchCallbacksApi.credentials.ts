import type { ICredentialType, INodeProperties, Icon } from 'n8n-workflow';
import { packetApiKeyField, sharedSecretField } from '../nodes/SolSwitchTrigger/secretFields';

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

	documentationUrl = 'https://github.com/solswitch/n8n-nodes-solswitch/blob/main/docs/credentials.md#solswitch-callbacks-api';

	properties: INodeProperties[] = [packetApiKeyField, sharedSecretField];
}
