# label: ok
# flax-error: none
# class: 4 RL policy rollout that carries the RNG key and splits it every step
import flax.linen as nn
import jax
import jax.numpy as jnp


class Policy(nn.Module):
    actions: int = 3

    @nn.compact
    def __call__(self, obs):
        return nn.Dense(self.actions)(nn.tanh(nn.Dense(16)(obs)))


def rollout(params, obs0, key, horizon):
    policy = Policy()

    def step(carry, _):
        obs, key = carry
        key, sub = jax.random.split(key)
        action = jax.random.categorical(sub, policy.apply(params, obs))
        obs = obs + 0.1 * jax.nn.one_hot(action, obs.shape[-1])
        return (obs, key), action

    _, actions = jax.lax.scan(step, (obs0, key), None, length=horizon)
    return actions


def main():
    obs0 = jnp.zeros((16, 3))
    params = Policy().init(jax.random.PRNGKey(0), obs0)
    return rollout(params, obs0, jax.random.PRNGKey(1), 8)
