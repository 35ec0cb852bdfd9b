// The settings page section: every category of SPEC §2 with a labelled control per
// setting. Each change is stored at once (local store, appSettings).
import { useEffect, useId, useState } from 'react';
import { listCameras, type CameraDevice } from '../../services/camera';
import { SETTINGS_CATEGORIES, type AppSettings, type SettingsCategory } from './defaults';
import { CATEGORY_TITLES, FIELDS, isServiceUrl, readPath, writePath, type FieldSpec } from './fields';
import { useSettings } from './SettingsProvider';
import './settings.css';

function NumberField({ field, value, onChange }: { field: Extract<FieldSpec, { kind: 'number' }>; value: number; onChange: (v: number) => void }) {
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The stored value changed (loaded, or set elsewhere): show it.
    setShown(value);
    setDraft(String(value));
  }
  const helpId = useId();
  return (
    <label className="settings-field">
      <span>{field.label}</span>
      <input
        type="number"
        aria-describedby={field.help ? helpId : undefined}
        min={field.min}
        max={field.max}
        step={field.step}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          const next = event.target.valueAsNumber;
          if (Number.isFinite(next) && next >= field.min && next <= field.max) onChange(next);
        }}
      />
      {field.help && (
        <small id={helpId} className="settings-field__help">
          {field.help}
        </small>
      )}
    </label>
  );
}

/** A service address: stored when it is empty or an http(s) URL, else the field says why. */
function UrlField({ field, value, onChange }: { field: Extract<FieldSpec, { kind: 'url' }>; value: string; onChange: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const id = useId();
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const valid = isServiceUrl(draft.trim());
  return (
    <div className="settings-field-group">
      <label className="settings-field">
        <span>{field.label}</span>
        <input
          type="url"
          inputMode="url"
          spellCheck={false}
          autoComplete="off"
          value={draft}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : id}
          onChange={(event) => {
            setDraft(event.target.value);
            const next = event.target.value.trim();
            if (isServiceUrl(next)) onChange(next);
          }}
        />
      </label>
      {!valid && (
        <span id={id} className="settings-field-error">
          {field.label} must be an address starting with http:// or https://, or empty.
        </span>
      )}
    </div>
  );
}

/** 'Camera': the cameras the browser lists (names appear once camera access was allowed). */
function CameraField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [cameras, setCameras] = useState<CameraDevice[]>([]);
  useEffect(() => {
    let live = true;
    const read = () => void listCameras().then((list) => live && setCameras(list), () => undefined);
    read();
    navigator.mediaDevices?.addEventListener?.('devicechange', read);
    return () => {
      live = false;
      navigator.mediaDevices?.removeEventListener?.('devicechange', read);
    };
  }, []);
  const known = value === '' || cameras.some((c) => c.deviceId === value);
  return (
    <label className="settings-field">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Default camera</option>
        {cameras
          .filter((c) => c.deviceId)
          .map((c) => (
            <option key={c.deviceId} value={c.deviceId}>
              {c.label}
            </option>
          ))}
        {!known && <option value={value}>Camera not connected</option>}
      </select>
    </label>
  );
}

function Field({ field, value, onChange }: { field: FieldSpec; value: unknown; onChange: (v: unknown) => void }) {
  switch (field.kind) {
    case 'boolean':
      return (
        <label className="settings-field settings-field-check">
          <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
          <span>{field.label}</span>
        </label>
      );
    case 'number':
      return <NumberField field={field} value={Number(value)} onChange={onChange} />;
    case 'select':
      return (
        <label className="settings-field">
          <span>{field.label}</span>
          <select value={String(value)} onChange={(event) => onChange(event.target.value)}>
            {field.options.map(([option, text]) => (
              <option key={option} value={option}>
                {text}
              </option>
            ))}
          </select>
        </label>
      );
    case 'url':
      return <UrlField field={field} value={String(value ?? '')} onChange={onChange} />;
    case 'camera':
      return <CameraField label={field.label} value={String(value ?? '')} onChange={onChange} />;
    case 'text':
      return (
        <label className="settings-field">
          <span>{field.label}</span>
          <input type="text" value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} />
        </label>
      );
  }
}

function Category({ category }: { category: SettingsCategory }) {
  const { settings, update } = useSettings();
  const [status, setStatus] = useState('');
  const values = settings[category];
  const change = (path: readonly string[], value: unknown) => {
    setStatus('');
    void update(category, writePath<AppSettings[typeof category]>(values, path, value)).then((outcome) => {
      if (!outcome) setStatus(`${CATEGORY_TITLES[category]} settings were not saved.`);
      else if (outcome.savedIn === 'indexeddb') setStatus(`${CATEGORY_TITLES[category]} settings saved.`);
      else setStatus(`${CATEGORY_TITLES[category]} settings saved in emergency storage.`);
    });
  };
  return (
    <fieldset className="settings-category">
      <legend>{CATEGORY_TITLES[category]} settings</legend>
      {FIELDS[category].map((field) => (
        <Field key={field.path.join('.')} field={field} value={readPath(values, field.path)} onChange={(v) => change(field.path, v)} />
      ))}
      <p role="status" className="settings-status">
        {status}
      </p>
    </fieldset>
  );
}

export function SettingsCategories() {
  const { loaded } = useSettings();
  if (!loaded) return <p>Loading settings…</p>;
  return (
    <div className="settings-categories">
      {SETTINGS_CATEGORIES.map((category) => (
        <Category key={category} category={category} />
      ))}
    </div>
  );
}
