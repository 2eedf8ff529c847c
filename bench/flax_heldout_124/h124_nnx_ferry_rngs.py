# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body draws from BoardingSimulator.rngs.jitter, an nnx.Rngs stream kept as an attribute of the simulator
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
        def body(carry, _):
            jitter = 0.5 * jax.random.normal(self.rngs.jitter(), queue_features.shape[:1])
            return carry, self.model(queue_features) + jitter

        _, minutes = scan(body, None, None, length=n_sailings)
        return minutes


def main():
    queue_features = jax.random.normal(jax.random.key(0), (4, 3))
    sim = BoardingSimulator(BoardingTimeModel(nnx.Rngs(1)), seed=7)
    return sim.simulate(queue_features, n_sailings=6)
