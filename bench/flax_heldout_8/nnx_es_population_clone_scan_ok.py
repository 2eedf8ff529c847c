# label: ok
# flax-error: none
# class: 1 the inline scan body clones the outside policy with nnx.clone and perturbs only the clone
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))


def fitness(policy, obs):
    return -jnp.sum((policy(obs) - 0.5) ** 2)


def main():
    policy = Policy(nnx.Rngs(0))
    obs = jnp.ones((8, 4))
    keys = jax.random.split(jax.random.key(11), 10)

    def evaluate_member(total, key):
        member = nnx.clone(policy)
        kernel = member.l2.kernel
        kernel.value = kernel.value + 0.02 * jax.random.normal(key, kernel.value.shape)
        f = fitness(member, obs)
        return total + f, f

    _, scores = jax.lax.scan(evaluate_member, 0.0, keys)
    print(scores)
    return None
