# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ResumableTrainer carries nnx.split state through the scan; its CheckpointManager saves nnx.state(model) from inside the body and resume() does nnx.update(trainer.model, manager.latest())
"""Trainer that checkpoints model state mid-run and resumes from the newest checkpoint after a preemption."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SoilMoistureNet(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


class CheckpointManager:
    def __init__(self):
        self._saved = {}

    def save(self, step, state):
        self._saved["latest"] = (step, state)

    def latest(self):
        return self._saved["latest"][1]


class ResumableTrainer:
    def __init__(self, model, manager, lr=0.05):
        self.model = model
        self.manager = manager
        self.lr = lr

    def run(self, xs, ys):
        graphdef, params = nnx.split(self.model, nnx.Param)

        def train_step(params, batch):
            step, x, y = batch
            model = nnx.merge(graphdef, params)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            params = jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model, nnx.Param), grads)
            self.manager.save(step, params)
            return params, loss

        steps = jnp.arange(xs.shape[0])
        params, losses = jax.lax.scan(train_step, params, (steps, xs, ys))
        nnx.update(self.model, params)
        return losses

    def resume(self):
        nnx.update(self.model, self.manager.latest())


def main():
    xs = jax.random.normal(jax.random.key(5), (10, 8, 3))
    ys = jnp.tanh(xs.sum(-1))
    trainer = ResumableTrainer(SoilMoistureNet(rngs=nnx.Rngs(0)), CheckpointManager())
    trainer.run(xs, ys)
    trainer.resume()  # simulated restart after preemption
    trainer.model(xs[0])
    return None
