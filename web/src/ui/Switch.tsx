// Switches (React Aria Components): an on/off setting with its label, announced as a
// switch; the whole row is the touch target.
import type { ReactNode } from 'react';
import { Switch as AriaSwitch } from 'react-aria-components';

interface SwitchProps {
  children: ReactNode;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  isDisabled?: boolean;
}

export function Switch({ children, isSelected, onChange, isDisabled }: SwitchProps) {
  return (
    <AriaSwitch className="ui-switch" isSelected={isSelected} onChange={onChange} isDisabled={isDisabled}>
      <span className="ui-switch__track" aria-hidden="true">
        <span className="ui-switch__thumb" />
      </span>
      <span className="ui-switch__label">{children}</span>
    </AriaSwitch>
  );
}
