/**
 * The n8n settings the suite measures in. n8n 2.40 evaluates expressions in V8 isolates by default;
 * the legacy engine evaluates them in-process; lazy acquisition (experimental in 2.40) takes an
 * isolate only at the first expression that needs one instead of at every non-Webhook trigger's call.
 */
import type { N8nSetting } from './types';

export const N8N_SETTINGS: N8nSetting[] = [
	{ id: 'default', label: 'default settings (expression isolates)', env: {} },
	{ id: 'legacy', label: 'N8N_EXPRESSION_ENGINE=legacy', env: { N8N_EXPRESSION_ENGINE: 'legacy' } },
	{ id: 'lazy', label: 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true', env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' } },
];
