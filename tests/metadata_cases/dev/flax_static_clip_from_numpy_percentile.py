# label: recompiles
# jax-error: none
# class: 2 gradient clipper keeps np.percentile(norms, [95]) (a one-element numpy array) in a flax static field, recomputed per batch
import jax
import jax.numpy as jnp
import numpy as np
from flax import struct


@struct.dataclass
class AdaptiveClip:
    grads: jax.Array
    max_norm: np.ndarray = struct.field(pytree_node=False)


@jax.jit
def clip(c):
    norm = jnp.linalg.norm(c.grads)
    return c.grads * jnp.minimum(1.0, c.max_norm[0] / norm)


def main():
    history = np.abs(np.random.default_rng(0).normal(size=(4, 20)))
    for batch_norms in history:
        clip(AdaptiveClip(jnp.ones(3), np.percentile(batch_norms, [95])))
