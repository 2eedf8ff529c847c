# label: ok
# flax-error: none
# class: 3 rollout() carries the key through lax.scan, splits it each step and passes the subkey to policy.apply(..., rngs={'explore': sub})
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class EpsGreedyPolicy(nn.Module):
    n_actions: int = 3
    epsilon: float = 0.3

    @nn.compact
    def __call__(self, obs):
        q = nn.Dense(self.n_actions)(nn.relu(nn.Dense(16)(obs)))
        key = self.make_rng("explore")
        k1, k2 = jax.random.split(key)
        u = jax.random.uniform(k1)
        random_action = jax.random.randint(k2, (), 0, self.n_actions)
        action = jnp.where(u < self.epsilon, random_action, jnp.argmax(q))
        return action, u


def env_step(obs, action):
    return jnp.roll(obs, 1) * 0.9 + 0.1 * action


def rollout(policy, params, key, obs0, horizon):
    def step(carry, _):
        obs, key = carry
        key, sub = jax.random.split(key)
        action, u = policy.apply(params, obs, rngs={"explore": sub})
        return (env_step(obs, action), key), u

    _, draws = scan(step, (obs0, key), None, length=horizon)
    return draws


def main():
    policy = EpsGreedyPolicy()
    obs0 = jnp.ones((4,))
    params = policy.init({"params": jax.random.PRNGKey(0), "explore": jax.random.PRNGKey(1)}, obs0)
    draws = rollout(policy, params, jax.random.PRNGKey(42), obs0, 8)
    return draws
