# label: ok
# flax-error: none
# class: 4 a functools.partial(model.apply, variables) kept on the simulator's engine is called through simulator.engine.advance in the scan body with a per-sample key from xs
"""Museum visitor flow: Monte Carlo dropout samples of where visitors move next, per gallery."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class GalleryTransition(nn.Module):
    rooms: int = 8
    hidden: int = 32

    @nn.compact
    def __call__(self, occupancy, deterministic: bool = False):
        h = nn.gelu(nn.Dense(self.hidden)(occupancy))
        h = nn.Dropout(rate=0.3, deterministic=deterministic)(h)
        share = jax.nn.softmax(nn.Dense(self.rooms)(h))
        return share * occupancy.sum(-1, keepdims=True)


class SimEngine:
    """Thin adapter so the simulator does not care whether it runs Linen or a plain function."""

    def __init__(self, apply_fn):
        self.apply_fn = apply_fn

    def advance(self, occupancy, key=None):
        if key is None:
            return self.apply_fn(occupancy)
        return self.apply_fn(occupancy, rngs={"dropout": key})


class VisitorFlowSimulator:
    def __init__(self, model, variables, seed: int):
        self.engine = SimEngine(functools.partial(model.apply, variables))
        self.key = jax.random.key(seed)

    def sample_next_hour(self, occupancy, num_samples: int):
        def draw(carry, key):
            return carry, self.engine.advance(occupancy, key)

        _, samples = scan(draw, 0, jax.random.split(self.key, num_samples))
        return samples


def main():
    model = GalleryTransition()
    occupancy = jax.random.uniform(jax.random.key(0), (3, 8), maxval=40.0)
    variables = model.init(jax.random.key(1), occupancy, deterministic=True)
    simulator = VisitorFlowSimulator(model, variables, seed=7)
    samples = simulator.sample_next_hour(occupancy, num_samples=6)
    return samples
