# label: same-values
# flax-error: none
# class: 2 a demand key drawn from the local nnx.Rngs stream before the loop goes into the fori_loop body directly
"""ATM cash replenishment: a demand model gives the mean withdrawals per machine and
the simulator draws a lognormal day of withdrawals for each day of the horizon."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class WithdrawalModel(nnx.Module):
    def __init__(self, n_features, rngs):
        self.mean = nnx.Linear(n_features, 1, rngs=rngs)
        self.log_sigma = nnx.Param(jnp.full((1,), -1.0))

    def sample(self, features, key):
        mu = nnx.softplus(self.mean(features))[..., 0]
        noise = jax.random.normal(key, mu.shape)
        return mu * jnp.exp(jnp.exp(self.log_sigma[...][0]) * noise)


def simulate_withdrawals(model, rngs, features, days):
    demand_key = rngs.demand()

    def one_day(day, table):
        draws = model.sample(features, demand_key)
        return table.at[day].set(draws)

    return jax.lax.fori_loop(0, days, one_day, jnp.zeros((days, features.shape[0])))


def main():
    rngs = nnx.Rngs(params=0, demand=7)
    model = WithdrawalModel(5, rngs)
    features = jax.random.uniform(jax.random.key(3), (6, 5))
    return simulate_withdrawals(model, rngs, features, days=7)
