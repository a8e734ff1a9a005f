/**
 * The sandbox switch's profiles (sandbox/switch/profiles.ts) for tests that must hold under every
 * reading the switch documents allow: `describe.each(EVERY_PROFILE)(...)` (callEventsProfiles,
 * placedCallsProfiles, placedCallNumbers). The slow profile is for the tests that bound time
 * (callEventsLifecycle, slowSwitch).
 */
import { SWITCH_PROFILE_NAMES, type SwitchProfileName } from '../../sandbox/switch/profiles';

export { SWITCH_PROFILE_NAMES, type SwitchProfileName };

/** Every profile except `slow` (10 s per answer: only the tests of time bounds run it). */
export const EVERY_PROFILE: SwitchProfileName[] = SWITCH_PROFILE_NAMES.filter((name) => name !== 'slow');
