/**
 * A real n8n-core LoadOptionsContext for the SolSwitch Admin node, as the editor's dropdown requests
 * get: the node's listSearch methods run with n8n's own request helpers and credential injection.
 */
import { LoadOptionsContext } from 'n8n-core';
import { Workflow, type ICredentialDataDecryptedObject, type INodeParameters } from 'n8n-workflow';
import { packageNodeTypes, TestCredentialsHelper, testAdditionalData } from '../../../scripts/n8n-engine/n8nCore';

/** The context a dropdown of the node gets, with the node's current parameters. */
export function loadOptionsContext(
	parameters: INodeParameters,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	nodeType = 'solSwitchAdmin',
) {
	const node = {
		id: 'node',
		name: 'Node With Dropdowns',
		type: `n8n-nodes-solswitch.${nodeType}`,
		typeVersion: 1,
		position: [0, 0] as [number, number],
		parameters,
		credentials: Object.fromEntries(Object.keys(credentials).map((c) => [c, { id: c, name: c }])),
	};
	const workflow = new Workflow({ id: 'w', nodes: [node], connections: {}, nodeTypes: packageNodeTypes, active: false, settings: {} });
	const additionalData = testAdditionalData({
		credentialsHelper: new TestCredentialsHelper(credentials),
		currentNodeParameters: parameters,
	});
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters');
}
