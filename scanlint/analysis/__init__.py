"""Tier 2: the analyses every rule and fix shares, over the LibCST trees of selected code.

The read-only walk, the resolver (names, loops, bodies), abstract JAX values and the Flax module
model. A fact that several rules use lives here, never in a rule module.
"""
