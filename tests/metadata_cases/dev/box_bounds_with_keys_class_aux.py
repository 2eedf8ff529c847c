# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 box constraint registered with register_pytree_with_keys_class returns jnp.full bounds as aux data
from functools import partial

import jax
import jax.numpy as jnp
from jax.tree_util import GetAttrKey, register_pytree_with_keys_class


@register_pytree_with_keys_class
class BoxConstraint:
    def __init__(self, point, lower, upper):
        self.point = point
        self.lower = lower
        self.upper = upper

    def tree_flatten_with_keys(self):
        return ((GetAttrKey("point"), self.point),), (self.lower, self.upper)

    @classmethod
    def tree_unflatten(cls, bounds, children):
        return cls(children[0], *bounds)

    def project(self):
        return BoxConstraint(jnp.clip(self.point, self.lower, self.upper), self.lower, self.upper)


@partial(jax.jit, donate_argnums=())
def projected_step(box, grad, lr):
    return BoxConstraint(box.point - lr * grad, box.lower, box.upper).project()


def main():
    dim = 3
    for _ in range(3):
        box = BoxConstraint(jnp.zeros(dim), jnp.full((dim,), -1.0), jnp.full((dim,), 1.0))
        box = projected_step(box, jnp.ones(dim), 0.5)
