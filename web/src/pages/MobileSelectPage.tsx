import { useNavigate } from 'react-router-dom';
import { DEVICE_CHOICE_PATHS, readDeviceChoice, saveDeviceChoice, type DeviceChoice } from '../features/device/deviceChoice';
import { Page } from '../ui/Page';

const CHOICES: readonly { choice: DeviceChoice; label: string; description: string }[] = [
  {
    choice: 'full',
    label: 'Full survey app',
    description: 'Record surveys and measurements on this device, with settings, routes and exports.',
  },
  {
    choice: 'companion',
    label: 'Companion app',
    description: 'Use this device alongside the surveyor’s main device, which keeps the survey.',
  },
];

export default function MobileSelectPage() {
  const navigate = useNavigate();
  const current = readDeviceChoice();

  function choose(choice: DeviceChoice) {
    saveDeviceChoice(choice);
    navigate(DEVICE_CHOICE_PATHS[choice]);
  }

  return (
    <Page title="Choose the app for this device">
      <p>
        This device was recognised as a phone or tablet. Choose what it is used for; the
        choice is remembered on this device and can be changed here at any time.
      </p>
      <ul className="choice-list">
        {CHOICES.map(({ choice, label, description }) => (
          <li key={choice}>
            <button type="button" className="button button--choice" onClick={() => choose(choice)}>
              {label}
            </button>
            <p>
              {description}
              {current === choice && ' (current choice)'}
            </p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
