# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 4 functools.partial of a module-level step; the step's dict carry gains a "lr" key
import functools

import jax
import jax.numpy as jnp


def sgd_with_decay(state, grad, decay):
    lr = state["lr"] * decay if "lr" in state else 0.1
    return {"w": state["w"] - lr * grad, "lr": lr}, lr


def main():
    grads = jnp.ones((5, 3))
    body = functools.partial(sgd_with_decay, decay=0.9)
    state, lrs = jax.lax.scan(body, {"w": jnp.zeros(3)}, grads)
    return lrs
