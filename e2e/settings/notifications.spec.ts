import { test as base, expect, uniqueName } from '../fixtures.js';
import { NotificationSettings } from '../pages/notification-settings.js';
import { startApiServer } from '../support/api-server.js';
import { postGraphQL } from '../support/graphql.js';
import { startPushService } from '../support/push-service.js';
import { serviceWorkerPushes } from '../support/service-worker-pushes.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

/**
 * This file's server runs outside production: the receivers these flows
 * start listen on 127.0.0.1, which production refuses as a delivery target
 * by design (docs/notifications.md). Everything else is as in production.
 */
const test = base.extend({
  server: [
    async ({ dedicatedServer: _dedicated }, use) => {
      const server = await startApiServer({ production: false });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const REGISTER_PUSH_DEVICE = /* GraphQL */ `
  mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {
    registerPushDevice(input: $input) {
      __typename
    }
  }
`;

const PUSH_PUBLIC_KEY = /* GraphQL */ `
  query {
    notificationSettings {
      pushPublicKey
    }
  }
`;

/** An iPhone-sized screen: Settings must work where the owner is, without sideways scrolling. */
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

test('a webhook endpoint is added with its secret shown once, a test is delivered and shown, and it is disabled, enabled and deleted', async ({
  page,
  context,
  signInAsOwner,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    await signInAsOwner(context);
    const settings = new NotificationSettings(page);
    await settings.open();

    const secret = await test.step('added: the secret is shown once, then never again', async () => {
      const shown = await settings.addEndpoint(receiver.url, {
        events: ['An agent asks for a sign-off', 'A request is approved or denied'],
        description: 'Ops channel bridge',
      });
      expect(shown).toMatch(/^whsec_/);
      await settings.secretPanel.getByRole('button', { name: 'Done' }).click();
      await expect(settings.secretPanel).toHaveCount(0);
      const endpoint = settings.endpoint(receiver.url);
      await expect(endpoint).toContainText('Ops channel bridge');
      await expect(endpoint).toContainText('Standard Webhooks (signed JSON)');
      await expect(endpoint).toContainText('An agent asks for a sign-off');
      await expect(endpoint).toContainText('A request is approved or denied');
      await expect(endpoint.getByText('Enabled', { exact: true })).toBeVisible();
      await expect(page.getByText(shown)).toHaveCount(0);
      expect(await settings.overflowsHorizontally()).toBe(false);
      return shown;
    });

    await test.step('Send test: the delivery shows as delivered with the receiver’s 200, and the receiver got it signed', async () => {
      await settings.endpoint(receiver.url).getByRole('button', { name: 'Send test' }).click();
      const row = settings
        .deliveries(receiver.url)
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Test' }) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Delivered');
      await expect(row.getByRole('cell', { name: '200', exact: true })).toBeVisible();
      await expect(row).toContainText('thanks');
      await expect(row).toContainText(/\d+ ms/);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'WEBHOOK_TEST' });
      expect(await settings.overflowsHorizontally()).toBe(false);
    });

    await test.step('Rotate secret: a new secret, shown once', async () => {
      await settings.endpoint(receiver.url).getByRole('button', { name: 'Rotate secret' }).click();
      const panel = settings
        .endpoint(receiver.url)
        .getByRole('status')
        .filter({ has: page.getByRole('heading', { name: 'New signing secret' }) });
      const rotated = await panel.getByLabel('Webhook secret').inputValue();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      await panel.getByRole('button', { name: 'Done' }).click();
      await expect(panel).toHaveCount(0);
    });

    await test.step('Disable, then Enable', async () => {
      const endpoint = settings.endpoint(receiver.url);
      await endpoint.getByRole('button', { name: 'Disable' }).click();
      await expect(endpoint.getByText('Disabled', { exact: true })).toBeVisible();
      await expect(endpoint).toContainText('Disabled by its owner.');
      await expect(endpoint.getByRole('button', { name: 'Send test' })).toBeDisabled();
      // Disabled by its owner, not after failing: nothing for the banner to say.
      await expect(page.getByRole('status', { name: 'Disabled webhook endpoints' })).toHaveCount(0);
      await endpoint.getByRole('button', { name: 'Enable' }).click();
      await expect(endpoint.getByText('Enabled', { exact: true })).toBeVisible();
      await expect(endpoint).not.toContainText('Disabled by its owner.');
    });

    await test.step('Delete, after confirming', async () => {
      await settings.endpoint(receiver.url).getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this webhook endpoint?' });
      await expect(dialog).toContainText(receiver.url);
      await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
      await expect(dialog).toBeHidden();
      await expect(settings.endpoint(receiver.url)).toHaveCount(0);
    });
  } finally {
    await receiver.close();
  }
});

test('an endpoint the API refuses says why, and no secret is shown', async ({ page, context, signInAsOwner }) => {
  await signInAsOwner(context);
  const settings = new NotificationSettings(page);
  await settings.open();
  const form = settings.endpoints.getByRole('group', { name: 'Add an endpoint' });
  await form.getByLabel('Endpoint URL').fill('https://user:pw@example.com/hook');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByRole('alert')).toContainText('must not contain credentials');
  await expect(settings.secretPanel).toHaveCount(0);

  for (const checkbox of await form.getByRole('checkbox').all()) await checkbox.uncheck();
  await form.getByLabel('Endpoint URL').fill('https://example.com/hook');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose at least one event.');
});

