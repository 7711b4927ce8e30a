import { metrics, newId, newIdAt, uuidv7Ms } from '../src';

describe('uuidv7Ms', () => {
  it('reads the millisecond a UUIDv7 was made at, and nothing from other ids', () => {
    const at = new Date('2031-05-06T07:08:09.123Z');
    expect(uuidv7Ms(newIdAt(at))).toBe(at.getTime());
    expect(Math.abs(uuidv7Ms(newId())! - Date.now())).toBeLessThan(1000);
    expect(uuidv7Ms('0b9c7c58-2a1e-4c8e-9f3e-2d8f3f1a7b6c')).toBeUndefined(); // v4
    expect(uuidv7Ms('not-an-id')).toBeUndefined();
  });
});

describe('onScrape', () => {
  it('registers its gauges, runs the hook once per scrape, keeps the last values when a hook fails, and stops on removal', async () => {
    expect(metrics.registry.getSingleMetric('herald_campaign_recipients_pending')).toBeUndefined();
    let runs = 0;
    let fail = false;
    const remove = metrics.onScrape([metrics.campaignRecipientsPending, metrics.workflowTimersDue], async () => {
      runs++;
      if (fail) throw new Error('database down');
      metrics.campaignRecipientsPending.set(runs * 10);
      metrics.workflowTimersDue.set(runs);
    });
    const read = async () => {
      const all = await metrics.registry.getMetricsAsJSON();
      const of = (name: string) => all.find((m) => m.name === name)?.values[0]?.value;
      return [of('herald_campaign_recipients_pending'), of('herald_workflow_timers_due')];
    };
    expect(await read()).toEqual([10, 1]);
    expect(runs).toBe(1); // two gauges, one query
    await new Promise((r) => setTimeout(r, 1100));
    fail = true;
    expect(await read()).toEqual([10, 1]);
    expect(runs).toBe(2);
    remove();
    await new Promise((r) => setTimeout(r, 1100));
    await read();
    expect(runs).toBe(2);
    // All-in-one sums its threads' metrics; a gauge both threads read from the database must not double.
    expect((await metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'herald_workflow_timers_due')).toMatchObject({ aggregator: 'max' });
  });
});
