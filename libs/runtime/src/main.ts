import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Config, EXIT_PORT_TAKEN, loadConfig, logger, PortTaken } from '../../kit/src';
import { Registry } from './registry';
import type { AnyService } from './service';
import { Runtime } from './runtime';
import { ThreadLink } from './thread';

/**
 * The process's configuration: its own settings and the slices of the services TARGET runs, and
 * only those (a process does not validate the settings of services it does not run).
 */
export function configFor(registry: Registry, env: NodeJS.ProcessEnv = process.env): Config {
  const targets = (env.TARGET ?? 'all')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const known = targets.filter((t) => t === 'all' || t === 'migrate' || registry.has(t));
  return loadConfig(env, registry.slicesOf(registry.select(known)));
}

/** Process entry: run TARGET's services until SIGINT/SIGTERM, then stop cleanly. */
export async function runMain(services: AnyService[]) {
  let registry: Registry;
  let config: Config;
  try {
    registry = new Registry(services);
    if (!isMainThread && workerData?.heraldThread === 'services') return runServicesThread(registry);
    config = configFor(registry);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const problem = registry.checkTargets(config.targets);
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
    process.exit(err instanceof PortTaken ? EXIT_PORT_TAKEN : 1);
  }
  return runtime;
}

/** All-in-one's services thread (see Runtime): started and stopped by the main thread over the link. */
function runServicesThread(registry: Registry) {
  const link = new ThreadLink(parentPort!);
  const runtime = new Runtime(configFor(registry), registry, 'services', link);
  link.on('start', async () => {
    await runtime.start();
    return runtime.servicesStarted();
  });
  link.on('stop', (drainUntil: number) => runtime.stop(drainUntil));
  return runtime;
}
