# label: recompiles
# jax-error: none
# class: 1 register_pytree_with_keys_class layer keeps a one-element jnp.array([scale]) in aux data; the scale changes per call
import jax
import jax.numpy as jnp
import jax.tree_util as jtu


@jtu.register_pytree_with_keys_class
class ScaledLinear:
    def __init__(self, weight, scale):
        self.weight = weight
        self.scale = scale

    def tree_flatten_with_keys(self):
        return ((jtu.GetAttrKey("weight"), self.weight),), (self.scale,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], *aux)


@jax.jit
def forward(layer, x):
    return layer.scale[0] * (layer.weight @ x)


def main():
    weight = jnp.eye(3)
    for scale in (0.5, 1.0, 2.0, 4.0):
        forward(ScaledLinear(weight, jnp.array([scale])), jnp.ones(3))
