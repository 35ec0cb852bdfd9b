// The settings feature: the persisted settings categories and their provider.
export { SettingsProvider, useSettings } from './SettingsProvider';
export type { SettingsState } from './SettingsProvider';
export { SettingsCategories } from './SettingsCategories';
export type { CameraSettings, OverlayFields, OverlayOptions } from './defaults';
