# label: same-values
# flax-error: none
# class: 3 fast weights in the scan carry; the dropout rng is a single key closed over by the inner-loop body
"""MAML inner loop: a few SGD steps on the support set with jax.lax.scan.
The learner uses dropout; returns the dropout mask of each inner step."""
import jax
import jax.numpy as jnp
from flax import linen as nn

INNER_STEPS, INNER_LR = 4, 0.1


class Learner(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.relu(nn.Dense(16)(x))
        keep = nn.Dropout(0.5, deterministic=not train)(jnp.ones_like(h))
        h = h * keep
        return nn.Dense(1)(h), keep


def main():
    model = Learner()
    x_s = jax.random.normal(jax.random.key(0), (10, 2))
    y_s = jnp.sin(x_s[:, :1])
    params = model.init(jax.random.key(1), x_s, train=False)["params"]
    dropout_key = jax.random.key(2)

    def inner_step(fast, _):
        def loss_fn(p):
            pred, keep = model.apply({"params": p}, x_s, rngs={"dropout": dropout_key})
            return jnp.mean((pred - y_s) ** 2), keep

        (loss, keep), g = jax.value_and_grad(loss_fn, has_aux=True)(fast)
        fast = jax.tree.map(lambda p, g: p - INNER_LR * g, fast, g)
        return fast, keep

    fast, masks = jax.lax.scan(inner_step, params, None, length=INNER_STEPS)
    return masks
