#!/usr/bin/env python3
"""Writes public/games/<id>.svg: one flat-illustration style for every title.

Each picture is 320x240 with the same frame: a two-tone backdrop in the game's own hue, a soft
light behind the subject, diagonal sheen lines and the subject drawn in flat shapes with one
outline colour. No text: the name, provider and category badge are the page's own (localized) HTML.
Run: python3 scripts/game-art.py
"""
import math, pathlib

OUT = pathlib.Path(__file__).resolve().parent.parent / 'public' / 'games'
INK = '#1c1917'

def frame(game_id, name, dark, light, body):
    return f'''<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240" role="img" aria-label="{name}">
<defs><linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{light}"/><stop offset="1" stop-color="{dark}"/></linearGradient>
<radialGradient id="l" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="320" height="240" fill="url(#b)"/>
<path d="M-20 200 140-40M40 260 260-40M160 280 360 0" stroke="#fff" stroke-opacity=".07" stroke-width="28"/>
<circle cx="160" cy="118" r="105" fill="url(#l)"/>
<ellipse cx="160" cy="206" rx="92" ry="10" fill="{INK}" fill-opacity=".25"/>
<g stroke="{INK}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">{body}</g>
</svg>
'''

def seven(x, y, s, fill):
    return f'<path d="M{x} {y}h{30*s}l{-16*s} {44*s}h{-10*s}l{13*s} {-35*s}h{-17*s}z" fill="{fill}"/>'

def wheel(cx, cy, r, colors, zero):
    parts = []
    n = 18
    for i in range(n):
        a0, a1 = 2*math.pi*i/n, 2*math.pi*(i+1)/n
        x0, y0 = cx + r*math.cos(a0), cy + r*math.sin(a0)
        x1, y1 = cx + r*math.cos(a1), cy + r*math.sin(a1)
        fill = zero if i == 0 else colors[i % 2]
        parts.append(f'<path d="M{cx} {cy}L{x0:.1f} {y0:.1f}A{r} {r} 0 0 1 {x1:.1f} {y1:.1f}z" fill="{fill}" stroke-width="2"/>')
    return ''.join(parts)

def pips(cx, cy, n, size=30):
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
             5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[n]
    step = size * 0.55
    return ''.join(f'<circle cx="{cx+dx*step:.1f}" cy="{cy+dy*step:.1f}" r="5" fill="{INK}" stroke="none"/>' for dx, dy in spots)

def card(x, y, rot, suit_path, fill='#fffaf0'):
    return f'<g transform="rotate({rot} {x+35} {y+50})"><rect x="{x}" y="{y}" width="70" height="100" rx="8" fill="{fill}"/><g transform="translate({x+35} {y+50})">{suit_path}</g></g>'

SPADE = '<path d="M0-26C-14-10-24-2-24 8a11 11 0 0 0 20 6l-4 14h16l-4-14a11 11 0 0 0 20-6C24-2 14-10 0-26z" fill="#1c1917" stroke="none"/>'
HEART = '<path d="M0 22C-18 8-24 0-24-10a12 12 0 0 1 24-4 12 12 0 0 1 24 4C24 0 18 8 0 22z" fill="#dc2626" stroke="none"/>'
DIAMOND = '<path d="M0-26 20 0 0 26-20 0z" fill="#dc2626" stroke="none"/>'