test('email says it is off when the server has no SMTP', async ({ page, context, signInAsOwner }) => {
  await signInAsOwner(context);
  const settings = new NotificationSettings(page);
  await settings.open();
  await expect(settings.email).toContainText('Email is off: this server has no SMTP configured (SMTP_URL, MAIL_FROM).');
  await expect(settings.email.getByRole('combobox')).toHaveCount(0);
});

test('“Notify me on this device” registers /sw.js and subscribes, or says why this browser cannot', async ({ page, context, baseURL, signInAsOwner }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signInAsOwner(context);

  await test.step('the service worker is served from the console’s root as JavaScript', async () => {
    const script = await page.request.get('/sw.js');
    expect(script.status()).toBe(200);
    expect(script.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
  });

  const settings = new NotificationSettings(page);
  await settings.open();
  await expect(settings.push.getByLabel('Device name')).toHaveValue(/^Chrome on /);
  await settings.push.getByLabel('Device name').fill('E2E laptop');
  await settings.push.getByRole('button', { name: 'Notify me on this device' }).click();

  await test.step('the worker is registered for the whole console and active', async () => {
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL)).toBe(`${baseURL}/sw.js`);
  });

  await test.step('registered and listed, or the browser’s refusal shown', async () => {
    const registered = settings.push.getByText('This device will be notified.');
    const refused = settings.push.getByRole('alert');
    await expect(registered.or(refused)).toBeVisible();
    if (await registered.isVisible()) {
      await expect(settings.push.getByRole('list', { name: 'Devices' })).toContainText('E2E laptop');
    } else {
      // Headless Chromium has no push service: PushManager.subscribe rejects ("Registration failed - permission denied")
      // even with notifications allowed. The console says so instead of pretending; registration is covered below.
      await expect(refused).toContainText('This browser could not subscribe to push:');
      test.info().annotations.push({ type: 'limitation', description: `PushManager.subscribe refused here: ${await refused.innerText()}` });
    }
  });
});

test('“Notify me on this device” without the permission explains how to allow it', async ({ page, context, signInAsOwner }) => {
  await context.clearPermissions();
  await signInAsOwner(context);
  const settings = new NotificationSettings(page);
  await settings.open();
  const button = settings.push.getByRole('button', { name: 'Notify me on this device' });
  // A browser that already reports "denied" says so at once; one that would prompt is asked on the click (headless declines).
  if (await button.isVisible()) await button.click();
  await expect(settings.push.getByRole('alert')).toHaveText(
    'Notifications are not allowed for this site: allow them when the browser asks, or in its site settings, then try again.',
  );
});

