# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a plain Python trainer's method is the raw scan body and stores the running loss on a meter object and self.step_count
"""A Trainer class holding an NNX model; its scan body is a method that keeps an AverageMeter like PyTorch code."""
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
        self.meter.update(loss, n=x.shape[0])
        self.step_count = self.step_count + 1
        return nnx.state((model, optimizer)), None

    def train_epoch(self, xs, ys):
        self.state, _ = scan(self._step, self.state, (xs, ys))
        print(f"epoch loss {float(self.meter.avg):.4f}")


def main():
    trainer = Trainer()
    trainer.train_epoch(jnp.ones((3, 8, 4)), jnp.zeros((3, 8, 1)))
    return None
