# label: ok
# flax-error: none
# class: 2 the local state from nnx.split(model) is carried through the fori_loop; the body merges it, samples, and returns nnx.state so the dropout RngCount advances
"""Apiary monitoring: Monte-Carlo dropout estimate of a hive's swarm risk."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class SwarmRisk(nnx.Module):
    def __init__(self, n_signals: int, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_signals, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.head = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, signals):
        h = self.drop(nnx.gelu(self.enc(signals)))
        return nnx.sigmoid(self.head(h)).squeeze(-1)


def sample_risk(model: SwarmRisk, hive_signals, n_samples: int):
    graphdef, state = nnx.split(model)

    def body(i, carry):
        draws, state = carry
        sampler = nnx.merge(graphdef, state)
        draws = draws.at[i].set(sampler(hive_signals))
        return draws, nnx.state(sampler)

    draws = jnp.zeros((n_samples,) + hive_signals.shape[:-1])
    draws, state = fori_loop(0, n_samples, body, (draws, state))
    nnx.update(model, state)
    return draws


def main():
    # acoustic pitch, brood temp, weight delta, drone count, entrance traffic
    hive_signals = jnp.array([[0.42, 34.8, -0.3, 0.12, 1.7], [0.38, 35.1, 0.1, 0.05, 1.2]])
    model = SwarmRisk(5, rngs=nnx.Rngs(params=0, dropout=5))
    return sample_risk(model, hive_signals, n_samples=10)
