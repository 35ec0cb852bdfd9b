// The settings page section: every category of SPEC §2 with a labelled control per
// setting. Each change is stored at once (local store, appSettings).
import { useState } from 'react';
import { SETTINGS_CATEGORIES, type AppSettings, type SettingsCategory } from './defaults';
import { CATEGORY_TITLES, FIELDS, readPath, writePath, type FieldSpec } from './fields';
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
  return (
    <label className="settings-field">
      <span>{field.label}</span>
      <input
        type="number"
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
