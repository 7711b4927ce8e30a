import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { loadConfig, logger } from '../../kit/src';
import type { ModuleFactory } from './module';
import { checkTargets, Runtime } from './runtime';
import { ThreadLink } from './thread';

/** Process entry: run TARGET's modules until SIGINT/SIGTERM, then stop cleanly. */
export async function runMain(registry: Record<string, ModuleFactory>) {
  if (!isMainThread && workerData?.heraldThread === 'services') return runServicesThread(registry);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const problem = checkTargets(config.targets, registry);
  if (problem) {
    console.error(problem);
    process.exit(2);
  }
  const runtime = new Runtime(config, registry, Runtime.mainRole(config));
  if (config.targets.includes('migrate')) {
    try {
      await runtime.migrateOnly();
      await runtime.stop();
      logger.info('migrations applied');
      process.exit(0);
    } catch (err) {
      logger.fatal({ err }, 'migration failed');
      process.exit(1);
    }
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await runtime.stop().catch((err) => logger.error({ err }, 'error while stopping'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await runtime.start();
  } catch (err) {
    logger.fatal({ err: err instanceof Error ? err.message : String(err) }, 'failed to start');
    await runtime.stop().catch(() => undefined);
    process.exit(1);
  }
  return runtime;
}

/** All-in-one's services thread (see Runtime): started and stopped by the main thread over the link. */
function runServicesThread(registry: Record<string, ModuleFactory>) {
  const link = new ThreadLink(parentPort!);
  const runtime = new Runtime(loadConfig(), registry, 'services', link);
  link.on('start', async () => {
    await runtime.start();
    return runtime.servicesStarted();
  });
  link.on('stop', (drainUntil: number) => runtime.stop(drainUntil));
  return runtime;
}
