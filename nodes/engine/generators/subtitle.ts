/**
 * The node's subtitle on the canvas: the operation as the editor names it and its resource ("Get
 * Many: DID"), not the stored values ("view: did"), which n8n's usual subtitle expression shows and
 * which no longer match the names since they follow n8n's UX guidelines.
 */
import type { Catalog } from '../catalog/types';
import { operationLabel } from './names';

export function buildSubtitle(catalog: Catalog): string {
	const names: Record<string, string> = {};
	for (const op of catalog.operations) {
		const resource = catalog.resources.find((r) => r.value === op.resource)?.name ?? op.resource;
		names[`${op.resource}/${op.operation}`] = `${operationLabel(op)}: ${resource}`;
	}
	return `={{ (${JSON.stringify(names)})[$parameter["resource"] + "/" + $parameter["operation"]] }}`;
}
