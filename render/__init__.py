"""Pictures of games: pure functions from a game state to PNG bytes, one package per game.

- `render.lords_of_vegas`: the Lords of Vegas board (`render_board`) and points chart.
- Shared helpers every game draws with: `box` (rectangles), `text` (the vendored font
  and fitting a text into a box), `canvas` (a drawing surface that records every text),
  `palette` (colours, fixed palettes and PNG writing), `cues` (what tells colours apart
  without colour), `charts` (line charts and the leaderboard).
- `games`: the registry by which `python -m render saved.json` finds a game's pictures.

Only Pillow and the font vendored in `render/fonts/` are used; nothing is read or
fetched at render time apart from that font.
"""
