# label: ok
# jax-error: none
# class: 3 padding length computed as int(jnp.max(lengths)) before it is given to a static argument
import jax
import jax.numpy as jnp


def pad_to(x, length):
    return jnp.pad(x, (0, length - x.shape[0]))


pad_to_jit = jax.jit(pad_to, static_argnames=["length"])


def main():
    lengths = jnp.array([3, 5, 4])
    max_length = int(jnp.max(lengths))
    for step in range(3):
        pad_to_jit(jnp.ones(3) * step, length=max_length)
