import { runMain } from '../../../libs/runtime/src/main';
import * as services from './services';

void runMain(Object.values(services));
