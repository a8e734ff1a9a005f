/**
 * The SolSwitch Messaging node's versions. Version 2 shows Receipt and Details, Yes/No dropdowns in
 * version 1, as toggles (AttributeSpec.toggleSince); what a request sends is the same in both.
 */
export const TOGGLES_VERSION = 2;

/** Every version a saved workflow may hold; the last is the default for new nodes. */
export const MESSAGING_NODE_VERSIONS = [1, TOGGLES_VERSION];
