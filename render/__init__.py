"""Board images: a pure function from a game state to PNG bytes (coming with the render issue)."""
