# label: trace-context
# flax-error: TraceContextError: Cannot mutate Activity from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 StarterModel.feed_until_peak runs lax.while_loop itself and writes its own Activity variable (an nnx.Variable subclass) inside the body
"""Sourdough bakery: feed a starter on schedule until its yeast activity peaks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Activity(nnx.Variable):
    """Yeast activity of the starter, persisted with the bakery's model checkpoints."""


class StarterModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.rise = nnx.Linear(3, 1, rngs=rngs)
        self.activity = Activity(jnp.ones(()))

    def rise_rate(self, feeding):
        return nnx.softplus(self.rise(feeding))[0]

    def feed_until_peak(self, feeding, peak: float = 2.0, max_feeds: int = 10):
        def cond(state):
            feeds, level = state
            return (feeds < max_feeds) & (level < peak)

        def body(state):
            feeds, level = state
            self.activity[...] = level * (1.0 + 0.1 * self.rise_rate(feeding))
            return feeds + 1, self.activity[...]

        return lax.while_loop(cond, body, (0, self.activity[...]))


def main():
    starter = StarterModel(nnx.Rngs(0))
    feeding = jnp.array([1.0, 1.0, 0.26])  # flour ratio, water ratio, room temperature (scaled)
    starter.feed_until_peak(feeding)
