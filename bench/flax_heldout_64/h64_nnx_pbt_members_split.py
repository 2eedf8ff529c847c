# label: ok
# flax-error: none
# class: 5 a population member (model + optax state in a small dataclass) is trained with split params and optax state carried through jax.lax.fori_loop
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
    tx: optax.GradientTransformation
    lr: float


def make_member(seed, lr):
    model = Regressor(nnx.Rngs(seed))
    return Member(model, optax.sgd(lr), lr)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_ready(member, x, y, n_steps):
    gdef, params, rest = nnx.split(member.model, nnx.Param, ...)

    def body(i, carry):
        params, opt_state, _ = carry
        loss, grads = jax.value_and_grad(lambda p: loss_fn(nnx.merge(gdef, p, rest), x, y))(params)
        updates, opt_state = member.tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss

    params, _, loss = lax.fori_loop(0, n_steps, body, (params, member.tx.init(params), jnp.zeros(())))
    nnx.update(member.model, params)
    return loss


def main():
    x = jax.random.normal(jax.random.key(0), (32, 2))
    y = jnp.sin(x[:, :1]) + x[:, 1:] ** 2
    population = [make_member(s, lr) for s, lr in enumerate([1e-3, 1e-2, 3e-2])]
    losses = [train_ready(m, x, y, 10) for m in population]
    best = int(jnp.argmin(jnp.stack(losses)))
    print("exploit member", best)
    return None
