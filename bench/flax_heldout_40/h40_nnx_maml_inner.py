# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 a helper inner_adapt(model, ...) runs jax.lax.fori_loop whose body calls nnx.value_and_grad on the closed-over model and writes the SGD step back with nnx.update
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
    def body(i, last_loss):
        loss, grads = nnx.value_and_grad(mse)(model, support_x, support_y)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - inner_lr * g, params, grads))
        return loss

    return jax.lax.fori_loop(0, steps, body, jnp.zeros(()))


def main():
    key_x, key_w = jax.random.split(jax.random.key(0))
    support_x = jax.random.bernoulli(key_x, 0.2, (10, 64)).astype(jnp.float32)
    support_y = support_x @ jax.random.normal(key_w, (64,)) * 0.1
    meta_model = PropertyMLP(64, 32, rngs=nnx.Rngs(0))
    task_model = nnx.clone(meta_model)
    loss = inner_adapt(task_model, support_x, support_y)
    jax.block_until_ready(loss)
    return None
