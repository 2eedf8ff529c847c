# label: same-values
# flax-error: none
# class: 1 __call__ draws one key from the module's Rngs stream before the raw scan and the body closure reuses it for the process noise
"""Ensemble Kalman filter forecast step: each ensemble member is propagated with sampled process noise."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class EnKFForecast(nnx.Module):
    def __init__(self, dim: int, members: int, rngs: nnx.Rngs):
        self.dynamics = nnx.Linear(dim, dim, rngs=rngs)
        self.log_q = nnx.Param(jnp.full((dim,), -2.0))
        self.members = members
        self.rngs = rngs

    def __call__(self, ensemble, steps: int):
        key = self.rngs.process()
        scale = jnp.exp(self.log_q.value)

        def forecast(ens, _):
            noise = scale * jax.random.normal(key, ens.shape)
            ens = ens + 0.1 * jnp.tanh(self.dynamics(ens)) + noise
            return ens, noise

        _, noises = scan(forecast, ensemble, None, length=steps)
        return noises


def main():
    model = EnKFForecast(3, 16, nnx.Rngs(params=0, process=1))
    ensemble = jnp.zeros((16, 3))
    return model(ensemble, steps=6)
