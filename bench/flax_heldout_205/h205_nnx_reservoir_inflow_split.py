# label: ok
# flax-error: none
# class: 3 InflowSimulator.rngs (an nnx.Rngs attribute) is drawn once before the while_loop and split into per-day keys indexed in the body
"""Reservoir operations: sample daily inflow paths from a learned mean plus stochastic rainfall noise."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class InflowMean(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.seasonal = nnx.Linear(2, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, day):
        phase = 2 * jnp.pi * day / 365.0
        feats = jnp.stack([jnp.sin(phase), jnp.cos(phase)])
        return nnx.softplus(self.out(jnp.tanh(self.seasonal(feats))))[0] * 50.0


class InflowSimulator:
    def __init__(self, seed: int):
        self.rngs = nnx.Rngs(params=seed, noise=seed + 100)
        self.mean_model = InflowMean(self.rngs)
        self.noise_scale = 0.35

    def sample_path(self, start_day: int, n_days: int):
        day_keys = jax.random.split(self.rngs.noise(), n_days)

        def cond(state):
            return state[0] < n_days

        def body(state):
            i, path = state
            mu = self.mean_model(start_day + i)
            shock = jnp.exp(self.noise_scale * jax.random.normal(day_keys[i]))
            return i + 1, path.at[i].set(mu * shock)

        _, path = jax.lax.while_loop(cond, body, (0, jnp.zeros((n_days,))))
        return path


class ReleasePlanner:
    def __init__(self, simulator, capacity=400.0):
        self.simulator = simulator
        self.capacity = capacity

    def plan(self, start_day, n_days=10):
        inflow = self.simulator.sample_path(start_day, n_days)
        storage = jnp.cumsum(inflow)
        spill = jnp.maximum(storage - self.capacity, 0.0)
        return inflow, spill


def main():
    planner = ReleasePlanner(InflowSimulator(seed=4))
    inflow, spill = planner.plan(start_day=120)
    return inflow  # one sampled inflow per simulated day
