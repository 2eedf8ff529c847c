# label: ok
# flax-error: none
# class: 5 the split state is carried through the scan and saved to the runner's checkpoint object after the loop
"""Job runner that resumes training from a saved state object: the model state is split,
trained with a scanned SGD step, and the final carried state is stored as the checkpoint the run
can be resumed from."""
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
            return (step + 1, state), None

        (step, state), _ = jax.lax.scan(body, (0, state), (xs, ys))
        self._save(int(step), state)

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
