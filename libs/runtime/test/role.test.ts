/** Unit test: which thread layout a process picks (see Runtime.mainRole). */
import os from 'node:os';
import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../kit/src';
import { Runtime } from '../src/runtime';

const role = (env: NodeJS.ProcessEnv) => Runtime.mainRole(loadConfig({ ...env }));

describe('Runtime.mainRole', () => {
  it('all-in-one takes a services thread when there is more than one core, unless told not to', () => {
    expect(role({ TARGET: 'all' })).toBe(os.availableParallelism() > 1 ? 'edge' : 'whole');
    expect(role({ TARGET: 'all', ALL_IN_ONE_THREADS: '2' })).toBe('edge');
    expect(role({ TARGET: 'all', ALL_IN_ONE_THREADS: '1' })).toBe('whole');
  });

  it('keeps one thread where events go through RabbitMQ, and in split targets', () => {
    expect(role({ TARGET: 'all', ALL_IN_ONE_THREADS: '2', BUS_TRANSPORT: 'amqp' })).toBe('whole');
    expect(role({ TARGET: 'gateway', ALL_IN_ONE_THREADS: '2' })).toBe('whole');
    expect(role({ TARGET: 'contacts,events' })).toBe('whole');
  });

  it('refuses a thread count other than 1 or 2', () => {
    expect(() => loadConfig({ TARGET: 'all', ALL_IN_ONE_THREADS: '3' })).toThrow(/ALL_IN_ONE_THREADS/);
  });
});
