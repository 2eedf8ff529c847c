# label: same-values
# flax-error: none
# class: 3 a plain Agent's rollout makes one key before the scan and its body hands it to a `select` helper method that splits and draws from it; returns the per-step actions
import jax
import jax.numpy as jnp


class Agent:
    def __init__(self, epsilon):
        self.epsilon = epsilon

    def select(self, q, key):
        k_explore, k_action = jax.random.split(key)
        random_action = jax.random.randint(k_action, (), 0, q.shape[-1])
        return jnp.where(jax.random.uniform(k_explore) < self.epsilon, random_action, jnp.argmax(q))

    def rollout(self, qs, seed):
        key = jax.random.key(seed)
        def body(carry, q):
            t, = carry
            return (t + 1,), self.select(q, key)
        return jax.lax.scan(body, (0,), qs)[1]


def main():
    qs = jnp.tile(jnp.array([0.1, 0.5, 0.2, 0.3]), (8, 1))
    return Agent(epsilon=0.5).rollout(qs, 0)
