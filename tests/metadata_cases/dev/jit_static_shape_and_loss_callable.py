# label: ok
# jax-error: none
# class: 3 jax.jit static arguments given a loss function and an output shape read from x.shape
import jax
import jax.numpy as jnp


def squared_error(pred, target):
    return (pred - target) ** 2


def evaluate(loss_fn, out_shape, params, x, y):
    pred = (x @ params).reshape(out_shape)
    return jnp.mean(loss_fn(pred, y.reshape(out_shape)))


evaluate_jit = jax.jit(evaluate, static_argnums=(0, 1))


def main():
    params = jnp.ones((3, 1))
    for step in range(3):
        x = jnp.ones((4, 3)) * step
        y = jnp.zeros((4, 1))
        evaluate_jit(squared_error, y.shape, params, x, y)
