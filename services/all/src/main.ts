import { runMain } from '../../../libs/runtime/src/main';
import { registry } from './modules';

void runMain(registry);
