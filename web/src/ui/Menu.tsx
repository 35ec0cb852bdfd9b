// Menus (React Aria Components): a button that opens a list of actions, operable with the
// arrow keys and typeahead, closing on Escape or outside press.
import type { ReactNode } from 'react';
import { Button, Menu as AriaMenu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';

export interface MenuAction {
  id: string;
  label: string;
}

interface MenuProps {
  /** The trigger's text (also its accessible name). */
  label: ReactNode;
  /** An accessible name when the trigger shows an icon only. */
  ariaLabel?: string;
  actions: readonly MenuAction[];
  onAction: (id: string) => void;
}

export function Menu({ label, ariaLabel, actions, onAction }: MenuProps) {
  return (
    <MenuTrigger>
      <Button className="ui-button" aria-label={ariaLabel}>
        {label}
      </Button>
      <Popover className="ui-menu__popover" placement="bottom end">
        <AriaMenu className="ui-menu" onAction={(key) => onAction(String(key))}>
          {actions.map((action) => (
            <MenuItem key={action.id} id={action.id} className="ui-menu__item">
              {action.label}
            </MenuItem>
          ))}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
