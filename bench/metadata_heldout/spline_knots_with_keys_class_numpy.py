# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 spline registered with register_pytree_with_keys_class keeps np.linspace knots in aux data
import jax
import jax.numpy as jnp
import numpy as np
from jax.tree_util import GetAttrKey, register_pytree_with_keys_class


@register_pytree_with_keys_class
class LinearSpline:
    def __init__(self, values, knots):
        self.values = values
        self.knots = knots

    def tree_flatten_with_keys(self):
        return [(GetAttrKey("values"), self.values)], self.knots

    @classmethod
    def tree_unflatten(cls, knots, children):
        return cls(children[0], knots)

    def __call__(self, x):
        return jnp.interp(x, self.knots, self.values)


evaluate = jax.jit(lambda spline, x: spline(x))


def main():
    x = jnp.linspace(0.0, 1.0, 7)
    for _ in range(3):
        spline = LinearSpline(jnp.sin(jnp.arange(5.0)), np.linspace(0.0, 1.0, 5))
        evaluate(spline, x)
