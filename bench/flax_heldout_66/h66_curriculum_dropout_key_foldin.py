# label: ok
# flax-error: none
# class: 4 the dropout key is folded in with the step index that the raw scan feeds as xs
"""Curriculum-learning loop in jax.lax.scan; each step derives its dropout key with
jax.random.fold_in on the step number. Returns the dropout masks each step sees."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        mask = nn.Dropout(0.5, deterministic=not train)(jnp.ones((x.shape[0], 8)))
        h = nn.relu(nn.Dense(8)(x)) * mask
        return nn.Dense(1)(h), mask


def main():
    model = Net()
    x = jnp.ones((4, 3))
    params = model.init(jax.random.key(0), x, train=False)["params"]
    dropout_key = jax.random.key(42)
    difficulty = jnp.linspace(0.1, 1.0, 6)  # curriculum schedule

    def step(params, inp):
        i, level = inp
        key = jax.random.fold_in(dropout_key, i)

        def loss_fn(p):
            pred, mask = model.apply({"params": p}, x * level, train=True, rngs={"dropout": key})
            return jnp.mean(pred ** 2), mask
        grads, mask = jax.grad(loss_fn, has_aux=True)(params)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
        return params, mask

    params, masks = jax.lax.scan(step, params, (jnp.arange(6), difficulty))
    return masks
