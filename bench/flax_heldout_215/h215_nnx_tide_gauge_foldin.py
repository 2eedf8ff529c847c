# label: ok
# flax-error: none
# class: 1 StormSurgeModel.sample_paths owns the while_loop and builds nnx.Rngs from fold_in(key(self.seed), i) in the body
"""Tide gauge storm-surge scenarios for the harbour master's flood board.

The surge model predicts the expected surge at each gauge and its sample_paths method draws
surge scenarios around that expectation in a while_loop, folding the path index into the key.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class StormSurgeModel(nnx.Module):
    def __init__(self, features, seed, *, rngs: nnx.Rngs):
        self.surge = nnx.Linear(features, 1, rngs=rngs)
        self.seed = seed
        self.spread_m = 0.15

    def __call__(self, x):
        return nnx.softplus(self.surge(x))[..., 0]

    def sample_paths(self, x, num_paths):
        expected = self(x)

        def more(state):
            return state[0] < num_paths

        def draw(state):
            i, table = state
            rngs = nnx.Rngs(noise=jax.random.fold_in(jax.random.key(self.seed), i))
            shock = jax.random.normal(rngs.noise(), expected.shape)
            return i + 1, table.at[i].set(expected + self.spread_m * shock)

        table = jnp.zeros((num_paths,) + expected.shape)
        _, table = lax.while_loop(more, draw, (0, table))
        return table


def gauge_features(gauges=5):
    g = jnp.arange(gauges, dtype=jnp.float32)
    pressure = 990.0 + 3.0 * g
    wind = 18.0 - g
    return jnp.stack([(1013.0 - pressure) / 20.0, wind / 20.0, jnp.ones_like(g)], axis=-1)


def main():
    model = StormSurgeModel(3, seed=17, rngs=nnx.Rngs(0))
    return model.sample_paths(gauge_features(), 9)
