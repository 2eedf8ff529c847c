# label: ok
# flax-error: none
# class: 5 the trainer's scan-body method returns the loss as ys and the meter is updated from the stacked losses after the raw scan
"""The trainer after the fix: the body is pure, the meter is fed after the loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class AverageMeter:
    def __init__(self):
        self.sum, self.count = 0.0, 0

    def update(self, value, n=1):
        self.sum = self.sum + value * n
        self.count += n

    @property
    def avg(self):
        return self.sum / max(self.count, 1)


class Trainer:
    def __init__(self):
        model = nnx.Linear(4, 1, rngs=nnx.Rngs(0))
        optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
        self.graphdef, self.state = nnx.split((model, optimizer))
        self.meter = AverageMeter()
        self.step_count = 0

    def _step(self, state, batch):
        x, y = batch
        model, optimizer = nnx.merge(self.graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    def train_epoch(self, xs, ys):
        self.state, losses = scan(self._step, self.state, (xs, ys))
        for loss in losses:
            self.meter.update(loss, n=xs.shape[1])
        self.step_count += len(losses)
        print(f"epoch loss {float(self.meter.avg):.4f}")


def main():
    trainer = Trainer()
    trainer.train_epoch(jnp.ones((3, 8, 4)), jnp.zeros((3, 8, 1)))
    return None
