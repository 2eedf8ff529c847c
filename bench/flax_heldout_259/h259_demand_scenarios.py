# label: same-values
# flax-error: none
# class: 2 the local variables and scenario key of simulate_demand go straight into the fori_loop body
"""Demand scenarios for next-day parcel pickups at partner lockers."""
import jax
import jax.numpy as jnp
import flax.linen as linen
from jax import lax


class NoisyDemand(linen.Module):
    lockers: int = 5
    noise_scale: float = 0.2

    @linen.compact
    def __call__(self, signals):
        base = linen.softplus(linen.Dense(self.lockers, name="base_rate")(signals))
        eps = jax.random.normal(self.make_rng("scenario"), base.shape)
        return base * jnp.exp(self.noise_scale * eps)


def simulate_demand(model, variables, signals, key, num_scenarios):
    buffer = jnp.zeros((num_scenarios, model.lockers))

    def one_scenario(i, buf):
        demand = model.apply(variables, signals, rngs={"scenario": key})
        return buf.at[i].set(demand)

    return lax.fori_loop(0, num_scenarios, one_scenario, buffer)


def plan_pickups(seed: int = 0, num_scenarios: int = 5):
    k_sig, k_init, k_scen = jax.random.split(jax.random.key(seed), 3)
    signals = jax.random.uniform(k_sig, (3,))  # weekday, promo flag, weather index
    model = NoisyDemand()
    variables = model.init({"params": k_init, "scenario": k_scen}, signals)
    return simulate_demand(model, variables, signals, k_scen, num_scenarios)


def main():
    return plan_pickups(seed=8)
