import { AccountPanel } from '../features/account';
import { CoreVersion } from '../features/coreInfo/CoreVersion';
import { GpsPanel } from '../features/gps/GpsPanel';
import { AllRoutesNav } from '../features/navigation/AllRoutesNav';
import { SettingsCategories } from '../features/settings/SettingsCategories';
import { StorageUsage } from '../features/storage';
import { SurveyWorkspace } from '../features/survey';
import { ZoomSetting } from '../features/zoom/ZoomSetting';
import { Page } from '../ui/Page';

export default function SettingsPage() {
  return (
    <Page title="Settings">
      <p>
        Settings for this device. They are kept in this browser, so they apply with or
        without a connection.
      </p>
      <SurveyWorkspace />
      <AccountPanel />
      <GpsPanel />
      <section aria-labelledby="settings-core">
        <h2 id="settings-core">Survey core</h2>
        <CoreVersion />
        <p>
          The survey core does the calculations (distances, GPS sentences, exports). Quote
          this line when you report a problem.
        </p>
      </section>
      <section aria-labelledby="settings-display">
        <h2 id="settings-display">Display</h2>
        <ZoomSetting />
      </section>
      <StorageUsage />
      <section aria-labelledby="settings-instruments">
        <h2 id="settings-instruments">Instruments and recording</h2>
        <SettingsCategories />
      </section>
      <AllRoutesNav />
    </Page>
  );
}
