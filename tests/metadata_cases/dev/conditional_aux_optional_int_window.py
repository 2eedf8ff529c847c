# label: ok
# jax-error: none
# class: 1 conditional-expression aux data holds an optional int window size
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class MovingAverage:
    def __init__(self, history, window=None):
        self.history = history
        self.window = window

    def tree_flatten(self):
        return (self.history,), ((self.window,) if self.window is not None else ())

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], *aux)


@jax.jit
def average(avg):
    values = avg.history if avg.window is None else avg.history[-avg.window:]
    return jnp.mean(values)


def main():
    for step in range(3):
        average(MovingAverage(jnp.arange(6.0) + step, window=3))
        average(MovingAverage(jnp.arange(6.0) + step))
