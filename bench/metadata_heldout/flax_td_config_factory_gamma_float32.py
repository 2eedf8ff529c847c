# label: recompiles
# jax-error: none
# class: 2 make_td_config() factory puts jnp.float32(gamma) into a flax PyTreeNode static field; a sweep tries several discounts
import jax
import jax.numpy as jnp
from flax import struct


class TDConfig(struct.PyTreeNode):
    rewards: jax.Array
    gamma: float = struct.field(pytree_node=False)


def make_td_config(rewards, gamma):
    return TDConfig(rewards=rewards, gamma=jnp.float32(gamma))


@jax.jit
def discounted_return(config):
    discounts = config.gamma ** jnp.arange(config.rewards.shape[0])
    return jnp.sum(discounts * config.rewards)


def main():
    rewards = jnp.ones(6)
    for gamma in (0.9, 0.95, 0.99, 0.999):
        discounted_return(make_td_config(rewards, gamma))
