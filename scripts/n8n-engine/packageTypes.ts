/** Every node and credential type of the package, by name, for the in-process engine. */
import type { ICredentialType, INodeType } from 'n8n-workflow';
import { SolSwitchApi } from '../../credentials/SolSwitchApi.credentials';
import { SolSwitchCallbacksApi } from '../../credentials/SolSwitchCallbacksApi.credentials';
import { SolSwitchMessagingApi } from '../../credentials/SolSwitchMessagingApi.credentials';
import { SolSwitch } from '../../nodes/SolSwitch/SolSwitch.node';
import { SolSwitchAdmin } from '../../nodes/SolSwitchAdmin/SolSwitchAdmin.node';
import { SolSwitchMessaging } from '../../nodes/SolSwitchMessaging/SolSwitchMessaging.node';
import { SolSwitchMessagingTrigger } from '../../nodes/SolSwitchMessagingTrigger/SolSwitchMessagingTrigger.node';
import { SolSwitchTrigger } from '../../nodes/SolSwitchTrigger/SolSwitchTrigger.node';

export const allNodeTypes: Record<string, INodeType> = {
	solSwitch: new SolSwitch(),
	solSwitchAdmin: new SolSwitchAdmin(),
	solSwitchTrigger: new SolSwitchTrigger(),
	solSwitchMessaging: new SolSwitchMessaging(),
	solSwitchMessagingTrigger: new SolSwitchMessagingTrigger(),
};

export const allCredentialTypes: Record<string, ICredentialType> = {
	solSwitchApi: new SolSwitchApi(),
	solSwitchMessagingApi: new SolSwitchMessagingApi(),
	solSwitchCallbacksApi: new SolSwitchCallbacksApi(),
};
