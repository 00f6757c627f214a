"""Game rules engines, one package per game. Pure Python: no Discord, no I/O."""
