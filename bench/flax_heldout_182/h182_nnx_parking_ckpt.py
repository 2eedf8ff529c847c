# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 an OccupancyTrainer's fori_loop body merges the carried state and saves nnx.state(model) into its injected CheckpointManager; restore() is later given to nnx.update
"""Parking-garage occupancy forecaster: online fitting with periodic checkpoints of the model state."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class OccupancyNet(nnx.Module):
    def __init__(self, levels: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(levels + 2, 32, rngs=rngs)
        self.out = nnx.Linear(32, levels, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.out(nnx.silu(self.hidden(x))))


class CheckpointManager:
    def __init__(self):
        self._latest = None

    def save(self, state):
        self._latest = state

    def restore(self):
        return self._latest


class OccupancyTrainer:
    def __init__(self, model, checkpoints: CheckpointManager, lr=1e-2):
        self.model = model
        self.checkpoints = checkpoints
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)

    def fit(self, inputs, targets):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(i, state):
            model, optimizer = nnx.merge(graphdef, state)
            grads = nnx.grad(lambda m: jnp.mean((m(inputs[i]) - targets[i]) ** 2))(model)
            optimizer.update(model, grads)
            self.checkpoints.save(nnx.state(model))
            return nnx.state((model, optimizer))

        state = fori_loop(0, inputs.shape[0], step, state)
        nnx.update((self.model, self.optimizer), state)


def main():
    levels = 4
    inputs = jax.random.uniform(jax.random.key(0), (20, 16, levels + 2))
    targets = jax.random.uniform(jax.random.key(1), (20, 16, levels))
    model = OccupancyNet(levels, nnx.Rngs(0))
    trainer = OccupancyTrainer(model, CheckpointManager())
    trainer.fit(inputs, targets)
    serving = OccupancyNet(levels, nnx.Rngs(1))
    nnx.update(serving, trainer.checkpoints.restore())
    print("forecast", serving(inputs[-1, 0]))
    return None
