# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 optimizer wrapper annotates aux-data statistics chex.ArrayTree and returns a dict of arrays as aux data
import chex
import jax
import jax.numpy as jnp


class Preconditioned:
    def __init__(self, params: chex.ArrayTree, diagonal: chex.ArrayTree):
        self.params = params
        self.diagonal = diagonal


def flatten_preconditioned(p):
    return (p.params,), p.diagonal


def unflatten_preconditioned(diagonal, children):
    return Preconditioned(children[0], diagonal)


jax.tree_util.register_pytree_node(Preconditioned, flatten_preconditioned, unflatten_preconditioned)


@jax.jit
def precondition(p, grads):
    return jax.tree.map(lambda g, d: g / d, grads, p.diagonal)


def main():
    grads = {"w": jnp.ones(3), "b": jnp.ones(1)}
    for _ in range(3):
        diagonal = {"w": jnp.full((3,), 2.0), "b": jnp.full((1,), 2.0)}
        precondition(Preconditioned(grads, diagonal), grads)
