/** Every node and credential type of the package, by name, for the in-process engine. */
import type { ICredentialType, INodeType } from 'n8n-workflow';
import { SolSwitchApi } from '../../credentials/SolSwitchApi.credentials';
import { SolSwitch } from '../../nodes/SolSwitch/SolSwitch.node';

export const allNodeTypes: Record<string, INodeType> = {
	solSwitch: new SolSwitch(),
};

export const allCredentialTypes: Record<string, ICredentialType> = {
	solSwitchApi: new SolSwitchApi(),
};
