// The settings of `/` (SPEC §2: '/' is the settings page): the GPS, the core's version, the
// display (zoom, theme), storage, the instrument categories and every page. Since issue 12
// they sit below the field workspace (app/WorkspacePage.tsx), which links here ('Settings').
import { AccountPanel } from '../features/account';
import { MediaUsage } from '../features/camera';
import { CoreVersion } from '../features/coreInfo/CoreVersion';
import { GpsPanel } from '../features/gps/GpsPanel';
import { OfflineMapSettings } from '../features/map';
import { AllRoutesNav } from '../features/navigation/AllRoutesNav';
import { SettingsCategories } from '../features/settings/SettingsCategories';
import { StorageUsage } from '../features/storage';
import { ThemeSetting } from '../features/theme';
import { ZoomSetting } from '../features/zoom/ZoomSetting';

export const SETTINGS_ANCHOR = 'settings';

export default function SettingsSections() {
  return (
    <section aria-labelledby="settings-title" id={SETTINGS_ANCHOR} className="settings-sections" tabIndex={-1}>
      <h2 id="settings-title">Settings</h2>
      <p>
        Settings for this device. They are kept in this browser, so they apply with or
        without a connection.
      </p>
      <AccountPanel />
      <GpsPanel />
      <section aria-labelledby="settings-display" className="panel">
        <h3 id="settings-display">Display</h3>
        <ThemeSetting />
        <ZoomSetting />
      </section>
      <section aria-labelledby="settings-core" className="panel">
        <h3 id="settings-core">Survey core</h3>
        <CoreVersion />
        <p>
          The survey core does the calculations (distances, GPS sentences, exports). Quote
          this line when you report a problem.
        </p>
      </section>
      <StorageUsage />
      <MediaUsage />
      <OfflineMapSettings />
      <section aria-labelledby="settings-instruments" className="panel">
        <h3 id="settings-instruments">Instruments and recording</h3>
        <SettingsCategories />
      </section>
      <AllRoutesNav />
    </section>
  );
}
