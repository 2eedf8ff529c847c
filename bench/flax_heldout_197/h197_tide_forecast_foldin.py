# label: ok
# flax-error: none
# class: 2 a PRNG key local to forecast_ensemble() is folded with the member index before model.apply(..., rngs={"perturb": ...}) in the scan body
"""Harbour tide forecasting: an ensemble of perturbed forecasts from one gauge history.

Each ensemble member perturbs the harmonic amplitudes with its own "perturb" key.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class HarmonicTideNet(nn.Module):
    constituents: int = 4
    horizon: int = 6
    spread: float = 0.05

    @nn.compact
    def __call__(self, history):
        amp = nn.Dense(self.constituents)(history)
        noise = jax.random.normal(self.make_rng("perturb"), amp.shape)
        amp = amp * (1.0 + self.spread * noise)
        phases = self.param("phases", nn.initializers.uniform(6.28), (self.constituents, self.horizon))
        return jnp.einsum("c,ch->h", amp, jnp.cos(phases))


def forecast_ensemble(model, variables, history, members, seed):
    key = jax.random.key(seed)

    def member(carry, index):
        levels = model.apply(variables, history, rngs={"perturb": jax.random.fold_in(key, index)})
        return carry, levels

    _, levels = scan(member, None, jnp.arange(members))
    return levels


def main():
    model = HarmonicTideNet()
    history = jnp.sin(jnp.linspace(0.0, 6.0, 24))
    variables = model.init({"params": jax.random.key(0), "perturb": jax.random.key(1)}, history)
    return forecast_ensemble(model, variables, history, members=5, seed=7)
