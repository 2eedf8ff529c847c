# label: same-values
# flax-error: none
# class: 1 TideNet.__call__ runs the scan over ensemble members itself and its Dropout submodule draws make_rng('dropout') in the body
"""Harbour tide forecasting: a harmonic-feature network with an MC-dropout ensemble of members."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

# M2, S2, K1, O1 tidal constituents (periods in hours)
PERIODS = jnp.array([12.42, 12.00, 23.93, 25.82])


def harmonics(t_hours):
    phase = 2 * jnp.pi * t_hours[:, None] / PERIODS[None, :]
    return jnp.concatenate([jnp.sin(phase), jnp.cos(phase)], axis=-1)


class TideNet(nn.Module):
    hidden: int = 16
    rate: float = 0.3
    n_members: int = 5

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.drop = nn.Dropout(self.rate, deterministic=False)
        self.head = nn.Dense(1)

    def __call__(self, t_hours):
        h = nn.relu(self.encoder(harmonics(t_hours)))

        def member(carry, _):
            return carry, self.drop(h)

        _, dropped = scan(member, None, None, length=self.n_members)
        return self.head(dropped)[..., 0]


class EnsembleForecaster:
    def __init__(self, model: TideNet, variables, seed: int):
        self.model = model
        self.variables = variables
        self.key = jax.random.key(seed)

    def forecast(self, t_hours):
        self.key, sub = jax.random.split(self.key)
        return self.model.apply(self.variables, t_hours, rngs={"dropout": sub})


def main():
    model = TideNet()
    t = jnp.arange(0.0, 24.0, 3.0)
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, t)
    return EnsembleForecaster(model, variables, seed=2).forecast(t)
