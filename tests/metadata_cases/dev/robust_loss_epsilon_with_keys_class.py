# label: recompiles
# jax-error: none
# class: 1 Huber loss registered with register_pytree_with_keys_class keeps a jnp.float32 delta in aux data; the delta is tuned per call
import jax
import jax.numpy as jnp
from jax import tree_util


@tree_util.register_pytree_with_keys_class
class HuberLoss:
    def __init__(self, weight, delta):
        self.weight = weight
        self.delta = delta

    def tree_flatten_with_keys(self):
        return ((tree_util.GetAttrKey("weight"), self.weight),), self.delta

    @classmethod
    def tree_unflatten(cls, delta, children):
        return cls(children[0], delta)


@jax.jit
def huber(loss, residual):
    small = 0.5 * residual ** 2
    large = loss.delta * (jnp.abs(residual) - 0.5 * loss.delta)
    return loss.weight * jnp.sum(jnp.where(jnp.abs(residual) < loss.delta, small, large))


def main():
    residual = jnp.linspace(-2.0, 2.0, 5)
    for delta in (0.5, 1.0, 1.5):
        huber(HuberLoss(jnp.float32(1.0), jnp.float32(delta)), residual)
