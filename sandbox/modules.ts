/**
 * The sandbox's parts, each a module set up once per sandbox with its host (contract.ts): the
 * switch's functions (call control, management, reports), the control endpoints, the gateway, the
 * callbacks.
 */
import type { SandboxModule } from './contract';
import { adminModule } from './switch/admin';
import { callsModule } from './switch/calls';
import { controlModule } from './control/routes';
import { gatewayModule } from './gateway';
import { reportsModule } from './switch/reports';
import { callbacksModule } from './switch/callbacks';
import { digitValidationModule } from './switch/digitValidation/module';
import { callPlayerModule } from './switch/callPlayer';

export const modules: SandboxModule[] = [callsModule, adminModule, controlModule, reportsModule, gatewayModule, callbacksModule, digitValidationModule, callPlayerModule];
