// The POI table's icon identifiers (from the core) as glyphs the app can show anywhere.
const GLYPHS: Record<string, string> = {
  circle: '●',
  bridge: '🌉',
  trees: '🌳',
  cable: '〰',
  zap: '⚡',
  'traffic-light': '🚦',
  footprints: '🚶',
  'move-horizontal': '↔',
  road: '🛣',
  intersection: '✚',
  signpost: '🪧',
  'train-track': '🛤',
  info: 'ℹ',
  'triangle-alert': '⚠',
  'sticky-note': '📝',
  'hard-hat': '🔧',
  ban: '⛔',
  flag: '🚩',
};

export function poiGlyph(icon: string): string {
  return GLYPHS[icon] ?? '●';
}
