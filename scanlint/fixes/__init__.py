"""Fixes: applying the edits rules propose, checked before anything is written."""