test('the service worker shows a pushed request, replaces it by tag, and closes it when decided', async ({ page, context, baseURL, signInAsOwner }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signInAsOwner(context);
  await page.goto('/settings');
  const { push, shown } = await serviceWorkerPushes(page, context, baseURL!);

  const tag = 'sign-off-7d2c4d9e-0000-4000-8000-000000000001';
  await push({ tag, title: 'deploy-bot asks to pause the site', body: 'Risk medium · 7 days left to decide', url: `${baseURL}/inbox/x` });
  await expect
    .poll(shown)
    .toEqual([{ title: 'deploy-bot asks to pause the site', body: 'Risk medium · 7 days left to decide', tag, data: { url: `${baseURL}/inbox/x` } }]);

  await push({ tag, title: 'deploy-bot asks to pause the site', body: 'deploy-bot asks. Risk medium · 1 hour left to decide', url: `${baseURL}/inbox/x` });
  await expect.poll(async () => (await shown()).map((notification) => notification.body)).toEqual(['deploy-bot asks. Risk medium · 1 hour left to decide']);

  // The console is on screen, so the decision shows there and the worker shows nothing in its place.
  await push({ tag, title: 'Approved: deploy-bot asks to pause the site', body: '', url: `${baseURL}/inbox/x`, close: true });
  await expect.poll(shown).toEqual([]);
});

test('a registered device is listed, receives a request signed and encrypted, its worker shows it, and Remove stops it', async ({
  page,
  context,
  baseURL,
  signInAsOwner,
  seedAgent,
}) => {
  const pushService = await startPushService();
  try {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await signInAsOwner(context);
    // Registered as the console would after PushManager.subscribe, with the keys of a subscription this test holds (headless Chromium cannot subscribe).
    const registered = await postGraphQL<{ registerPushDevice: { __typename: string } }>(context.request, REGISTER_PUSH_DEVICE, {
      variables: { input: { name: 'Relay phone', ...pushService.subscription } },
    });
    expect(registered.data?.registerPushDevice.__typename).toBe('PushDeviceRegistered');
    const settings = new NotificationSettings(page);
    await settings.open();
    const devices = settings.push.getByRole('list', { name: 'Devices' });
    const device = devices.getByRole('listitem').filter({ hasText: 'Relay phone' });
    await expect(device).toContainText('Last used never');

    const { name, client: agent } = await seedAgent(uniqueName('push-bot'));
    const repository = await agent.createRepository(uniqueName('wiki'));
    const { signOff } = await agent.requestSignOff({ op: 'repository.unserve', repository: repository.name, input: {}, summary: 'Pause the wiki' });

    const message = await test.step('the API pushes the request, VAPID-signed with the key the console subscribes with', async () => {
      await expect.poll(() => pushService.received.length).toBeGreaterThan(0);
      const [pushed] = pushService.received;
      const key = (await postGraphQL<{ notificationSettings: { pushPublicKey: string } }>(context.request, PUSH_PUBLIC_KEY)).data?.notificationSettings
        .pushPublicKey;
      expect(pushed!.headers.authorization).toContain(`k=${key}`);
      expect(pushed!.payload).toMatchObject({
        tag: `sign-off-${signOff.id}`,
        title: expect.stringContaining(name),
        url: expect.stringMatching(new RegExp(`/inbox/${signOff.id}$`)),
      });
      return pushed!.payload as { tag: string; title: string; body: string; url: string };
    });

    await test.step('the service worker shows that message as a notification', async () => {
      const { push, shown } = await serviceWorkerPushes(page, context, baseURL!);
      await push(message);
      await expect.poll(shown).toEqual([{ title: message.title, body: message.body, tag: message.tag, data: { url: message.url } }]);
    });

    await test.step('the list says when it was last used; Remove takes it off', async () => {
      await page.reload();
      await expect(device).not.toContainText('Last used never');
      await device.getByRole('button', { name: 'Remove the device Relay phone' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove the device Relay phone?' });
      await dialog.getByRole('button', { name: 'Remove device' }).click();
      await expect(dialog).toBeHidden();
      await expect(device).toHaveCount(0);
    });
  } finally {
    await pushService.close();
  }
});
