"""The static rules, one module per family; `scanlint.registry` lists them."""
