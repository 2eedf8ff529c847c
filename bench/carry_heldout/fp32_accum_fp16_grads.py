# label: ok
# jax-error: none
# class: 1 float32 gradient accumulator summing float16 micro-batch gradients (promotes back to float32)
import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.sum((x @ w) ** 2)


def main():
    micro = jnp.ones((4, 2, 3), jnp.float16)
    w = jnp.ones(3, jnp.float16)

    def accumulate(acc, x):
        return acc + jax.grad(loss)(w, x), None

    acc, _ = jax.lax.scan(accumulate, jnp.zeros(3, jnp.float32), micro)
    return acc / 4
