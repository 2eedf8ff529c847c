# label: metadata-error
# jax-error: ValueError: The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()
# class: 1 Polyak averaging with jax.tree.map over online and target networks whose aux data holds a layer mask array
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class QNetwork:
    def __init__(self, weights, active_layers):
        self.weights = weights
        self.active_layers = active_layers

    def tree_flatten(self):
        return (self.weights,), self.active_layers

    @classmethod
    def tree_unflatten(cls, active_layers, children):
        return cls(children[0], active_layers)


def make_network(seed):
    return QNetwork(jax.random.normal(jax.random.PRNGKey(seed), (3, 3)), jnp.array([True, True, False]))


def main():
    online, target = make_network(0), make_network(1)
    for _ in range(3):
        target = jax.tree.map(lambda t, o: 0.99 * t + 0.01 * o, target, online)
