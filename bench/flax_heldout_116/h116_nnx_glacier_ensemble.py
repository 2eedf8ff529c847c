# label: same-values
# flax-error: none
# class: 1 RunoffSurrogate.ensemble() runs the lax.scan itself; it draws one key from its own self.rngs.perturb stream before the loop and reuses it for every member
"""Glacier meltwater forecasting: a runoff surrogate perturbs the temperature
forcing to build an ensemble of discharge forecasts for the hydro operator."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RunoffSurrogate(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.melt = nnx.Linear(features, 8, rngs=rngs)
        self.discharge = nnx.Linear(8, 1, rngs=rngs)
        self.rngs = rngs
        self.forcing_noise = 0.3

    def __call__(self, forcing):
        return nnx.softplus(self.discharge(nnx.tanh(self.melt(forcing))))[..., 0]

    def ensemble(self, forcing, members=6):
        key = self.rngs.perturb()

        def body(carry, member):
            eps = jax.random.normal(key, forcing.shape)
            return carry, self(forcing + self.forcing_noise * eps)

        _, runs = lax.scan(body, None, jnp.arange(members))
        return runs


class HydroOperatorFeed:
    def __init__(self, surrogate):
        self.surrogate = surrogate

    def publish(self, forcing):
        return self.surrogate.ensemble(forcing)


def main():
    surrogate = RunoffSurrogate(5, rngs=nnx.Rngs(params=0, perturb=1))
    forcing = jax.random.normal(jax.random.key(3), (4, 5))
    return HydroOperatorFeed(surrogate).publish(forcing)
