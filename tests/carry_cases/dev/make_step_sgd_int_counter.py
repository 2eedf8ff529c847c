# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 4 factory-built SGD step: the step counter (int32) advances by a float lr-scaled amount
import jax
import jax.numpy as jnp


def make_step(lr, loss_fn):
    def step(carry, batch):
        params, t = carry
        g = jax.grad(loss_fn)(params, batch)
        params = params - lr * g
        t = t + lr * 10
        return (params, t), loss_fn(params, batch)

    return step


def mse(p, batch):
    x, y = batch
    return jnp.mean((x @ p - y) ** 2)


def main():
    xs, ys = jnp.ones((5, 4, 2)), jnp.ones((5, 4))
    step = make_step(0.1, mse)
    (p, t), losses = jax.lax.scan(step, (jnp.zeros(2), jnp.int32(0)), (xs, ys))
    return losses
