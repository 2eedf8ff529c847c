# label: ok
# flax-error: none
# class: 5 make_rise_sampler(model, rngs) draws one key from the nnx.Rngs 'noise' stream as the initial carry and returns the step, which splits the carried key for every scenario of the fori_loop
"""Bakery production planning: sample proofing scenarios (kitchen temperature and
starter activity jitter) through the dough-rise model to decide how early the night
shift must shape the loaves."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class RiseModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, conditions):
        return 1.0 + nnx.softplus(self.l2(nnx.relu(self.l1(conditions))))[0]  # volume ratio


def make_rise_sampler(model, rngs, base_conditions, jitter):
    key = rngs.noise()

    def step(i, carry):
        key, volumes = carry
        key, sub = jax.random.split(key)
        conditions = base_conditions + jitter * jax.random.normal(sub, base_conditions.shape)
        return key, volumes.at[i].set(model(conditions))

    return step, key


class ProofingPlanner:
    def __init__(self, model, seed, n_scenarios=8):
        self.model = model
        self.rngs = nnx.Rngs(noise=seed)
        self.n_scenarios = n_scenarios

    def scenarios(self, base_conditions):
        step, key = make_rise_sampler(self.model, self.rngs, base_conditions, jitter=jnp.array([1.5, 0.1, 0.5]))
        _, volumes = fori_loop(0, self.n_scenarios, step, (key, jnp.zeros(self.n_scenarios)))
        return volumes


def main():
    base = jnp.array([24.0, 0.8, 4.0])  # kitchen temp C, starter activity, hours since feed
    planner = ProofingPlanner(RiseModel(nnx.Rngs(0)), seed=3)
    return planner.scenarios(base)
