# label: same-values
# flax-error: none
# class: 5 a factory returns the fori_loop body, which closes over the model, its variables and one dropout key passed to model.apply
"""Monte Carlo dropout uncertainty for an anticoagulant dose regressor."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class DoseRegressor(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, features, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(features))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.Dense(1)(h)[:, 0]


def make_mc_sampler(model, variables, patients, key):
    def draw(i, samples):
        dose = model.apply(variables, patients, deterministic=False, rngs={"dropout": key})
        return samples.at[i].set(dose)

    return draw


class UncertaintyEstimator:
    def __init__(self, model, variables, num_draws=6):
        self.model = model
        self.variables = variables
        self.num_draws = num_draws

    def draws(self, patients, key):
        sampler = make_mc_sampler(self.model, self.variables, patients, key)
        empty = jnp.zeros((self.num_draws, patients.shape[0]))
        return lax.fori_loop(0, self.num_draws, sampler, empty)


def main():
    patients = jax.random.normal(jax.random.key(5), (4, 9))
    model = DoseRegressor()
    variables = model.init(jax.random.key(0), patients)
    samples = UncertaintyEstimator(model, variables).draws(patients, jax.random.key(11))
    return samples
