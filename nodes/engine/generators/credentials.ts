/**
 * The node's credential entry, generated: the catalog's credential, hidden while the selected
 * operation sends no request (a local operation without a Customer attribute), so nobody is asked
 * for a key that is not used.
 */
import type { INodeCredentialDescription } from 'n8n-workflow';
import type { Catalog, OperationSpec } from '../catalog/types';

/**
 * Whether running the operation needs the credential: a request does; a local one when its runner
 * sends through a function of the service, or for its Customer.
 */
export function needsCredential(op: OperationSpec): boolean {
	return !op.local || op.sendsThrough !== undefined || op.attributes.some((a) => a.role === 'customer');
}

/**
 * n8n hides a credential when ANY key of `hide` matches, so each rule must hold on its own: a
 * resource whose operations all run without the credential is hidden by resource; a single such
 * operation by its operation value, which must then need no credential in any resource.
 */
export function credentialVisibility(catalog: Catalog): Pick<INodeCredentialDescription, 'displayOptions'> {
	const resources: string[] = [];
	const operations = new Set<string>();
	for (const resource of catalog.resources) {
		const ops = catalog.operations.filter((op) => op.resource === resource.value);
		const without = ops.filter((op) => !needsCredential(op));
		if (!without.length) continue;
		if (without.length === ops.length) resources.push(resource.value);
		else for (const op of without) operations.add(op.operation);
	}
	for (const operation of operations) {
		const clash = catalog.operations.find((op) => op.operation === operation && needsCredential(op));
		if (clash) {
			throw new Error(
				`Operation value "${operation}" sends no request in one resource but needs the credential in ${clash.resource}: give it a distinct value`,
			);
		}
	}
	const hide = {
		...(resources.length ? { resource: resources } : {}),
		...(operations.size ? { operation: [...operations] } : {}),
	};
	return Object.keys(hide).length ? { displayOptions: { hide } } : {};
}

/** The `credentials` of a catalog-driven node's description. */
export function buildCredentials(catalog: Catalog): INodeCredentialDescription[] {
	return [{ name: catalog.service.credential, required: true, ...credentialVisibility(catalog) }];
}
