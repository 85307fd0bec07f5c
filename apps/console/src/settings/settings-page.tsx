import { ApiTokensSection } from './api-tokens-section';

/** The owner's settings: for now, the API tokens their scripts use. */
export function SettingsPage() {
  return (
    <>
      <h1>Settings</h1>
      <ApiTokensSection />
    </>
  );
}
