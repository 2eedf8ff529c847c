# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a factory returns an nnx.jit train_step; the multi-step driver calls it from a raw lax.scan body with the model and optimizer closed over from the driver's arguments
"""Model zoo + step factory for an NNX image-classification experiment.

`build_model(name, cfg)` looks the architecture up in a registry; `make_train_step`
returns an `nnx.jit`-compiled step. To cut host overhead the driver runs
`steps_per_call` steps per dispatch with a raw `lax.scan` over stacked batches.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


ZOO = {}


def register(name):
    def deco(cls):
        ZOO[name] = cls
        return cls
    return deco


@register("mlp")
class MLP(nnx.Module):
    def __init__(self, din, nclass, width, rngs):
        self.l1 = nnx.Linear(din, width, rngs=rngs)
        self.l2 = nnx.Linear(width, nclass, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@dataclasses.dataclass
class ExperimentConfig:
    arch: str = "mlp"
    din: int = 10
    nclass: int = 4
    width: int = 32
    lr: float = 3e-3
    steps_per_call: int = 4


def build_model(cfg: ExperimentConfig, seed=0):
    return ZOO[cfg.arch](cfg.din, cfg.nclass, cfg.width, rngs=nnx.Rngs(seed))


def make_train_step(cfg: ExperimentConfig):
    def loss_fn(model, x, y):
        logits = model(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    @nnx.jit
    def train_step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return loss

    return train_step


def run_multi_step(train_step, model, optimizer, xs, ys):
    def body(carry, batch):
        x, y = batch
        loss = train_step(model, optimizer, x, y)
        return carry, loss

    _, losses = lax.scan(body, None, (xs, ys))
    return losses


def main():
    cfg = ExperimentConfig()
    model = build_model(cfg)
    optimizer = nnx.Optimizer(model, optax.adam(cfg.lr), wrt=nnx.Param)
    train_step = make_train_step(cfg)
    key = jax.random.PRNGKey(0)
    xs = jax.random.normal(key, (cfg.steps_per_call, 8, cfg.din))
    ys = jax.random.randint(key, (cfg.steps_per_call, 8), 0, cfg.nclass)
    run_multi_step(train_step, model, optimizer, xs, ys).block_until_ready()
    return None
