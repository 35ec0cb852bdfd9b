import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetStorageForTests } from '../../services/storage/storageService';
import { DEFAULT_SETTINGS } from './defaults';
import { SettingsCategories } from './SettingsCategories';
import { SettingsProvider } from './SettingsProvider';

afterEach(() => resetStorageForTests());

describe('camera defaults (SPEC §3 "Camera settings (persisted)")', () => {
  it('match the SPEC word for word', () => {
    const camera = DEFAULT_SETTINGS.camera;
    expect(camera.imageSize).toBe('1280x720');
    expect(camera.imageFormat).toBe('image/jpeg');
    const on = ['enabled', 'showPOI', 'showGPS', 'showHeight', 'showDateTime', 'showLogo', 'showSurveyTitle', 'showProjectNumber', 'showSurveyorName'];
    const off = ['showHeading', 'showText', 'showPOINotes'];
    expect(Object.keys(camera.overlayOptions).sort()).toEqual([...on, ...off].sort());
    for (const key of on) expect(camera.overlayOptions[key as keyof typeof camera.overlayOptions]).toBe(true);
    for (const key of off) expect(camera.overlayOptions[key as keyof typeof camera.overlayOptions]).toBe(false);
    expect(Object.keys(camera.overlayFields).sort()).toEqual(['poiNotes', 'projectNumber', 'surveyTitle', 'surveyorName']);
    expect([camera.autoCapture, camera.previewEnabled, camera.videoMode]).toEqual([true, false, false]);
    expect([camera.recordingDuration, camera.videoBufferDuration, camera.displayMode]).toEqual([10, 5, 'fit']);
    expect(camera).toHaveProperty('selectedCamera');
    expect(camera).toHaveProperty('videoBuffer');
  });
});

describe('SettingsCategories', () => {
  it('shows the six categories, every control with a name', async () => {
    render(
      <SettingsProvider>
        <SettingsCategories />
      </SettingsProvider>,
    );
    for (const name of ['Laser', 'GPS', 'Camera', 'Map', 'Logging', 'Alerts']) {
      expect(await screen.findByRole('group', { name: `${name} settings` })).toBeInTheDocument();
    }
    const controls = [
      ...screen.getAllByRole('checkbox'),
      ...screen.getAllByRole('combobox'),
      ...screen.getAllByRole('spinbutton'),
      ...screen.getAllByRole('textbox'),
    ];
    expect(controls.length).toBeGreaterThan(20);
    for (const control of controls) expect(control).toHaveAccessibleName();
    const camera = screen.getByRole('group', { name: 'Camera settings' });
    expect(within(camera).getByRole('combobox', { name: 'Image size' })).toHaveValue('1280x720');
    expect(within(camera).getByRole('checkbox', { name: 'Overlay: heading' })).not.toBeChecked();
  });

  it('a change is stored and read back on the next start', async () => {
    const first = render(
      <SettingsProvider>
        <SettingsCategories />
      </SettingsProvider>,
    );
    const camera = await screen.findByRole('group', { name: 'Camera settings' });
    fireEvent.change(within(camera).getByRole('combobox', { name: 'Image size' }), { target: { value: '1920x1080' } });
    await within(camera).findByText(/Camera settings saved/);
    first.unmount();
    resetStorageForTests();
    render(
      <SettingsProvider>
        <SettingsCategories />
      </SettingsProvider>,
    );
    const again = await screen.findByRole('group', { name: 'Camera settings' });
    expect(within(again).getByRole('combobox', { name: 'Image size' })).toHaveValue('1920x1080');
  });
});

describe('routing settings (issue 12: SPEC §7 services)', () => {
  it('the Map category has the three routing fields; OSRM defaults to the public demo server', async () => {
    render(
      <SettingsProvider>
        <SettingsCategories />
      </SettingsProvider>,
    );
    const map = await screen.findByRole('group', { name: 'Map settings' });
    expect(within(map).getByRole('textbox', { name: 'OSRM service URL' })).toHaveValue('https://router.project-osrm.org');
    expect(within(map).getByRole('textbox', { name: 'Directions service URL' })).toHaveValue('');
    expect(within(map).getByRole('textbox', { name: 'Directions API key' })).toHaveValue('');
  });

  it('a URL that is not http(s) is refused next to its field and not stored; a good one is', async () => {
    const first = render(
      <SettingsProvider>
        <SettingsCategories />
      </SettingsProvider>,
    );
    const map = await screen.findByRole('group', { name: 'Map settings' });
    const directions = within(map).getByRole('textbox', { name: 'Directions service URL' });
    fireEvent.change(directions, { target: { value: 'proxy.example.org/directions' } });
    expect(directions).toHaveAttribute('aria-invalid', 'true');
    expect(directions).toHaveAccessibleDescription('Directions service URL must be an address starting with http:// or https://, or empty.');
    const osrm = within(map).getByRole('textbox', { name: 'OSRM service URL' });
    fireEvent.change(osrm, { target: { value: 'http://10.0.0.5:5000' } });
    await within(map).findByText(/Map settings saved/);
    fireEvent.change(within(map).getByRole('textbox', { name: 'Directions API key' }), { target: { value: 'AIza-test' } });
    await within(map).findByText(/Map settings saved/);
    first.unmount();
    resetStorageForTests();
    render(
      <SettingsProvider>
        <SettingsCategories />
      </SettingsProvider>,
    );
    const again = await screen.findByRole('group', { name: 'Map settings' });
    expect(within(again).getByRole('textbox', { name: 'OSRM service URL' })).toHaveValue('http://10.0.0.5:5000');
    expect(within(again).getByRole('textbox', { name: 'Directions service URL' })).toHaveValue('');
    expect(within(again).getByRole('textbox', { name: 'Directions API key' })).toHaveValue('AIza-test');
  });
});
