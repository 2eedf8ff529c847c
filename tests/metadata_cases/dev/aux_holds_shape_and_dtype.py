# label: ok
# jax-error: none
# class: 1 flattened parameter vector keeps the original shape and dtype (x.shape, x.dtype) in aux data
import jax
import jax.numpy as jnp


class FlatParams:
    def __init__(self, flat, shape, dtype):
        self.flat = flat
        self.shape = shape
        self.dtype = dtype

    @classmethod
    def from_array(cls, x):
        return cls(x.reshape(-1), x.shape, x.dtype)

    def unflat(self):
        return self.flat.reshape(self.shape).astype(self.dtype)


jax.tree_util.register_pytree_node(
    FlatParams,
    lambda p: ((p.flat,), (p.shape, p.dtype)),
    lambda aux, children: FlatParams(children[0], *aux),
)


@jax.jit
def scale(params):
    return FlatParams(params.flat * 2.0, params.shape, params.dtype)


def main():
    for seed in range(3):
        weights = jax.random.normal(jax.random.PRNGKey(seed), (2, 3))
        scale(FlatParams.from_array(weights)).unflat()
