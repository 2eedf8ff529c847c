# label: same-values
# flax-error: none
# class: 5 the while_loop body gets its dropout Rngs from the rngs_factory closure built by make_rngs_factory() and calls the groove model with them
"""Symbolic music: generate drum-fill variations for one bar with a dropout-perturbed groove model."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop

N_INSTRUMENTS = 4  # kick, snare, hat, tom
N_SLOTS = 16


class GrooveNet(nnx.Module):
    def __init__(self, hidden: int, rate: float, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(N_INSTRUMENTS * N_SLOTS, hidden, rngs=rngs)
        self.drop = nnx.Dropout(rate)
        self.dec = nnx.Linear(hidden, N_INSTRUMENTS * N_SLOTS, rngs=rngs)

    def __call__(self, pattern, *, rngs: nnx.Rngs):
        flat = pattern.reshape(pattern.shape[0], -1)
        h = nnx.relu(self.enc(flat))
        logits = self.dec(self.drop(h, rngs=rngs))
        return jax.nn.sigmoid(logits).reshape(pattern.shape)


def make_rngs_factory(seed_key):
    def rngs_factory():
        return nnx.Rngs(dropout=seed_key)

    return rngs_factory


class FillGenerator:
    def __init__(self, model: GrooveNet, seed: int):
        self.model = model
        self.rngs_factory = make_rngs_factory(jax.random.key(seed))

    def fills(self, bar_pattern, n_fills: int):
        out = jnp.zeros((n_fills,) + bar_pattern.shape)

        def more(state):
            return state[0] < n_fills

        def one_fill(state):
            i, buf = state
            probs = self.model(bar_pattern, rngs=self.rngs_factory())
            return i + 1, buf.at[i].set(probs)

        _, out = while_loop(more, one_fill, (0, out))
        return out


def main():
    slots = jnp.arange(N_SLOTS)
    bar = jnp.stack([slots % 4 == 0, slots % 8 == 4, jnp.ones(N_SLOTS, bool), slots >= 12]).astype(jnp.float32)[None]
    generator = FillGenerator(GrooveNet(32, 0.3, rngs=nnx.Rngs(0)), seed=808)
    return generator.fills(bar, n_fills=4)
