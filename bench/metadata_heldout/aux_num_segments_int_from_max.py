# label: ok
# jax-error: none
# class: 1 segment ids are children; aux data holds int(ids.max()) + 1, the same for every batch
import jax
import jax.numpy as jnp


class Segmented:
    def __init__(self, values, ids, num_segments):
        self.values = values
        self.ids = ids
        self.num_segments = num_segments


def flatten_segmented(s):
    return (s.values, s.ids), s.num_segments


def unflatten_segmented(num_segments, children):
    return Segmented(*children, num_segments)


jax.tree_util.register_pytree_node(Segmented, flatten_segmented, unflatten_segmented)


def segment(values, ids):
    return Segmented(values, ids, int(ids.max()) + 1)


@jax.jit
def segment_means(s):
    totals = jax.ops.segment_sum(s.values, s.ids, num_segments=s.num_segments)
    counts = jax.ops.segment_sum(jnp.ones_like(s.values), s.ids, num_segments=s.num_segments)
    return totals / counts


def main():
    for ids in ([0, 0, 1, 2], [0, 1, 1, 2], [0, 1, 2, 2]):
        segment_means(segment(jnp.arange(4.0), jnp.array(ids)))
