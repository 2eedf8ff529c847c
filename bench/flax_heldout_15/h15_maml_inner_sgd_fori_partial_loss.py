# label: ok
# flax-error: none
# class: 3 fori_loop inner-adaptation body calls a jax.grad of a functools.partial loss bound to model.apply
import functools

import jax
import jax.numpy as jnp
from flax import linen


class SineRegressor(linen.Module):
    @linen.compact
    def __call__(self, x):
        h = linen.relu(linen.Dense(40)(x))
        h = linen.relu(linen.Dense(40)(h))
        return linen.Dense(1)(h)


def mse(params, x, y, apply_fn):
    return jnp.mean((apply_fn(params, x) - y) ** 2)


def adapt(params, x, y, apply_fn, steps=5, lr=0.01):
    inner_grad = jax.grad(functools.partial(mse, apply_fn=apply_fn))

    def body(_, p):
        g = inner_grad(p, x, y)
        return jax.tree.map(lambda a, b: a - lr * b, p, g)

    return jax.lax.fori_loop(0, steps, body, params)


def meta_loss(params, task, apply_fn):
    (xs, ys), (xq, yq) = task
    adapted = adapt(params, xs, ys, apply_fn)
    return mse(adapted, xq, yq, apply_fn)


def main():
    model = SineRegressor()
    key = jax.random.key(0)
    xs = jax.random.uniform(key, (10, 1), minval=-5, maxval=5)
    xq = jax.random.uniform(jax.random.fold_in(key, 1), (10, 1), minval=-5, maxval=5)
    task = ((xs, jnp.sin(xs + 0.5)), (xq, jnp.sin(xq + 0.5)))
    params = model.init(jax.random.key(1), xs)
    meta_grads = jax.grad(meta_loss)(params, task, model.apply)
    params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, meta_grads)
    return None
