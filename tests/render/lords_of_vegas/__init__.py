"""Tests of the Lords of Vegas board image."""
