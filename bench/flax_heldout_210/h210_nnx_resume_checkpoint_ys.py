# label: ok
# flax-error: none
# class: 4 ResumableTrainer carries nnx.split state through the scan and emits it as scan outputs; its CheckpointManager saves the last one after the loop and resume() does nnx.update(trainer.model, manager.latest())
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
            return params, (loss, params)

        steps = jnp.arange(xs.shape[0])
        params, (losses, history) = jax.lax.scan(train_step, params, (steps, xs, ys))
        self.manager.save(int(steps[-1]), jax.tree.map(lambda a: a[-1], history))
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
