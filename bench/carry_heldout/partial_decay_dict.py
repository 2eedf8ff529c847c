# label: ok
# jax-error: none
# class: 4 functools.partial of a module-level step over a dict carry that already holds "lr"
import functools

import jax
import jax.numpy as jnp


def sgd_with_decay(state, grad, decay):
    lr = state["lr"] * decay
    return {"w": state["w"] - lr * grad, "lr": lr}, lr


def main():
    grads = jnp.ones((5, 3))
    body = functools.partial(sgd_with_decay, decay=0.9)
    state, lrs = jax.lax.scan(body, {"w": jnp.zeros(3), "lr": jnp.float32(0.1)}, grads)
    return lrs
