# label: ok
# flax-error: none
# class: 3 policy submodule reached through a lax.cond branch in the raw body, but called once before the loop so init creates its params outside
import jax
import jax.numpy as jnp
import flax.linen as nn


class Agent(nn.Module):
    n_actions: int = 4

    def setup(self):
        self.policy = nn.Dense(self.n_actions)

    def __call__(self, obs, eps, key, steps: int = 6):
        _ = self.policy(obs)  # creates the params during init, outside the loop

        def act_greedy(o, k):
            return jnp.argmax(self.policy(o))

        def act_random(o, k):
            return jax.random.randint(k, (), 0, self.n_actions)

        def body(carry, k):
            o = carry
            k1, k2 = jax.random.split(k)
            a = jax.lax.cond(jax.random.uniform(k1) < eps, act_random, act_greedy, o, k2)
            return jnp.roll(o, a), a

        _, actions = jax.lax.scan(body, obs, jax.random.split(key, steps))
        return actions


def main():
    agent = Agent()
    obs = jnp.arange(4.0)
    v = agent.init(jax.random.PRNGKey(0), obs, 0.1, jax.random.PRNGKey(1))
    v = jax.tree.map(lambda a: a + 0, v)
    actions = agent.apply(v, obs, 0.1, jax.random.PRNGKey(2))
    return None
