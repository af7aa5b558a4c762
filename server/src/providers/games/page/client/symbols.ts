// Our own symbol art for the slot reels: small SVG drawings (48 × 48) built with the DOM, no
// files to load and no inline styles (the page's CSP allows none). Each is decorative: the
// symbol's name stays in the cell as visually hidden text for screen readers and the rounds table.
type Shape = [tag: 'circle' | 'ellipse' | 'rect' | 'path' | 'polygon', attrs: Record<string, string | number>];

const SEVEN = '12,9 37,9 37,16 25,40 17,40 28,16 12,16';
const STAR = '24,5 29.5,18 43,18.5 32.5,27 36.5,41 24,33 11.5,41 15.5,27 5,18.5 18.5,18';
const bars = (n: number, colour: string): Shape[] =>
  Array.from(
    { length: n },
    (_, i) =>
      [
        'rect',
        {
          x: 8,
          y: 24 - n * 6 + i * 12 + 1,
          width: 32,
          height: 9,
          rx: 2,
          fill: colour,
          stroke: '#111',
          'stroke-width': 1.5,
        },
      ] as Shape,
  );
const leaf = (x: number, y: number): Shape => ['path', { d: `M${x} ${y} q6 -8 12 -4 q-6 6 -12 4z`, fill: '#16a34a' }];

