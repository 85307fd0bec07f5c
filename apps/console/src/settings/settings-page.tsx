import { ApiTokensSection } from './api-tokens-section';
import { EmailPreferencesSection } from './email-preferences-section';
import { PushDevicesSection } from './push-devices-section';
import { WebhookEndpointsSection } from './webhook-endpoints-section';
import './settings.css';

/** The owner's settings: where they are told about what happens (webhooks, email, push), and the API tokens their scripts use. */
export function SettingsPage() {
  return (
    <>
      <h1>Settings</h1>
      <WebhookEndpointsSection />
      <EmailPreferencesSection />
      <PushDevicesSection />
      <ApiTokensSection />
    </>
  );
}
