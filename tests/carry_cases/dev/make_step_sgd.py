# label: ok
# jax-error: none
# class: 4 factory-built SGD step with an int32 step counter advanced by 1
import jax
import jax.numpy as jnp


def make_step(lr, loss_fn):
    def step(carry, batch):
        params, t = carry
        g = jax.grad(loss_fn)(params, batch)
        params = params - lr * g
        return (params, t + 1), loss_fn(params, batch)

    return step


def mse(p, batch):
    x, y = batch
    return jnp.mean((x @ p - y) ** 2)


def main():
    xs, ys = jnp.ones((5, 4, 2)), jnp.ones((5, 4))
    (p, t), losses = jax.lax.scan(make_step(0.1, mse), (jnp.zeros(2), jnp.int32(0)), (xs, ys))
    return losses
