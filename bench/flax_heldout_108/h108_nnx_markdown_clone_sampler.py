# label: same-values
# flax-error: none
# class: 2 demand_samples' fori_loop body takes nnx.clone of the local serving model, so every step's clone starts from the same Dropout rng count
"""Retail markdown pricing (NNX): Monte Carlo dropout demand draws for a markdown ladder."""
import jax
import jax.numpy as jnp
from flax import nnx


class DemandModel(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.units = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.units(self.drop(nnx.relu(self.hidden(x)))))[..., 0]


def ladder_features(base_price, discounts):
    price = base_price * (1.0 - discounts)
    return jnp.stack([price, discounts, jnp.log1p(price), jnp.ones_like(price)], axis=-1)


def demand_samples(model, base_price, discounts, draws):
    features = ladder_features(base_price, discounts)

    def body(i, samples):
        sampler = nnx.clone(model)
        return samples.at[i].set(sampler(features))

    empty = jnp.zeros((draws, discounts.shape[0]))
    return jax.lax.fori_loop(0, draws, body, empty)


def main():
    model = DemandModel(4, rngs=nnx.Rngs(params=0, dropout=3))
    discounts = jnp.array([0.0, 0.1, 0.2, 0.3, 0.5])
    return demand_samples(model, 39.99, discounts, draws=6)
