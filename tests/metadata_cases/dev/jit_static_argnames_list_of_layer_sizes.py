# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'list'>, [4, 2]. The error was:
# class: 3 jax.jit(..., static_argnames="layer_sizes") called with a list
import jax
import jax.numpy as jnp


def mlp_forward(params, x, layer_sizes):
    for w, size in zip(params, layer_sizes):
        x = jnp.tanh(x @ w)[..., :size]
    return x


forward = jax.jit(mlp_forward, static_argnames="layer_sizes")


def main():
    sizes = [4, 2]
    params = [jnp.ones((3, 4)), jnp.ones((4, 2))]
    for _ in range(3):
        forward(params, jnp.ones((5, 3)), layer_sizes=sizes)
