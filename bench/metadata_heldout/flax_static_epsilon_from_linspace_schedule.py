# label: recompiles
# jax-error: none
# class: 2 epsilon-greedy policy keeps epsilon in struct.field(pytree_node=False), taken from a jnp.linspace schedule each step
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class EpsilonGreedy:
    q_values: jax.Array
    epsilon: float = struct.field(pytree_node=False)


@jax.jit
def select_action(policy, key):
    explore = jax.random.uniform(key) < policy.epsilon
    random_action = jax.random.randint(key, (), 0, policy.q_values.shape[0])
    return jnp.where(explore, random_action, jnp.argmax(policy.q_values))


def main():
    epsilons = jnp.linspace(1.0, 0.1, 4)
    key = jax.random.PRNGKey(0)
    for step in range(4):
        key, sub = jax.random.split(key)
        select_action(EpsilonGreedy(jnp.arange(3.0), epsilons[step]), sub)
