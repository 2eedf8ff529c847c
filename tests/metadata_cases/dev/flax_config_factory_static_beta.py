# label: recompiles
# jax-error: none
# class: 2 factory function fills a flax.struct static field with jnp.array(beta); the caller sweeps beta
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class SoftmaxPolicy:
    logits: jax.Array
    inverse_temperature: float = struct.field(pytree_node=False)


def make_policy(logits, beta):
    return SoftmaxPolicy(logits=logits, inverse_temperature=jnp.array(beta))


@jax.jit
def action_probs(policy):
    return jax.nn.softmax(policy.inverse_temperature * policy.logits)


def main():
    logits = jnp.array([0.1, 0.5, 0.2])
    for beta in (0.5, 1.0, 2.0, 4.0):
        action_probs(make_policy(logits, beta))
