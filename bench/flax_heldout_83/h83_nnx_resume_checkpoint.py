# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the job runner merges the split state inside the scan body and stores a snapshot on runner -> checkpoint object from there
"""Job runner that resumes training from a saved state object: the model state is split,
trained with a scanned SGD step, and a checkpoint callback keeps the latest state so the run can
be resumed; after the epoch the runner restores from that checkpoint."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(6, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))[..., 0]


@dataclasses.dataclass
class Checkpoint:
    step: int = 0
    state: object = None


class JobRunner:
    def __init__(self, model, lr=0.05):
        self.model = model
        self.lr = lr
        self.ckpt = Checkpoint()

    def _save(self, step, state):
        self.ckpt.step = step
        self.ckpt.state = state

    def run_epoch(self, xs, ys):
        graphdef, state = nnx.split(self.model)

        def body(carry, batch):
            step, state = carry
            model = nnx.merge(graphdef, state)
            grads = nnx.grad(lambda m: jnp.mean((m(batch[0]) - batch[1]) ** 2))(model)
            state = jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model), grads)
            self._save(step, state)
            return (step + 1, state), None

        jax.lax.scan(body, (0, state), (xs, ys))

    def resume(self):
        nnx.update(self.model, self.ckpt.state)
        return self.model


def main():
    runner = JobRunner(Regressor(nnx.Rngs(0)))
    xs = jax.random.normal(jax.random.key(1), (4, 8, 6))
    ys = jax.random.normal(jax.random.key(2), (4, 8))
    runner.run_epoch(xs, ys)
    model = runner.resume()
    model(xs[0]).block_until_ready()
    return None
