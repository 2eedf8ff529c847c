# label: same-values
# flax-error: none
# class: 5 a functools.partial(model.apply, variables, rngs=...) kept on the FrostForecaster is called in the fori_loop body
"""Orchard frost warning: Monte-Carlo-dropout ensemble of minimum-temperature forecasts per block.

Each fori_loop step is one ensemble member; the spread of the members drives the alert level.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class FrostNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, weather, deterministic: bool = False):
        h = nn.relu(nn.Dense(self.hidden)(weather))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.Dense(1)(h)[..., 0]


class FrostForecaster:
    """Holds the prediction function of a trained FrostNet."""

    def __init__(self, model: FrostNet, variables, seed: int, members: int):
        self.members = members
        self.predict = functools.partial(model.apply, variables, rngs={"dropout": jax.random.key(seed)})

    def ensemble(self, weather):
        def member(i, out):
            return out.at[i].set(self.predict(weather))

        out = jnp.zeros((self.members,) + weather.shape[:-1])
        return lax.fori_loop(0, self.members, member, out)


class AlertPolicy:
    def __init__(self, threshold: float = -1.5):
        self.threshold = threshold

    def __call__(self, members):
        return jnp.mean(members < self.threshold, axis=0)


def main():
    blocks, features = 5, 7
    weather = jax.random.normal(jax.random.key(1), (blocks, features))
    model = FrostNet()
    variables = model.init(jax.random.key(0), weather, deterministic=True)
    forecaster = FrostForecaster(model, variables, seed=42, members=8)
    members = forecaster.ensemble(weather)
    AlertPolicy()(members)
    return members
