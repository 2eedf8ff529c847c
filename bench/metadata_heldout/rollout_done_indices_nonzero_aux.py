# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 rollout buffer registered with lambdas keeps episode boundaries (jnp.nonzero of the done flags) in aux data
import jax
import jax.numpy as jnp


class Rollout:
    def __init__(self, rewards, boundaries):
        self.rewards = rewards
        self.boundaries = boundaries


jax.tree_util.register_pytree_node(
    Rollout,
    lambda r: ((r.rewards,), r.boundaries),
    lambda boundaries, children: Rollout(children[0], boundaries),
)


def collect(rewards, dones):
    (boundaries,) = jnp.nonzero(dones)
    return Rollout(rewards, boundaries)


@jax.jit
def returns_at_boundaries(rollout):
    return jnp.cumsum(rollout.rewards)[rollout.boundaries]


def main():
    dones = jnp.array([0, 1, 0, 0, 1, 1])
    for step in range(3):
        returns_at_boundaries(collect(jnp.ones(6) * step, dones))