ART = {
  'amber-fortune': ('Amber Fortune', '#7c3a00', '#f59e0b',
    '<path d="M160 40 214 78 200 160 160 190 120 160 106 78z" fill="#fbbf24"/><path d="M160 40 182 92 160 190 138 92z" fill="#fde68a"/><path d="M106 78h108M138 92h44" fill="none" stroke-width="3"/>'
    '<circle cx="92" cy="168" r="16" fill="#fcd34d"/><circle cx="230" cy="172" r="12" fill="#fcd34d"/>'),
  'dragon-gold': ('Dragon Gold', '#450a0a', '#b91c1c',
    '<path d="M96 170c10-60 60-96 112-86 26 5 40 24 34 44-14-14-34-12-42 2 16 4 24 20 16 34-18-16-46-14-60 6z" fill="#f59e0b"/><circle cx="222" cy="112" r="6" fill="#1c1917" stroke="none"/>'
    '<path d="M150 96l-14-30 28 18M186 86l2-32 18 28" fill="#fbbf24"/><ellipse cx="118" cy="184" rx="22" ry="8" fill="#fde047"/><ellipse cx="118" cy="176" rx="22" ry="8" fill="#facc15"/>'),
  'lucky-sevens': ('Lucky Sevens', '#312e81', '#6366f1',
    '<rect x="58" y="62" width="204" height="112" rx="14" fill="#eef2ff"/><path d="M126 62v112M194 62v112" fill="none" stroke-width="3"/>'
    + seven(74, 96, 1.1, '#dc2626') + seven(142, 96, 1.1, '#dc2626') + seven(210, 96, 1.1, '#dc2626')),
  'star-voyage': ('Star Voyage', '#0c0a3e', '#4338ca',
    '<circle cx="150" cy="122" r="50" fill="#a78bfa"/><ellipse cx="150" cy="122" rx="86" ry="20" fill="none" stroke="#fde68a" stroke-width="8" transform="rotate(-18 150 122)"/>'
    '<path d="M232 54l5 12 12 5-12 5-5 12-5-12-12-5 12-5zM70 70l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" fill="#fef08a" stroke-width="2"/>'),
  'pharaoh-riches': ('Pharaoh Riches', '#78350f', '#d97706',
    '<circle cx="222" cy="70" r="26" fill="#fef3c7"/><path d="M60 190 150 70l100 120z" fill="#fcd34d"/><path d="M150 70l100 120h-64z" fill="#f59e0b"/>'
    '<path d="M112 140h56M96 162h86" fill="none" stroke-width="3"/>'),
  'fruit-fiesta': ('Fruit Fiesta', '#14532d', '#16a34a',
    '<path d="M128 126c8-40 30-64 60-72M146 130c12-30 30-52 42-76" fill="none"/><circle cx="120" cy="150" r="28" fill="#dc2626"/><circle cx="158" cy="160" r="28" fill="#ef4444"/>'
    '<ellipse cx="222" cy="146" rx="40" ry="30" fill="#facc15"/><path d="M188 54c20-6 34 0 40 14-18 6-32 2-40-14z" fill="#4ade80"/>'),
  'french-roulette': ('French Roulette', '#1e1b4b', '#7c3aed',
    '<circle cx="160" cy="120" r="84" fill="#78350f"/>' + wheel(160, 120, 70, ['#111827', '#b91c1c'], '#15803d') + '<circle cx="160" cy="120" r="26" fill="#fbbf24"/><circle cx="202" cy="70" r="8" fill="#fff"/>'),
  'european-roulette': ('European Roulette', '#052e16', '#15803d',
    '<circle cx="160" cy="120" r="84" fill="#57534e"/>' + wheel(160, 120, 70, ['#b91c1c', '#111827'], '#16a34a') + '<circle cx="160" cy="120" r="26" fill="#e7e5e4"/><circle cx="118" cy="74" r="8" fill="#fff"/>'),
  'blackjack': ('Blackjack', '#052e16', '#166534',
    card(104, 66, -12, SPADE) + card(150, 60, 10, HEART) + '<circle cx="92" cy="186" r="14" fill="#f59e0b"/><circle cx="232" cy="188" r="14" fill="#2563eb"/>'),
  'baccarat-royale': ('Baccarat Royale', '#3b0764', '#9333ea',
    '<path d="M112 92l16-34 32 24 32-24 16 34z" fill="#fbbf24"/>' + card(100, 100, -8, DIAMOND) + card(152, 96, 8, SPADE)),
  'crash': ('Crash', '#0f172a', '#0e7490',
    '<path d="M52 190h220M52 190V50" fill="none" stroke-width="3"/><path d="M56 186C120 180 180 150 236 74" fill="none" stroke="#facc15" stroke-width="8"/>'
    '<path d="M236 74l-10-30 34 10z" fill="#f8fafc"/><path d="M226 80l-14 10 6-18z" fill="#f97316"/>'),
  'mines': ('Mines', '#1c1917', '#57534e',
    ''.join(f'<rect x="{80+c*56}" y="{40+r*56}" width="46" height="46" rx="8" fill="{"#e7e5e4" if (r+c)%3 else "#a8a29e"}" stroke-width="3"/>' for r in range(3) for c in range(3))
    + '<path d="M159 72l14 14-14 14-14-14z" fill="#22d3ee"/><circle cx="215" cy="142" r="14" fill="#111827"/><path d="M215 122v-6M229 128l5-5" fill="none" stroke="#f97316"/>'),
  'dice': ('Dice', '#450a0a', '#e11d48',
    '<rect x="84" y="84" width="78" height="78" rx="14" fill="#fff7ed" transform="rotate(-12 123 123)"/><g transform="rotate(-12 123 123)">' + pips(123, 123, 5) + '</g>'
    '<rect x="170" y="90" width="70" height="70" rx="12" fill="#fff7ed" transform="rotate(14 205 125)"/><g transform="rotate(14 205 125)">' + pips(205, 125, 3, 26) + '</g>'),
}

for game_id, (name, dark, light, body) in ART.items():
    (OUT / f'{game_id}.svg').write_text(frame(game_id, name, dark, light, body))
print(f'{len(ART)} pictures in {OUT}')
