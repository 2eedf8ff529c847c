# label: recompiles
# jax-error: none
# class: 1 beam state keeps the index of the best beam (jnp.argmax in a helper) in aux data
import jax
import jax.numpy as jnp


class Beams:
    def __init__(self, scores, best):
        self.scores = scores
        self.best = best


def flatten_beams(beams):
    return (beams.scores,), beams.best


def unflatten_beams(best, children):
    return Beams(children[0], best)


jax.tree_util.register_pytree_node(Beams, flatten_beams, unflatten_beams)


def rescore(scores):
    return Beams(scores, jnp.argmax(scores))


@jax.jit
def extend(beams, logits):
    return beams.scores + logits[beams.best]


def main():
    logits = jnp.arange(4.0)
    for shift in range(3):
        scores = jnp.roll(jnp.arange(4.0), shift)
        extend(rescore(scores), logits)
