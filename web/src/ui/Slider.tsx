// Sliders (React Aria Components): a number in a range with its label and current value,
// moved by drag, arrow keys, Page Up/Down, Home and End.
import { Label, Slider as AriaSlider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';

interface SliderProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  /** How the value is written ("125%"). */
  format?: (value: number) => string;
}

export function Slider({ label, value, onChange, min, max, step = 1, format }: SliderProps) {
  return (
    <AriaSlider className="ui-slider" value={value} onChange={onChange} minValue={min} maxValue={max} step={step}>
      <div className="ui-slider__head">
        <Label className="ui-slider__label">{label}</Label>
        <SliderOutput className="ui-slider__output">{({ state }) => (format ? format(state.getThumbValue(0)) : state.getThumbValueLabel(0))}</SliderOutput>
      </div>
      <SliderTrack className="ui-slider__track">
        <SliderThumb className="ui-slider__thumb" aria-label={label} />
      </SliderTrack>
    </AriaSlider>
  );
}
