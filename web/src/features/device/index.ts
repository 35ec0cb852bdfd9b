// The device feature: phone or tablet, and the surveyor's choice of app on a phone.
export { DEVICE_CHOICE_PATHS, readDeviceChoice, saveDeviceChoice } from './deviceChoice';
export type { DeviceChoice } from './deviceChoice';
export { isMobileDevice, isMobileUserAgent } from './isMobileUserAgent';
