# label: ok
# flax-error: none
# class: 4 a helper inner_adapt(model, ...) splits the model, carries the Param state through jax.lax.fori_loop, differentiates nnx.merge inside the body and updates the model after the loop
"""MAML-style inner-loop adaptation of a molecular property regressor to a new assay
from a few labelled molecules (fingerprint inputs)."""
import jax
import jax.numpy as jnp
from flax import nnx


class PropertyMLP(nnx.Module):
    def __init__(self, n_bits: int, hidden: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_bits, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.l2(nnx.relu(self.l1(x)))))[..., 0]


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def inner_adapt(model, support_x, support_y, steps=5, inner_lr=0.05):
    graphdef, params, rest = nnx.split(model, nnx.Param, ...)

    def loss_fn(params):
        return mse(nnx.merge(graphdef, params, rest), support_x, support_y)

    def body(i, carry):
        params, _ = carry
        loss, grads = jax.value_and_grad(loss_fn)(params)
        return jax.tree.map(lambda p, g: p - inner_lr * g, params, grads), loss

    params, loss = jax.lax.fori_loop(0, steps, body, (params, jnp.zeros(())))
    nnx.update(model, params)
    return loss


def main():
    key_x, key_w = jax.random.split(jax.random.key(0))
    support_x = jax.random.bernoulli(key_x, 0.2, (10, 64)).astype(jnp.float32)
    support_y = support_x @ jax.random.normal(key_w, (64,)) * 0.1
    meta_model = PropertyMLP(64, 32, rngs=nnx.Rngs(0))
    task_model = nnx.clone(meta_model)
    loss = inner_adapt(task_model, support_x, support_y)
    jax.block_until_ready(loss)
    return None
