# label: ok
# flax-error: none
# class: 4 dropout keys split before the inner loop and scanned over as xs next to the fast weights in the carry
"""MAML inner loop with jax.lax.scan; one dropout key per inner step,
split up front and passed as the scanned input."""
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
    dropout_keys = jax.random.split(jax.random.key(2), INNER_STEPS)

    def inner_step(fast, key):
        def loss_fn(p):
            pred, keep = model.apply({"params": p}, x_s, rngs={"dropout": key})
            return jnp.mean((pred - y_s) ** 2), keep

        (loss, keep), g = jax.value_and_grad(loss_fn, has_aux=True)(fast)
        fast = jax.tree.map(lambda p, g: p - INNER_LR * g, fast, g)
        return fast, keep

    fast, masks = jax.lax.scan(inner_step, params, dropout_keys)
    return masks