const ART: Record<string, Shape[]> = {
  cherry: [
    ['path', { d: 'M16 30 Q22 14 32 8 M32 30 Q30 18 32 8', stroke: '#166534', 'stroke-width': 2.5, fill: 'none' }],
    ['circle', { cx: 15, cy: 33, r: 8, fill: '#dc2626' }],
    ['circle', { cx: 32, cy: 33, r: 8, fill: '#b91c1c' }],
  ],
  lemon: [['ellipse', { cx: 24, cy: 26, rx: 17, ry: 12, fill: '#facc15', stroke: '#a16207', 'stroke-width': 1.5 }]],
  plum: [['circle', { cx: 24, cy: 27, r: 14, fill: '#7e22ce' }], leaf(24, 13)],
  bell: [
    [
      'path',
      {
        d: 'M24 7 C14 7 13 18 12 30 L8 35 H40 L36 30 C35 18 34 7 24 7z',
        fill: '#eab308',
        stroke: '#854d0e',
        'stroke-width': 1.5,
      },
    ],
    ['circle', { cx: 24, cy: 39, r: 4, fill: '#854d0e' }],
  ],
  star: [['polygon', { points: STAR, fill: '#f59e0b', stroke: '#92400e', 'stroke-width': 1.5 }]],
  seven: [['polygon', { points: SEVEN, fill: '#dc2626', stroke: '#7f1d1d', 'stroke-width': 1.5 }]],
  orange: [['circle', { cx: 24, cy: 27, r: 15, fill: '#f97316' }], leaf(24, 12)],
  grape: [
    [18, 16],
    [30, 16],
    [24, 24],
    [14, 26],
    [34, 26],
    [19, 34],
    [29, 34],
    [24, 42],
  ].map(([cx, cy]) => ['circle', { cx: cx!, cy: cy! - 2, r: 6, fill: '#6d28d9' }] as Shape),
  strawberry: [
    ['path', { d: 'M24 42 C10 32 8 18 16 14 Q24 12 32 14 C40 18 38 32 24 42z', fill: '#e11d48' }],
    ['path', { d: 'M15 14 L24 8 L33 14 L24 17z', fill: '#16a34a' }],
  ],
  melon: [
    ['circle', { cx: 24, cy: 24, r: 17, fill: '#86efac', stroke: '#15803d', 'stroke-width': 2 }],
    [
      'path',
      { d: 'M24 7 V41 M13 11 Q8 24 13 37 M35 11 Q40 24 35 37', stroke: '#15803d', 'stroke-width': 2, fill: 'none' },
    ],
  ],
  pineapple: [
    ['ellipse', { cx: 24, cy: 31, rx: 11, ry: 13, fill: '#f59e0b', stroke: '#92400e', 'stroke-width': 1.5 }],
    ['path', { d: 'M24 18 L16 4 L24 12 L32 4z', fill: '#16a34a' }],
  ],
  mango: [
    ['ellipse', { cx: 24, cy: 26, rx: 15, ry: 12, fill: '#fb923c', transform: 'rotate(-30 24 26)' }],
    leaf(30, 12),
  ],
  bar: bars(1, '#e5e7eb'),
  double_bar: bars(2, '#93c5fd'),
  triple_bar: bars(3, '#fca5a5'),
  clover: [
    [18, 18],
    [30, 18],
    [18, 30],
    [30, 30],
  ]
    .map(([cx, cy]) => ['circle', { cx: cx!, cy: cy!, r: 7, fill: '#16a34a' }] as Shape)
    .concat([['path', { d: 'M24 26 Q26 36 32 44', stroke: '#166534', 'stroke-width': 3, fill: 'none' }]]),
  horseshoe: [['path', { d: 'M12 40 V22 A12 12 0 0 1 36 22 V40', stroke: '#6b7280', 'stroke-width': 7, fill: 'none' }]],
  lucky_seven: [['polygon', { points: SEVEN, fill: '#facc15', stroke: '#854d0e', 'stroke-width': 2 }]],
  moon: [
    [
      'path',
      { d: 'M30 6 A18 18 0 1 0 42 34 A14 14 0 1 1 30 6z', fill: '#fde68a', stroke: '#a16207', 'stroke-width': 1.5 },
    ],
  ],
  planet: [
    ['circle', { cx: 24, cy: 24, r: 11, fill: '#38bdf8' }],
    [
      'ellipse',
      {
        cx: 24,
        cy: 24,
        rx: 20,
        ry: 6,
        fill: 'none',
        stroke: '#a16207',
        'stroke-width': 3,
        transform: 'rotate(-20 24 24)',
      },
    ],
  ],
  comet: [
    ['path', { d: 'M32 16 L6 6 L28 24 L4 26 L30 30z', fill: '#7dd3fc' }],
    ['circle', { cx: 34, cy: 28, r: 9, fill: '#e0f2fe', stroke: '#0369a1', 'stroke-width': 1.5 }],
  ],
  satellite: [
    ['rect', { x: 19, y: 17, width: 10, height: 14, fill: '#9ca3af', stroke: '#374151' }],
    ['rect', { x: 4, y: 20, width: 13, height: 8, fill: '#2563eb' }],
    ['rect', { x: 31, y: 20, width: 13, height: 8, fill: '#2563eb' }],
  ],
  rocket: [
    [
      'path',
      { d: 'M24 4 C32 12 32 26 30 34 H18 C16 26 16 12 24 4z', fill: '#e5e7eb', stroke: '#374151', 'stroke-width': 1.5 },
    ],
    ['path', { d: 'M18 28 L10 38 L18 36z M30 28 L38 38 L30 36z', fill: '#dc2626' }],
    ['path', { d: 'M20 36 L24 45 L28 36z', fill: '#f97316' }],
    ['circle', { cx: 24, cy: 18, r: 3.5, fill: '#38bdf8' }],
  ],
  galaxy: [
    ['ellipse', { cx: 24, cy: 24, rx: 20, ry: 9, fill: '#6d28d9', transform: 'rotate(25 24 24)' }],
    ['ellipse', { cx: 24, cy: 24, rx: 12, ry: 5, fill: '#c4b5fd', transform: 'rotate(25 24 24)' }],
    ['circle', { cx: 24, cy: 24, r: 3, fill: '#fff' }],
  ],
  coin: [
    ['circle', { cx: 24, cy: 24, r: 17, fill: '#eab308', stroke: '#854d0e', 'stroke-width': 2 }],
    ['rect', { x: 20, y: 20, width: 8, height: 8, fill: '#854d0e' }],
  ],
  lantern: [
    ['rect', { x: 17, y: 6, width: 14, height: 4, fill: '#854d0e' }],
    ['ellipse', { cx: 24, cy: 24, rx: 14, ry: 14, fill: '#dc2626' }],
    ['rect', { x: 17, y: 38, width: 14, height: 4, fill: '#854d0e' }],
    ['path', { d: 'M24 10 V38', stroke: '#facc15', 'stroke-width': 2 }],
  ],
  fan: [
    ['path', { d: 'M24 40 L4 20 A28 28 0 0 1 44 20z', fill: '#f472b6', stroke: '#831843', 'stroke-width': 1.5 }],
    ['path', { d: 'M24 40 L14 12 M24 40 L24 10 M24 40 L34 12', stroke: '#831843', 'stroke-width': 1.5 }],
  ],
  jade: [
    ['polygon', { points: '24,5 40,15 40,33 24,43 8,33 8,15', fill: '#10b981', stroke: '#065f46', 'stroke-width': 2 }],
  ],
  pearl: [
    ['circle', { cx: 24, cy: 24, r: 15, fill: '#f1f5f9', stroke: '#64748b', 'stroke-width': 1.5 }],
    ['circle', { cx: 19, cy: 19, r: 4, fill: '#fff' }],
  ],
  dragon: [
    [
      'path',
      {
        d: 'M6 34 C12 20 20 40 28 26 C33 17 38 16 43 12',
        stroke: '#15803d',
        'stroke-width': 6,
        fill: 'none',
        'stroke-linecap': 'round',
      },
    ],
    ['circle', { cx: 42, cy: 12, r: 5, fill: '#dc2626' }],
  ],
  lotus: [
    ['ellipse', { cx: 24, cy: 24, rx: 6, ry: 15, fill: '#f9a8d4' }],
    ['ellipse', { cx: 15, cy: 28, rx: 5, ry: 12, fill: '#f472b6', transform: 'rotate(-35 15 28)' }],
    ['ellipse', { cx: 33, cy: 28, rx: 5, ry: 12, fill: '#f472b6', transform: 'rotate(35 33 28)' }],
  ],
  ankh: [
    ['ellipse', { cx: 24, cy: 13, rx: 7, ry: 9, fill: 'none', stroke: '#ca8a04', 'stroke-width': 4 }],
    ['path', { d: 'M10 24 H38 M24 22 V44', stroke: '#ca8a04', 'stroke-width': 5 }],
  ],
  scarab: [
    ['ellipse', { cx: 24, cy: 28, rx: 12, ry: 14, fill: '#1e3a8a' }],
    ['circle', { cx: 24, cy: 11, r: 5, fill: '#1e40af' }],
    ['path', { d: 'M24 15 V42', stroke: '#93c5fd', 'stroke-width': 1.5 }],
  ],
  eye: [
    ['path', { d: 'M4 24 Q24 6 44 24 Q24 42 4 24z', fill: '#fff', stroke: '#1e3a8a', 'stroke-width': 2.5 }],
    ['circle', { cx: 24, cy: 24, r: 7, fill: '#1e3a8a' }],
  ],
  sphinx: [
    [
      'path',
      {
        d: 'M6 40 H42 V32 L30 30 L28 16 Q22 8 16 16 L15 28 L6 32z',
        fill: '#d6a354',
        stroke: '#78350f',
        'stroke-width': 1.5,
      },
    ],
  ],
  mask: [
    [
      'path',
      {
        d: 'M10 8 H38 V26 C38 38 30 44 24 44 C18 44 10 38 10 26z',
        fill: '#eab308',
        stroke: '#854d0e',
        'stroke-width': 2,
      },
    ],
    ['path', { d: 'M10 14 H38 M10 20 H38', stroke: '#1d4ed8', 'stroke-width': 2 }],
    ['ellipse', { cx: 18, cy: 27, rx: 3.5, ry: 2, fill: '#111' }],
    ['ellipse', { cx: 30, cy: 27, rx: 3.5, ry: 2, fill: '#111' }],
  ],
};

const SVG = 'http://www.w3.org/2000/svg';

/** The symbol's drawing (decorative: aria-hidden), or undefined for an unknown symbol. */
export function symbolArt(symbol: string): SVGSVGElement | undefined {
  const shapes = ART[symbol];
  if (!shapes) return undefined;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 48 48');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', 'symbol-art');
  for (const [tag, attrs] of shapes) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
    svg.append(node);
  }
  return svg;
}

/** Every symbol with art (tests check each slot title's symbols have one). */
export const SYMBOLS_WITH_ART = Object.keys(ART);
