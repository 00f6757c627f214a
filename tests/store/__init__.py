"""Tests of the game store (bot/store) and the bot settings."""
