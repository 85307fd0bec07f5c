import { describe, expect } from 'vitest';
import { openDatabase } from '../src/platform/db/database.js';
import { EventBus } from '../src/platform/events/bus.js';
import { apiTest, dbTest, testConfig, testLog } from './fixtures.js';
import { freePort } from './processes.js';
import { spawnApi } from './spawn-api.js';

describe('spawnApi', () => {
  dbTest('returns an in-process API only once its /readyz answers 200', async ({ database }) => {
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const server = await spawnApi({ config: testConfig(), db: database, bus, log: testLog });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.close();
      await bus.stop();
    }
  });

  dbTest('fails at its deadline naming the API whose /readyz did not answer 200', async ({ database }) => {
    const away = await openDatabase({
      databaseUrl: `postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`,
      dataDir: '',
      log: testLog,
      runMigrations: false,
    });
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    try {
      await expect(spawnApi({ config: testConfig(), db: away, bus, log: testLog }, { deadlineMs: 500 })).rejects.toThrow(
        /the in-process API did not become ready: http:\/\/127\.0\.0\.1:\d+\/readyz gave .+ for 500 ms/,
      );
    } finally {
      await bus.stop();
      await away.close();
    }
  });

  apiTest('starts src/app/main.ts as a child process on a database and stops it', async ({ api }) => {
    const instance = await spawnApi(api.db.url);
    expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    await instance.stop();
    expect(instance.running()).toBe(false);
  });

  dbTest('reports what a child process printed when it exits before becoming ready', async () => {
    await expect(spawnApi(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`, { COUNTERSIGN_DATA_DIR: '' })).rejects.toThrow(
      /the API process on port \d+ exited before .*\/readyz answered[\s\S]*exit code: [1-9]/,
    );
  });
});
