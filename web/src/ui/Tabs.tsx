// Tabs (React Aria Components): the one tab strip of the app, keyboard-operable (arrows,
// Home, End) with the ARIA tabs pattern. Pages give the tabs as a list; only the selected
// panel is in the page.
import type { Key, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

interface TabsProps {
  /** What the tab strip is for, read by screen readers ("Workspace panels"). */
  label: string;
  items: readonly TabItem[];
  selected?: string;
  onSelect?: (id: string) => void;
  className?: string;
}

export function Tabs({ label, items, selected, onSelect, className }: TabsProps) {
  return (
    <AriaTabs
      className={`ui-tabs ${className ?? ''}`}
      selectedKey={selected}
      onSelectionChange={onSelect ? (key: Key) => onSelect(String(key)) : undefined}
    >
      <TabList aria-label={label} className="ui-tabs__list">
        {items.map((item) => (
          <Tab key={item.id} id={item.id} className="ui-tabs__tab">
            {item.label}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className="ui-tabs__panel">
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
