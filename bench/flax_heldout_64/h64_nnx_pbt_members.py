# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a population member (model + nnx.Optimizer held in a small dataclass) is trained by nnx.Optimizer.update inside jax.lax.fori_loop
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@dataclasses.dataclass
class Member:
    model: Regressor
    optimizer: nnx.Optimizer
    lr: float


def make_member(seed, lr):
    model = Regressor(nnx.Rngs(seed))
    return Member(model, nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param), lr)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_ready(member, x, y, n_steps):
    def body(i, loss):
        loss, grads = jax.value_and_grad(lambda p: loss_fn(nnx.merge(gdef, p, rest), x, y))(
            nnx.state(member.model, nnx.Param))
        member.optimizer.update(member.model, grads)
        return loss

    gdef, _, rest = nnx.split(member.model, nnx.Param, ...)
    return lax.fori_loop(0, n_steps, body, jnp.zeros(()))


def main():
    x = jax.random.normal(jax.random.key(0), (32, 2))
    y = jnp.sin(x[:, :1]) + x[:, 1:] ** 2
    population = [make_member(s, lr) for s, lr in enumerate([1e-3, 1e-2, 3e-2])]
    losses = [train_ready(m, x, y, 10) for m in population]
    best = int(jnp.argmin(jnp.stack(losses)))
    print("exploit member", best)
    return None
