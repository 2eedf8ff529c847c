# label: same-values
# flax-error: none
# class: 5 make_end_sampler returns a step function closing over the NNX model and a key drawn once from its nnx.Rngs 'wind' stream; the fori_loop body is that step
"""Archery scoring: sample the wind drift on each end of a round for a sight-mark planner.

The planner library exposes samplers built by factories; each sampler is a fori_loop body
that writes one end's predicted arrow drift (cm, per distance) into the round buffer.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class DriftModel(nnx.Module):
    def __init__(self, distances: int, *, rngs: nnx.Rngs):
        self.wind = nnx.Linear(3, 8, rngs=rngs)
        self.drift = nnx.Linear(8, distances, rngs=rngs)

    def __call__(self, wind):
        # wind: [speed m/s, direction rad, gust factor]
        return 30.0 * jnp.tanh(self.drift(nnx.gelu(self.wind(wind))))


def make_end_sampler(model: DriftModel, rngs: nnx.Rngs, mean_wind):
    key = rngs.wind()

    def sample_end(end, drifts):
        wind = mean_wind + jnp.array([1.5, 0.3, 0.2]) * jax.random.normal(key, (3,))
        return drifts.at[end].set(model(wind))

    return sample_end


class RoundPlanner:
    def __init__(self, sampler, ends, distances):
        self.sampler, self.ends, self.distances = sampler, ends, distances

    def simulate_round(self):
        drifts = jnp.zeros((self.ends, self.distances))
        return lax.fori_loop(0, self.ends, self.sampler, drifts)


def main():
    distances = 4  # 90, 70, 50, 30 m
    rngs = nnx.Rngs(params=0, wind=5)
    model = DriftModel(distances, rngs=rngs)
    sampler = make_end_sampler(model, rngs, mean_wind=jnp.array([4.0, 1.2, 1.3]))
    return RoundPlanner(sampler, ends=6, distances=distances).simulate_round()
