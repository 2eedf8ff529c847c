# label: ok
# flax-error: none
# class: 4 the bound growth kernel is reached as sim.engine.kernel; one key per step is split from sim.engine.key before the lax.fori_loop and indexed inside the body
"""Fungal growth simulation: stochastic hyphal branching on a ring of tips."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

N_TIPS = 12


class GrowthKernel(nn.Module):
    """Maps nutrient density at each hyphal tip to an extension rate; branching is stochastic."""

    hidden: int = 8

    @nn.compact
    def __call__(self, nutrients):
        h = nn.relu(nn.Dense(self.hidden, name="uptake")(nutrients[:, None]))
        return nn.softplus(nn.Dense(1, name="extend")(h))[:, 0]

    def branch_noise(self, n_tips, key=None):
        key = self.make_rng("growth") if key is None else key
        return jax.random.uniform(key, (n_tips,))


class GrowthEngine:
    def __init__(self, variables, key):
        self.key = key
        self.kernel = GrowthKernel().bind(variables, rngs={"growth": key})

    def extension(self, nutrients):
        return self.kernel(nutrients)


class ColonySimulation:
    def __init__(self, engine, branch_threshold=0.8):
        self.engine = engine
        self.branch_threshold = branch_threshold

    def run(self, nutrients, n_steps):
        step_keys = jax.random.split(self.engine.key, n_steps)

        def step(i, carry):
            length, branches = carry
            length = length + self.engine.extension(nutrients)
            u = self.engine.kernel.branch_noise(N_TIPS, key=step_keys[i])
            branches = branches.at[i].set(u)
            return length, branches

        init = (jnp.zeros((N_TIPS,)), jnp.zeros((n_steps, N_TIPS)))
        _, branch_draws = lax.fori_loop(0, n_steps, step, init)
        return branch_draws


def main():
    nutrients = 0.5 + 0.5 * jnp.cos(jnp.linspace(0.0, 2 * jnp.pi, N_TIPS))
    variables = GrowthKernel().init(jax.random.key(0), nutrients)
    engine = GrowthEngine(variables, jax.random.key(11))
    sim = ColonySimulation(engine)
    return sim.run(nutrients, n_steps=6)
