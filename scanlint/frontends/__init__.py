"""The ways users run scanlint: the command line, the pytest plugin and the flake8 plugin. Each
calls `scanlint.api` and prints through `scanlint.reporters`."""
