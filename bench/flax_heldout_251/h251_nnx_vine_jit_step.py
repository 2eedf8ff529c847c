# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the model and optimizer reach the scan body as arguments of an nnx.jit train step looked up in a step registry by the epoch generator
from typing import Callable, Dict, Iterator, Tuple

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

STEPS: Dict[str, Callable] = {}


def register_step(name: str):
    def wrap(fn):
        STEPS[name] = nnx.jit(fn)
        return STEPS[name]
    return wrap


class YieldRegressor(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.canopy = nnx.Linear(features, 6, rngs=rngs)
        self.berry = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, vines):
        return self.berry(nnx.tanh(self.canopy(vines)))[:, 0]


@register_step("mse")
def mse_step(model: YieldRegressor, optimizer: nnx.Optimizer, batch: Tuple[jax.Array, jax.Array]):
    vines, kilos = batch

    def loss_fn(m):
        return jnp.mean((m(vines) - kilos) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def train_epochs(model, optimizer, batches, epochs: int, step_name: str = "mse") -> Iterator[jax.Array]:
    step = STEPS[step_name]

    def batch_step(total, batch):
        return total + step(model, optimizer, batch), None

    for _ in range(epochs):
        total, _ = jax.lax.scan(batch_step, jnp.zeros(()), batches)
        yield total / batches[0].shape[0]


def harvest_batches(key, n_batches=3, batch=4, features=5):
    vines = jax.random.uniform(key, (n_batches, batch, features))
    return vines, 2.0 * vines.mean(-1)


def main():
    model = YieldRegressor(5, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    epoch_losses = list(train_epochs(model, optimizer, harvest_batches(jax.random.key(1)), epochs=2))
    jax.block_until_ready(epoch_losses)
    return None
