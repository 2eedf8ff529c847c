# label: ok
# flax-error: none
# class: 3 BoardingSimulator draws one key from its .rngs.jitter stream before the scan and splits it into per-sailing keys that the body receives as xs
"""Ferry timetable planning: simulated boarding minutes per vehicle queue for each sailing."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import nnx


class BoardingTimeModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return jax.nn.softplus(self.lin(x))[..., 0]


class BoardingSimulator:
    def __init__(self, model, seed: int):
        self.model = model
        self.rngs = nnx.Rngs(jitter=seed)

    def simulate(self, queue_features, n_sailings: int):
        def body(carry, key):
            jitter = 0.5 * jax.random.normal(key, queue_features.shape[:1])
            return carry, self.model(queue_features) + jitter

        keys = jax.random.split(self.rngs.jitter(), n_sailings)
        _, minutes = scan(body, None, keys)

        return minutes


def main():
    queue_features = jax.random.normal(jax.random.key(0), (4, 3))
    sim = BoardingSimulator(BoardingTimeModel(nnx.Rngs(1)), seed=7)
    return sim.simulate(queue_features, n_sailings=6)
