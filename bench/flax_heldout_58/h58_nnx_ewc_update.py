# label: trace-context
# flax-error: TraceContextError: Cannot mutate Fisher from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 EWC regulariser object closed over by a raw lax.scan over tasks; its consolidate() accumulates into Fisher Variables inside the body
"""Continual learning with EWC (NNX): consolidate a diagonal Fisher after each task in a sequence."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Fisher(nnx.Variable):
    pass


class EWC(nnx.Module):
    def __init__(self, model: nnx.Linear, lam: float = 10.0):
        self.fisher_kernel = Fisher(jnp.zeros_like(model.kernel.value))
        self.fisher_bias = Fisher(jnp.zeros_like(model.bias.value))
        self.lam = lam

    def consolidate(self, grads):
        self.fisher_kernel.value = self.fisher_kernel.value + grads["kernel"].value ** 2
        self.fisher_bias.value = self.fisher_bias.value + grads["bias"].value ** 2


def consolidate_tasks(model, ewc, task_batches):
    def task_loss(m, xb, yb):
        return jnp.mean((m(xb)[:, 0] - yb) ** 2)

    graphdef, params = nnx.split(model)

    def after_task(_, batch):
        xb, yb = batch
        grads = jax.grad(lambda p: task_loss(nnx.merge(graphdef, p), xb, yb))(params)
        ewc.consolidate(grads)
        return None, None

    scan(after_task, None, task_batches)


def main():
    model = nnx.Linear(4, 1, rngs=nnx.Rngs(0))
    ewc = EWC(model)
    xs = jax.random.normal(jax.random.key(1), (3, 8, 4))
    consolidate_tasks(model, ewc, (xs, xs.sum(-1)))
    return None
