/**
 * The SolSwitch Admin node's versions: 1 (every record, every field), 2 (Return All / Limit and
 * Simplify, engine/generators/listing.ts), 3 (Legacy (Deprecated) no longer offered: saved workflows
 * of versions 1 and 2 keep its four functions and run as before).
 */
import { ACTION_NODE_VERSIONS } from '../engine/generators/listing';

export const NO_LEGACY_VERSION = 3;

/** Every version a saved workflow may hold; the last is the default for new nodes. */
export const ADMIN_NODE_VERSIONS = [...ACTION_NODE_VERSIONS, NO_LEGACY_VERSION];
